"""`cosmic replay JOURNAL` in a terminal: step through a verified game, record by record.

How it works: the journal is read once through protocol.game.read_journal (every check of
`cosmic verify`), and a `Timeline` keeps the position after every record: position k is
the state after the first k records *with the card source's chance facts after record k
applied* - the same position `cosmic replay --to k` prints (the one the next record's
author saw). Engine states are values that share their tuples (hands, decks, claims), so a
few thousand positions cost little memory. A fault ends the timeline at the failing
record; the viewer shows what verified before it and names the record and the check.

Invariants: position 0 is the game as dealt; position k (1 <= k <= len(steps)) follows
step k-1, the record with index k-1 (a journal note is a step with no envelope); hidden
cards are shown only when the card source knows every face (local games, whose seed is
public, or network games after every seat's end-of-game key share). What the game is
changes only the words (cli/game_ui.py: board, events, actions, where encounters or
conflicts begin); the stepping is the same for Cosmic and the map game. A finished game's
verdict (who won, why) runs across the whole screen above the board, wrapped at the
terminal's width (`verdict_and_board`).

Keys (the viewer): Right/n or Enter next record, Left/p previous, PageDown/e next
encounter (the map game: conflict), PageUp/E previous one, Home/End first/last, `g N`
or `N` + Enter jump to position N, `/TEXT` + Enter the next record whose line or events
say TEXT (`/` alone: the next one again), h show every hand (after the reveal), ? help,
q or Ctrl-C quit.
The screen and the parsing of commands are plain functions (tested directly).
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import games
from protocol.envelope import Envelope
from protocol.errors import ProtocolError, RemoteProtocolError
from protocol.evidence import Finding
from protocol.game import GameVerifier, JournalVisitor, Verdict, game_of
from protocol.genesis import Genesis
from protocol.journal import JournalContents
from protocol.keys import SigningKey
from protocol.tell import CHAT_KINDS

from .game_ui import CosmicUI, WorldsUI, for_rules, headline
from .job_control import bind_suspend, redrawn_on_continue
from .render import chat_text
from .rows import GLUE

# The viewer's screen (ReplayApp) imports prompt_toolkit where it is built: `cosmic replay
# --json`, --html and verify's progress line use this module and none of it.
if TYPE_CHECKING:
    from prompt_toolkit.application import Application
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.layout.dimension import Dimension as D

__all__ = [
    "Step", "Timeline", "TimelineVisitor", "action_text", "evidence_words", "message_text",
    "build_timeline",
    "parse_command", "search", "side_text",
    "log_lines", "short_label", "status_text", "fault_text", "verdict_and_board", "ReplayApp",
    "HELP_TEXT",
]

HELP_TEXT = ("n/Right/Enter next, p/Left back, e/PgDn next encounter (or conflict), "
             "E/PgUp previous, Home/End, g N or N+Enter jump, /TEXT+Enter the next "
             "record that says TEXT (/ again: the next one), h hands, q quit")
_HIDDEN_EVENTS = ("shuffled", "delivered")  # bookkeeping with nothing to say


@dataclass(frozen=True, slots=True)
class Step:
    """One journal record as the viewer tells it."""

    record: int
    author: int | None  # None for a journal note
    kind: str  # the envelope kind ("action", "chat", "tell", a card message) or "note"
    text: str  # the action in command form, or what the record is
    events: tuple[str, ...]  # the record's events in words, then the chance facts after it


@dataclass
class Timeline:
    """Every verified position of one journal (see the module doc)."""

    path: str
    total: int  # records in the journal (envelopes and notes)
    colors: tuple[str, ...]
    mode: str = "local"
    states: list[Any] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    error: ProtocolError | None = None
    faces: Mapping[int, int] | None = None  # every handle's face, once revealed
    searched: str = ""  # the viewer's last `/TEXT`
    verdict: Verdict | None = None
    # the game's rules (Cosmic's until `begin` reads the genesis); its words: cli/game_ui.py
    rules: Any = field(default_factory=lambda: games.load("cosmic"))
    ui: CosmicUI | WorldsUI | None = None

    def words(self) -> CosmicUI | WorldsUI:
        if self.ui is None:
            self.ui = for_rules(self.rules)
        return self.ui

    @property
    def last(self) -> int:
        """The last position that can be shown."""
        return len(self.states) - 1

    @property
    def revealed(self) -> bool:
        return self.faces is not None

    def encounter_starts(self) -> list[int]:
        """Positions where a new encounter (Cosmic) or conflict (the map game) has begun."""
        return self.words().stage_starts(self.states)

    def next_encounter(self, k: int) -> int:
        return next((x for x in self.encounter_starts() if x > k), self.last)

    def previous_encounter(self, k: int) -> int:
        return max((x for x in self.encounter_starts() if x < k), default=0)


def settle_chance(verifier: GameVerifier, record: int) -> list[tuple[Any, ...]]:
    """Answer the chance facts after `record` now, as finish() would for `--to`; return
    their events. A network game may wait on card messages still to come: that is no
    fault (finish() accepts it too); the facts follow once those records are read."""
    before = verifier.state
    try:
        verifier.settle(record)
    except RemoteProtocolError as exc:
        if exc.check != "incomplete" or verifier.mode == "local":
            raise
    events: list[tuple[Any, ...]] = []
    s = before
    for fact in verifier.chance:  # replayed for their words only (apply is pure)
        s, ev = verifier.rules.apply(s, fact)
        events += ev
    return events


class TimelineVisitor(JournalVisitor[Timeline]):
    """Builds a Timeline; lenient (a fault ends the timeline and is kept)."""

    def __init__(self, timeline: Timeline,
                 progress: Callable[[int], None] | None = None,
                 key: SigningKey | None = None) -> None:
        self.tl = timeline
        self.progress = progress
        self.key = key  # reads the tells this key sent or received
        self._verifier: GameVerifier | None = None
        self._zero: GameVerifier | None = None

    def begin(self, genesis: Genesis, config: Any, state: Any) -> None:
        # Position 0 is the game as dealt: a verifier of its own answers the first facts.
        self._zero = GameVerifier(genesis)
        self.tl.mode = self._zero.mode
        self.tl.rules = game_of(genesis)
        self.tl.ui = for_rules(self.tl.rules)
        settle_chance(self._zero, 0)
        self.tl.states.append(self._zero.state)

    def stop(self, records: int) -> bool:
        if self.progress is not None:
            self.progress(records)
        return False

    def visit_record(self, record: int, env: Envelope, action: Any,
                     verifier: GameVerifier) -> None:
        self._verifier = verifier
        before = self.tl.states[-1]  # the position the record's author saw
        raw = list(verifier.events)
        raw += settle_chance(verifier, record)
        s = verifier.state
        self._notes(record)
        ui = self.tl.words()
        words: tuple[str, ...] = ()
        if action is not None:
            text = action_text(ui, before, action)
            words = event_words(ui, s, raw, self.tl.colors, env.author, text)
        elif env.kind in CHAT_KINDS:  # a tell stays "(private)" without its reader's key
            text = chat_text(verifier.genesis, env, self.key)[:160]
            words = ()
        else:
            text = message_text(env.kind)
            words = event_words(ui, s, raw, self.tl.colors, env.author, None)
        self.tl.steps.append(Step(record, env.author, env.kind, text, words))
        self.tl.states.append(s)

    def visit_evidence(self, finding: Finding) -> None:
        """An evidence record (an envelope this journal's node refused and kept): a step
        where nothing changes, saying what verify judges it proves."""
        self._notes(finding.record)
        genesis = self._zero.genesis if self._zero is not None else None
        self.tl.steps.append(Step(finding.record, None, "evidence",
                                  evidence_words(finding, genesis), ()))
        self.tl.states.append(self.tl.states[-1])

    def _notes(self, upto: int) -> None:
        """Journal notes before record `upto`: steps where nothing changes."""
        while len(self.tl.steps) < upto:
            k = len(self.tl.steps)
            self.tl.steps.append(Step(k, None, "note", "(a note)", ()))
            self.tl.states.append(self.tl.states[-1])

    def handle_error(self, error: ProtocolError) -> None:
        self.tl.error = error

    def end(self, verdict: Verdict) -> None:
        self.tl.verdict = verdict
        self._notes(self.tl.total)
        self.tl.states[-1] = verdict.state

    def result(self) -> Timeline:
        tl = self.tl
        record = getattr(tl.error, "record", None)
        if tl.error is not None and record is not None and tl.error.check != "audit":
            # With signatures checked aside, records past the fault may have been read.
            del tl.steps[record:]
            del tl.states[record + 1:]
        elif tl.error is not None and tl.states:
            self._notes(tl.total)  # an audit fault: every record verified but a claim
        source = (self._verifier or self._zero)
        if source is not None:
            try:
                tl.faces = source.source.audit_faces()
            except Exception:  # a broken game's cards: simply not revealed
                tl.faces = None
        return tl


# What each card-protocol message does (docs/card-protocol.md), for a person replaying.
CARD_WORDS = {
    "cards.key-commit": "commits to its card key",
    "cards.key": "shows its card key, with a proof",
    "cards.shuffle": "shuffles cards, with a proof",
    "cards.pick": "picks cards from a deck by position",
    "cards.remask": "re-masks cards, with proofs",
    "cards.shares": "sends its decryption shares, with a proof",
    "cards.open": "opens the cards it shows, with a proof",
    "cards.facedown": "commits to a face-down card",
    "cards.show": "shows cards to one other seat, sealed for it",
    "cards.beacon-commit": "commits to its part of a shared random draw",
    "cards.beacon-reveal": "reveals its part of a shared random draw",
    "cards.secret": "shares its card secret for the end-of-game audit",
    "cards.page": "commits to a hidden page",
    "cards.unveil": "unveils how many a hidden page holds",
}


def evidence_words(finding: Finding, genesis: Genesis | None) -> str:
    """An evidence record as the replay tells it: verify's words for it."""
    from .cmd_verify import evidence_text  # verify's own words (imported when met)
    return "evidence: " + evidence_text(finding, genesis)


def message_text(kind: str) -> str:
    """A record that is no action and no chat, as the replay tells it: a card-protocol
    message in words with its kind ("card protocol: ... (cards.shuffle)"), else its kind."""
    words = CARD_WORDS.get(kind)
    return f"card protocol: {words} ({kind})" if words else f"({kind})"


def action_text(ui: CosmicUI | WorldsUI, before: Any, action: Any) -> str:
    """An action as the replay tells it, from the position it was taken in: the game's
    words for it (cli/game_ui.py: action_words; Cosmic's in cli/action_words.py, an alien
    power's use and a flare's play among them, in the third person)."""
    return ui.action_words(before, action)


def event_words(ui: CosmicUI | WorldsUI, s: Any, raw: list[tuple[Any, ...]],
                colors: Sequence[str], author: int, said: str | None) -> tuple[str, ...]:
    """A record's events in words, bookkeeping left out; `said`, the record's action in
    words: an event that says just what the action's line says is not said twice
    ("yellow: brings a ship back ..." then "yellow brings a ship back ...")."""
    words = tuple(_words(ui, s, ev) for ev in raw if ev[0] not in _HIDDEN_EVENTS)
    line = f"{colors[author]} {said}" if said is not None and 0 <= author < len(
        colors) else None
    if line in words:
        at = words.index(line)
        words = words[:at] + words[at + 1:]
    return words


def _words(ui: CosmicUI | WorldsUI, s: Any, ev: tuple[Any, ...]) -> str:
    if ev[0] == "audit":
        return "end-of-game audit: " + ("every hidden claim held" if ev[1] else "a false claim")
    return ui.event_words(s, ev)


def build_timeline(contents: JournalContents, path: str, *,
                   progress: Callable[[int], None] | None = None,
                   parallel: bool | None = None, key: SigningKey | None = None) -> Timeline:
    """Verify and replay a parsed journal into a Timeline; never raises for its faults.
    Tells show as "(private)" unless `key` is their author's or recipient's."""
    from node.verify import read_journal_parallel  # the node layer reads files in parallel

    tl = Timeline(path, len(contents.entries), tuple(contents.genesis.seats[i].colour
                                                     for i in range(contents.genesis.n_seats)))
    try:
        return read_journal_parallel(contents, TimelineVisitor(tl, progress, key), parallel)
    except ProtocolError as exc:  # the genesis itself (the visitor is lenient otherwise)
        tl.error = exc
        return tl


def stderr_progress(total: int, stream: Any = None, end: str = "\n"
                    ) -> Callable[[int], None] | None:
    """A progress callback writing "verifying N records... P%" to stderr (long journals),
    in place; `end` is written after 100%."""
    out = stream or sys.stderr
    if total < 200:
        return None
    shown = [-1]

    def tick(n: int) -> None:
        pct = 100 * (n + 1) // total  # record n is being read
        if pct != shown[0]:
            shown[0] = pct
            out.write(f"\rverifying {total} records... {pct}%")
            if n >= total - 1:
                out.write(end)
            out.flush()
    return tick


# -- commands ----------------------------------------------------------------------------


def parse_command(text: str, k: int, tl: Timeline) -> int | str:
    """The position a command moves to, or a word for what else it asks ("quit",
    "hands", "help") or an "error: ..." message."""
    words = text.strip().split()
    if not words:
        return min(k + 1, tl.last)
    w = words[0]
    if w.startswith("/"):
        return search(tl, k, text.strip()[1:].strip())
    glued = re.fullmatch(r"(g|go|goto)(\d+)", w)  # `g500`, as `g 500`
    if glued and len(words) == 1:
        w, words = glued.group(1), [glued.group(1), glued.group(2)]
    if w in ("g", "go", "goto") and not (len(words) == 2 and words[1].isdigit()):
        return f"error: {w} takes a position: {w} N, N from 0 to {tl.last}"
    if w.isdigit() or w in ("g", "go", "goto"):
        n = int(words[-1])
        if n > tl.last:
            return (f"error: position {n} is past the last verified one ({tl.last})"
                    if tl.error is not None else f"error: the journal has {tl.last} records")
        return n
    moves: dict[str, Callable[[], int]] = {
        "n": lambda: min(k + 1, tl.last), "next": lambda: min(k + 1, tl.last),
        "p": lambda: max(k - 1, 0), "prev": lambda: max(k - 1, 0),
        "e": lambda: tl.next_encounter(k), "E": lambda: tl.previous_encounter(k),
        "start": lambda: 0, "home": lambda: 0, "end": lambda: tl.last,
    }
    if w in moves:
        return moves[w]()
    if w in ("q", "quit", "exit"):
        return "quit"
    if w in ("h", "hands"):
        return "hands"
    if w in ("?", "help"):
        return "help"
    return f"error: unknown command {w!r} ({HELP_TEXT})"


def search(tl: Timeline, k: int, text: str) -> int | str:
    """`/TEXT`: the first position after k whose record (its action or chat, or one of its
    events, as the log shows them) holds TEXT, ignoring case; past the end it goes on
    from the first record. `/` alone repeats the last search."""
    if not text:
        text = tl.searched
        if not text:
            return "error: / needs words to look for: /TEXT (e.g. /seeker)"
    tl.searched = text
    want = text.casefold()
    n = len(tl.steps)
    for i in range(n):
        at = (k + i) % n  # the step that leads to position at + 1
        st = tl.steps[at]
        if want in f"{_seat(tl, st.author)}: {st.text}".casefold() or any(
                want in e.casefold() for e in st.events):
            return at + 1
    return f"error: no record says {text!r}"


# -- the screen, as plain functions ------------------------------------------------------


def _seat(tl: Timeline, seat: int | None) -> str:
    return tl.colors[seat] if seat is not None and 0 <= seat < len(tl.colors) else "-"


def short_label(face: int | None) -> str:
    """A Cosmic card in a few letters, for hands in a narrow pane: A14, N, R+2, morph."""
    return CosmicUI(games.load("cosmic")).short_card(face)


def side_text(tl: Timeline, k: int, hands: bool, width: int = 32) -> str:
    """The right pane: where we are, who acts, the encounter; or, with `hands` (once
    revealed), every hand in short labels (A14 attack 14, N negotiate, R+2 reinforcement)
    wrapped to `width`. The map game: its conflict and the worlds each controls; its
    hands by the cards' spoken names ("force 7, Use the Force")."""
    s = tl.states[k]
    ui = tl.words()
    lines = [f"Record {k} of {tl.total}"]
    if hands and tl.faces is not None:
        lines.append(ui.HANDS_KEY)
        for seat in range(s.n):
            cards = [ui.short_card(tl.faces.get(h, s.faces.get(h))) for h in s.hands[seat]]
            # Cosmic's short labels are one word each (A14 N card-zap); the map game's
            # cards are said by their spoken names ("Use the Force"), between commas.
            # (each card's words glued, so that a row never parts them: "force" / "3")
            text = f"{_seat(tl, seat)}: " + ((" " if ui.COSMIC else ", ").join(
                c.replace(" ", GLUE) for c in cards) or "(none)")
            lines += [row.replace(GLUE, " ") for row in textwrap.wrap(
                text, max(12, width), subsequent_indent=" ", break_long_words=True)
                or [text]]
        return "\n".join(lines)
    if k > 0:
        st = tl.steps[k - 1]
        lines.append(f"#{st.record} {_seat(tl, st.author)}: {st.text}")
    lines.append(f"hash {tl.rules.public_hash(s).hex()[:16]}")
    p = tl.rules.pending(s)
    if not p.over:
        who = ", ".join(_seat(tl, x) for x in p.seats if x >= 0) or "the cards"
        lines.append(f"waiting: {who} ({'/'.join(p.kinds)})")
    lines += ui.side_lines(s)
    if hands:
        lines.append("hands: not revealed")
    # Wrapped here, between words (the pane would cut a word anywhere); a wrapped line
    # goes on indented.
    return "\n".join(part for line in lines for part in textwrap.wrap(
        line, max(12, width), subsequent_indent=" ", break_long_words=True) or [line])


def verdict_and_board(tl: Timeline, k: int) -> tuple[str, str]:
    """The board at position k as the viewer shows it, apart from a finished game's
    verdict (the winners and why the game ended: "" before the end), which the viewer
    sets across the whole screen, above the board and the side pane, wrapped at the
    terminal's width (never at the 46 columns of a board beside a hand). Cosmic's verdict
    is its board's first line, as `cosmic replay` prints it; the map game's board has
    none, its verdict is the headline its text replay ends with."""
    s = tl.states[k]
    ui = tl.words()
    board = ui.replay_board(s)
    if getattr(s, "outcome", None) is None:
        return "", board
    if ui.COSMIC:
        verdict, _, rest = board.partition("\n")
        return verdict, rest
    return headline(ui, s), board


def log_lines(tl: Timeline, k: int, height: int = 8) -> list[str]:
    """The records up to position k with their events, newest last; the current record's
    lines start with '>'."""
    out: list[str] = []
    first = k
    while first > 0 and len(out) < height:  # enough earlier records to fill the pane
        first -= 1
        out = _step_lines(tl, first, first == k - 1) + out
    if k == 0:
        out = ["(the game as dealt: no record yet)"]
    return out[-height:] if height > 0 else out


def _step_lines(tl: Timeline, i: int, current: bool) -> list[str]:
    st = tl.steps[i]
    mark = ">" if current else " "
    lines = [f"{mark}{st.record:>5} {_seat(tl, st.author):>7}: {st.text}"]
    lines += [f"{mark}        {e}" for e in st.events]
    return lines


def fault_text(tl: Timeline) -> str:
    """Which record and check failed, and what is shown instead; "" if none."""
    err = tl.error
    if err is None:
        return ""
    record = getattr(err, "record", None)
    if record is None:
        record = getattr(err, "index", None)  # damage in the journal's framing
    where = f"record {record}" if record is not None else "the journal"
    check = getattr(err, "check", "?")
    why = getattr(err, "message", None) or str(err)
    return (f"FAULT at {where} ({check} check): {why}. Shown: the {tl.last} "
            f"record(s) verified before it.")


def status_text(tl: Timeline, k: int, hands: bool, note: str = "") -> str:
    """The status line: file, position, hands and a note (or the keys)."""
    name = os.path.basename(tl.path)
    s = tl.states[k]
    if s.outcome is not None:
        where = "game over"
    else:
        where = f"turn {s.turns}"
    if hands and not tl.revealed:
        hand = " | hands: not revealed"
    else:
        hand = " | hands shown" if hands else ""
    tail = note or "?: keys"
    return f" {name} {k}/{tl.last} | {where}{hand} | {tail}"


# -- the application ---------------------------------------------------------------------


class ReplayApp:
    """The full-screen viewer of one Timeline."""

    def __init__(self, tl: Timeline, *, color: bool | None = None) -> None:
        self.tl = tl
        self.pos = tl.last if tl.error is not None else 0
        self.hands = False
        self.note = ""
        if color is None:
            color = not os.environ.get("NO_COLOR")
        self.color = color
        from .prompt_line import prompt_line

        self.input = prompt_line(self._accept)
        self.app = self._build()

    def _build(self) -> Application[Any]:
        from prompt_toolkit.application import Application
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.layout import HSplit, Layout, VSplit, Window
        from prompt_toolkit.layout.controls import FormattedTextControl
        from prompt_toolkit.layout.dimension import Dimension as D
        from prompt_toolkit.output.color_depth import ColorDepth
        from prompt_toolkit.styles import Style

        from .app import STYLE, FittedControl, wrap_at

        # A finished game's verdict across the screen, wrapped at its width; no row before.
        verdict = Window(FittedControl(self._verdict), wrap_lines=False,
                         height=self._verdict_height, style="class:alert")
        board = Window(FittedControl(self._board), wrap_lines=False,
                       height=self._board_height, width=self._board_width)
        side = Window(FittedControl(self._side), width=D(min=20, preferred=32),
                      wrap_lines=True)
        self.side_window = side
        # The board first (as tall as it is), then the log in what is left.
        log = Window(FittedControl(self._log), wrap_lines=False,
                     height=D(min=3, preferred=3))
        self.log_window = log
        fault = Window(FormattedTextControl(lambda: [("class:refused", fault_text(self.tl))]),
                       height=lambda: self._rows(fault_text(self.tl), 0), wrap_lines=True)
        status = Window(FittedControl(
            lambda width, height: [("class:status", "\n".join(wrap_at(
                status_text(self.tl, self.pos, self.hands, self.note), width)))]),
            height=lambda: self._rows(status_text(self.tl, self.pos, self.hands, self.note)),
            wrap_lines=False, style="class:status")  # the keys wrap, between words
        body = HSplit([verdict, VSplit([board, Window(width=1, char="|"), side]),
                       Window(height=1, char="-"), log, fault, status, self.input])
        kb = KeyBindings()
        empty = Condition(lambda: not self.input.text)

        def bind(keys: tuple[str, ...], command: str, when: Any = empty) -> None:
            for key in keys:
                kb.add(key, filter=when)(lambda event, c=command: self.command(c))

        bind(("right", "n"), "n")
        bind(("left", "p"), "p")
        bind(("e",), "e")
        bind(("E",), "E")
        bind(("pagedown",), "e", when=True)
        bind(("pageup",), "E", when=True)
        bind(("home",), "start")
        bind(("end",), "end")
        bind(("h",), "h")
        bind(("?",), "help")
        bind(("q",), "q")

        @kb.add("c-c")
        @kb.add("c-q")
        def _quit(event: Any) -> None:
            event.app.exit(result="quit")
        bind_suspend(kb)  # Ctrl-Z stops it, `fg` brings it back (cli/job_control.py)

        return Application(
            layout=Layout(body, focused_element=self.input), key_bindings=kb,
            style=STYLE if self.color else Style([]), full_screen=True, mouse_support=False,
            color_depth=None if self.color else ColorDepth.DEPTH_1_BIT)

    # -- acting ----------------------------------------------------------------------------

    def command(self, text: str) -> None:
        """Run one command (keys and the input line both come here)."""
        self.note = ""
        to = parse_command(text, self.pos, self.tl)
        if isinstance(to, int):
            if text.strip().startswith("/"):
                self.note = f"record {to - 1} says {self.tl.searched!r}" + (
                    " (went on from the first record)" if to <= self.pos else "")
            self.pos = to
            if self.pos == self.tl.last and text.strip() in ("n", "next", "") \
                    and self.tl.error is not None:
                self.note = "the fault ends the journal here"
        elif to == "quit":
            self.app.exit(result="quit")
        elif to == "hands":
            self.hands = not self.hands
            if not self.tl.revealed:
                self.note = "hands can't be shown: the game was not revealed"
                self.hands = False
        elif to == "help":
            self.note = HELP_TEXT
        else:
            self.note = to[len("error: "):]
        self.app.invalidate()

    def _accept(self, buff: Any) -> bool:
        self.command(buff.text)
        return False  # clear the line

    # -- rendering -------------------------------------------------------------------------

    def _verdict(self, width: int, height: int) -> StyleAndTextTuples:
        """A finished game's verdict, wrapped between words at the screen's width."""
        from .app import wrap_at

        said = verdict_and_board(self.tl, self.pos)[0]
        return [("", "\n".join(wrap_at(said, max(20, width))))] if said else []

    def _verdict_height(self) -> D:
        """As many rows as the verdict takes across the screen; none before the end."""
        from prompt_toolkit.layout.dimension import Dimension as D

        from .app import wrap_at

        said = verdict_and_board(self.tl, self.pos)[0]
        width = max(20, self.app.output.get_size().columns)
        return D.exact(len(wrap_at(said, width)) if said else 0)

    def _board(self, width: int, height: int) -> StyleAndTextTuples:
        """The board, a line longer than the pane wrapped between words (continued rows
        indented), each player's line in its colour."""
        from .app import wrap_at

        s = self.tl.states[self.pos]
        out: StyleAndTextTuples = []
        for line in verdict_and_board(self.tl, self.pos)[1].splitlines():
            style = ""
            for c in s.config.colors:
                if self.color and line.strip().startswith((c + " ", c + ":")):
                    style = f"class:{c}"
            rows = wrap_at(line, max(20, width)) if len(line) > width else [line]
            out += [(style, row + "\n") for row in rows]
        return out

    def _board_height(self) -> D:
        """The board is as tall as its lines: Cosmic's at least 12 rows (so that the log
        does not move at every step of a small game), as many as a big one needs (ten
        seats and their colonies); the map game's as its lines (its map and players first,
        the long line of races last, so a short screen cuts that)."""
        from prompt_toolkit.layout.dimension import Dimension as D

        rows = verdict_and_board(self.tl, self.pos)[1].count("\n") + 2
        if self.tl.words().COSMIC:
            rows = max(12, rows - 1)
        return D(min=6, preferred=rows, max=rows)  # the log takes the rest, not blanks

    def _board_width(self) -> D:
        """The board at least as wide as its table rows (lines of up to 64 columns: the
        map game's map is 54) where the screen allows it, the side pane keeping 20
        columns, so that no row of the map or the table wraps at 80; longer lines are
        prose, wrapped. What is left is shared as before."""
        from prompt_toolkit.layout.dimension import Dimension as D

        board = verdict_and_board(self.tl, self.pos)[1]
        rows = max((len(line) for line in board.splitlines() if len(line) <= 64),
                   default=20)
        columns = self.app.output.get_size().columns
        least = max(20, min(rows, columns - 21))  # the bar and the side's least
        return D(min=least, preferred=least)

    def _side(self, width: int, height: int) -> StyleAndTextTuples:
        """The side pane, wrapped between words at the width its window has now (the
        board's width changes with the position, and so the pane's)."""
        return [("", side_text(self.tl, self.pos, self.hands, width))]

    def _log(self, width: int, height: int) -> StyleAndTextTuples:
        """The log's newest lines, as many as its window shows now."""
        width = max(20, width)
        lines = [line if len(line) <= width else line[: width - 1] + "~"
                 for line in log_lines(self.tl, self.pos, height)]
        return [("", "\n".join(lines))]

    def _rows(self, text: str, least: int = 1) -> D:
        """As many rows as `text` takes across the screen (at most 3): no blank rows."""
        from prompt_toolkit.layout.dimension import Dimension as D

        width = max(20, self.app.output.get_size().columns)
        return D.exact(max(least, min(3, -(-len(text) // width))))

    async def run(self) -> str:
        with redrawn_on_continue(self.app):  # (after Ctrl-Z and fg, kill -STOP and -CONT)
            return str(await self.app.run_async() or "")
