"""What a client of one seat does, whatever it draws on: the full-screen client
(cli/app.py) and plain text (cli/textplay.py) are two faces of this one loop.

Invariants:
- The log, the status line and the open decision always follow the session, never the
  person: a follower task ticks the node and drains its events every 0.1 s, whether or
  not the person is typing, so an event, a change of whom we wait for or a peer going
  away shows without a keypress.
- The decision the person answers is the one the game waits for now. When the game
  moves on while the person thinks (the node passed for them after a minute, a peer's
  move changed what is legal), the open question is withdrawn and asked afresh.
- Both faces accept the same lines: game commands (cli/commands.py; the map game's:
  cli/worlds_commands.py), `help` (or `?`), `say`/`tell`, `quit` (Cosmic also `stops`).
- The loop is the same for every game: what is the game's own (commands, words, board,
  hand) comes from `self.ui`, picked by the session's `rules.NAME` (cli/game_ui.py).
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine import cosmic as engine
from engine.cosmic.deal import agreement
from engine.cosmic.hidden import face_down_handle
from engine.cosmic.windows import RESPONSE_CARD, RESPONSE_POWER, WINDOWS

from engine import games
from engine.game import Rules

from .commands import TURN_UP_WORDS, examples, help_now
from .game_ui import for_rules, headline
from .info import discards, info, tech_words
from .render import board_legend, card_label, window_moment, window_words

__all__ = ["Session", "LocalSession", "NetworkSession", "SeatClient", "Stops"]

WINDOW_NAMES = (*WINDOWS, RESPONSE_CARD, RESPONSE_POWER)
FOLLOW_S = 0.1  # how often the follower ticks the node and refreshes what is shown
TURN_WARN_S = 30.0  # the turn clock's warning, this long before it runs out (half, at most)
TURN_SHOWN_S = 60.0  # the full screen's status counts the turn clock down from here
RECAP_LINES = 12  # the lines of its log before a resume that a seat is shown again
EARLY_S = 3.0  # a line refused this shortly before a question is mentioned with it
# A decision another seat has taken this long over is said with its time in the status,
# "waiting for blue (Carol; alliance) for 2 min": nothing but a card window has a clock,
# and a friend gone silent at one otherwise looked the same after a second or an hour.
# (COSMIC_WAIT_SAID_S: the journeys' shorter time, as node.runner's grace is theirs.)
WAIT_SAID_S = float(os.environ.get("COSMIC_WAIT_SAID_S", "60"))


def away_words(colors: tuple[str, ...] | list[str], away: list[int], left: list[int]) -> str:
    """The status line's note on peers not with us: those who quit on purpose ("red
    left (cosmic resume brings them back)") apart from those gone silent ("away: blue",
    maybe only slow); '' when every peer is here. Each part opens with '; '."""
    gone = [colors[x] for x in away if x in left]
    silent = [colors[x] for x in away if x not in left]
    return ("; " + ", ".join(gone) + " left (cosmic resume brings them back)"
            if gone else "") + (
        "; away: " + ", ".join(silent) if silent else "")


AWAY_MARKS = re.compile(r"(; [a-z, ]+ left \(cosmic resume brings them back\))?"
                        r"(; away: [a-z, ]+)?$")  # away_words' note, at a status's end


class Session(Protocol):
    """What a client needs from a game, local or networked."""

    @property
    def state(self) -> engine.GameState: ...

    @property
    def seat(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    def knowledge(self) -> engine.Knowledge: ...

    async def advance(self) -> list[tuple[Any, ...]]:
        """Let the game move on without this seat for a moment; return the events.
        Returns at once when this seat must decide or the game is over."""
        ...

    async def act(self, action: engine.Action) -> list[tuple[Any, ...]]:
        """Send this seat's action; raises engine.IllegalAction if refused."""
        ...


@dataclass
class LocalSession:
    """A local game: this seat is the person, the other controllers are bots."""

    game: Any  # node.local.LocalGame
    seat: int
    delay: float = 0.0  # seconds between bot moves, so a person can follow

    @property
    def state(self) -> engine.GameState:
        return self.game.state  # type: ignore[no-any-return]

    @property
    def rules(self) -> Rules:
        return self.game.rules  # type: ignore[no-any-return]

    def knowledge(self) -> engine.Knowledge:
        return self.game.source.knowledge[self.seat]  # type: ignore[no-any-return]

    async def advance(self) -> list[tuple[Any, ...]]:
        events: list[tuple[Any, ...]] = []
        while self.game.state.outcome is None:
            p = self.rules.pending(self.game.state)
            if p.chance is None and self.seat in p.seats[:1]:
                break
            events += self.game.step()
            if self.delay and p.chance is None:
                await asyncio.sleep(self.delay)
                return events  # one bot move at a time, shown as it happens
        return events

    async def act(self, action: engine.Action) -> list[tuple[Any, ...]]:
        return self.game.step(action)  # type: ignore[no-any-return]


class NetworkSession:
    """A seat of a networked game: the node runs in this process, ticked by the client's
    event loop; the other seats are peers on the mesh."""

    def __init__(self, runner: Any, patience_s: float = 0.0) -> None:  # node.runner.NodeRunner
        self.runner = runner
        self.seat: int = runner.seat
        self.failure = ""  # the node's own fault, if it raised one ("" : none)
        # How long the node waits for seats that are gone before it stops (0: for ever),
        # armed once every other seat has been here: bots still starting are not gone.
        self._patience = patience_s

    @property
    def state(self) -> engine.GameState:
        return self.runner.core.state  # type: ignore[no-any-return]

    @property
    def rules(self) -> Rules:
        return self.runner.core.rules  # type: ignore[no-any-return]

    def knowledge(self) -> engine.Knowledge:
        return self.runner.core.knowledge  # type: ignore[no-any-return]

    def drain(self) -> list[tuple[Any, ...]]:
        """Tick the node once; the events it produced since the last drain. A node that
        has stopped (`stopped`) is ticked no more; one that raises has stopped, its
        fault kept for the person to read, never a silent end of the task ticking it."""
        if not self.stopped():
            try:
                self._arm_patience()
                self.runner.tick(0)
            except Exception as exc:  # the node's own failure (its journal, its sockets)
                self.failure = f"{type(exc).__name__}: {exc}"
        events: list[tuple[Any, ...]] = self.runner.core.events
        self.runner.core.events = []
        return events

    def _arm_patience(self) -> None:
        """The node's patience, from the first moment every other seat is with us."""
        seats = len(self.runner.genesis.seats)
        if self._patience and not any(self.runner.absent(x) for x in range(seats)
                                      if x != self.seat):
            self.runner.opts.patience_s, self._patience = self._patience, 0.0

    def stopped(self) -> str:
        """Why this seat's node has stopped before the end of the game ("" while it
        runs): it gave up (a seat signed two histories; the seats it waited for were
        gone longer than its patience), or it failed."""
        return str(getattr(self.runner, "gave_up", "") or self.failure)

    def halted(self) -> bool:
        """Did the node stop because a seat signed two histories (the journal holds
        the proof; no resume makes that game go on)?"""
        return bool(self.runner.core.halted)

    def journal_path(self) -> str:
        return str(self.runner.journal.path)

    async def advance(self) -> list[tuple[Any, ...]]:
        events: list[tuple[Any, ...]] = []
        until = time.monotonic() + FOLLOW_S
        while True:
            events += self.drain()
            core = self.runner.core
            if core.my_turn() or core.done or events or time.monotonic() > until \
                    or self.stopped():
                return events  # a caller refreshes the status at least every FOLLOW_S
            await asyncio.sleep(0.01)

    def card_progress(self) -> tuple[int, int | None]:
        """Envelopes taken so far, and the seat whose card message comes next (or None)."""
        core = self.runner.core
        return len(core.record), core.cards.waiting_for()

    def card_step(self) -> tuple[str, int, int, int | None] | None:
        """The card protocol's operation under way: its name (keys, shuffle, deliver,
        ...), its messages taken and in all, and the seat whose message comes next; None
        when none is under way."""
        core = self.runner.core
        op = core.cards.cards.current
        if op is None:
            return None
        return str(op.name), int(op.pos), len(op.script), core.cards.waiting_for()

    async def act(self, action: engine.Action) -> list[tuple[Any, ...]]:
        self.runner.core.act(action)
        return self.drain()

    def finished(self) -> bool:
        return bool(self.runner.core.done)

    def deal_deadline(self) -> float | None:
        """The one-minute deal timer, when a deal is under way (both players see it)."""
        return self.runner.deal_deadline()  # type: ignore[no-any-return]

    def turn_deadline(self) -> float | None:
        """When the node plays the decision open now for the person (their turn clock,
        `--turn-seconds`), or None."""
        return self.runner.turn_deadline()  # type: ignore[no-any-return]

    def turn_seconds(self) -> float:
        """The person's turn clock (`--turn-seconds`; 0: none)."""
        return float(self.runner.opts.turn_s)

    def away(self) -> list[int]:
        return self.runner.away_seats()  # type: ignore[no-any-return]

    def left(self) -> list[int]:
        """Of the away seats, those whose player quit (their node said goodbye)."""
        return self.runner.left_seats()  # type: ignore[no-any-return]

    def say(self, text: str, to: int = -1) -> list[tuple[Any, ...]]:
        self.runner.core.say(text, to)
        return self.drain()

    def unkept(self) -> list[int]:
        """The seats whose refused lies went over the node's evidence cap (node/core.py:
        at most EVIDENCE_KEEP a seat in the journal, the rest only counted)."""
        over: list[int] = self.runner.core.evidence_over
        return [seat for seat, n in enumerate(over) if n]


@dataclass
class Stops:
    """The card windows where the person is asked (window names; "*" for every one).

    Whether you are asked never depends on your hand: a peer watching how fast your
    node answers learns nothing about what you hold (docs/security.md, timing). At a
    stop you are asked even with nothing to play; elsewhere your node passes for you,
    and the log says when you held something you could have played there.
    """

    rules: set[str] = field(default_factory=lambda: {"reveal"})

    def wants(self, window: str) -> bool:
        return "*" in self.rules or window in self.rules


# What the card source is asked for, in words for the status line (engine Chance kinds).
CHANCE_WORDS = {
    "shuffle": "a shuffle", "deliver": "cards dealt", "reveal": "cards turned up",
    "hand_shuffle": "a hand shuffled", "first_player": "who plays first",
    "new_alien": "an alien dealt", "show": "cards shown", "roll": "a die rolled",
    "unseen_add": "a token hidden", "unseen_open": "hidden tokens shown",
}


# The steps whose uses of a power the engine tells by no event (engine/cosmic/aliens:
# the Fate's arrangement emits one event when done, none for each card placed).
SILENT_USES = ("fate_arrange",)

# The card protocol's own operations, which no engine step asks for (cards.py begin_*).
CARD_OP_WORDS = {"keys": "registering the keys"}


def setup_step_words(chance: Any, colors: tuple[str, ...] | list[str], me: int,
                     destiny: tuple[int, ...] = (),
                     offered: tuple[tuple[int, ...], ...] | list[list[int]] = ()) -> str:
    """A chance step of Cosmic's setup as the status line names it ("shuffling the
    destiny deck", "dealing blue 8 cards"; the whole `destiny` deck opened to a seat,
    the Fate's look: "showing you the destiny deck").

    The flares dealt to choose aliens (`offered`: each seat's, engine.cosmic.flares
    "flare_hands") are said as what they are to the player: two aliens offered to choose
    from (rules 000, Setup, Choose Aliens), or one dealt face down (hidden powers, an
    alien at random), never "2 cards" as if they were a hand; the kept ones are the
    chosen aliens turned up."""
    kind = str(chance.kind)
    seat = getattr(chance, "seat", -1)
    whom = "you" if seat == me else colors[seat] if 0 <= seat < len(colors) else "?"
    n = len(getattr(chance, "handles", ()))
    if kind == "shuffle" and getattr(chance, "deck", "") == "flares":
        return "shuffling the aliens to deal"
    if kind == "shuffle":
        return f"shuffling the {getattr(chance, 'deck', '') or 'new'} deck"
    if kind == "deliver" and n and set(chance.handles) <= set(destiny):
        return f"showing {whom} the destiny deck"
    if kind == "deliver" and 0 <= seat < len(offered) and n \
            and tuple(chance.handles) == tuple(offered[seat]):
        its = "your" if whom == "you" else "its"
        return f"offering {whom} {n} aliens to choose from" if n > 1 \
            else f"dealing {whom} {its} alien face down"
    if kind == "deliver":
        return f"dealing {whom} {n} card{'s' if n != 1 else ''}"
    if kind == "new_alien":
        return f"dealing {whom} an alien"
    if kind == "reveal" and n and set(chance.handles) <= {h for hs in offered for h in hs}:
        return "turning the chosen aliens up"  # all together (rules 001, Advanced Setup)
    if kind == "reveal":
        return f"turning {n} card{'s' if n != 1 else ''} up"
    if kind == "first_player":
        return "drawing who plays first"
    return CHANCE_WORDS.get(kind, kind.replace("_", " "))


class SeatClient:
    """The game loop of one seat, for any face. A face overrides `invalidate` (redraw)
    and `ask` (a decision was opened), and calls `handle_line` with what was typed."""

    HELP_KEYS = ""  # what this face's keys do, for `help`

    def __init__(self, session: Session) -> None:
        self.session = session
        self.log: list[str] = []
        self.status = "starting..."
        self.refused = ""
        self.stops = Stops()
        self.table: dict[str, tuple[engine.Action, int | None]] = {}
        self.waiting: asyncio.Future[str | None] | None = None
        self._early: tuple[str, float] = ("", 0.0)  # a line typed before the question
        self._waited: tuple[tuple[int, int], float] = ((-1, -1), 0.0)  # (serial, seat), since
        self.asked_serial = -1  # the state serial the open question was asked at
        self._turn_warned = -1  # the serial whose turn clock's warning was said
        self._hinted: set[str] = set()  # windows whose "you could have played" was said
        self._explained_windows = False  # the first such note says what a window is
        self._explained_forced = False  # the first step passed for you is explained
        self._told_unkept: set[int] = set()  # seats whose lies over the cap were said
        self._quit_asked = False  # 'quit' once during a game: the next 'quit' leaves
        self.node_down = ""  # why this seat's node stopped before the end ("" : it runs)
        self.quit = False
        self.turn_up_queued = False  # hidden powers: turn up at the next question
        rules = getattr(session, "rules", None)
        self.rules: Rules = rules if rules is not None else games.load(games.DEFAULT)
        self.ui: Any = for_rules(self.rules)  # the game's commands, words and board

    # -- what a face provides ----------------------------------------------------------------

    def invalidate(self) -> None:
        """Something shown changed: redraw."""

    def ask(self) -> None:
        """A decision is open for the person (self.table holds its commands)."""

    def leave(self) -> None:
        """The person asked to leave (`quit`)."""
        self.quit = True

    # -- the log ---------------------------------------------------------------------------

    def say(self, line: str) -> None:
        self.log.append(line)
        self.invalidate()

    def recap(self, events: list[tuple[Any, ...]], journal: str) -> None:
        """A resumed seat: the last RECAP_LINES lines of its log from before it left (the
        events its node took again from its journal), so the chat and the last moves are
        there to read; the whole story is `cosmic replay`'s."""
        s, seat, kn = self.session.state, self.session.seat, self.session.knowledge()
        # (as told at the time: what only this seat was told, the Leech's borrowed cards,
        # kept though the end state has forgotten it; cli/game_ui.py `told`)
        lines: list[str] = self.ui.told(s, events, seat, kn, RECAP_LINES)
        if lines:
            self.log.append(f"Before you left (the whole game: cosmic replay {journal}):")
            self.log.extend("  " + line for line in lines)
            self.invalidate()

    def events(self, events: list[tuple[Any, ...]]) -> None:
        s, seat, kn = self.session.state, self.session.seat, self.session.knowledge()
        for ev in events:
            line = self.ui.log_line(s, ev, seat, kn)
            if line is not None:
                self.log.append(line)
        said = self._say_unkept()
        if events or said:
            self.invalidate()

    def _say_unkept(self) -> bool:
        """Once a seat, when its refused lies went over the evidence cap: the lies the log
        blamed it for are in the journal as evidence, its later ones are only counted
        (docs/playing.md; node/core.py's evidence_over). Said at the first events after
        the cap is passed: the blame for a lie past it may not be shown (a flood of one
        fault is blamed BLAME_KEEP times), the note always is."""
        unkept = getattr(self.session, "unkept", None)
        if unkept is None:  # a local game keeps no evidence
            return False
        from node.core import EVIDENCE_BYTES, EVIDENCE_KEEP
        colors = self.session.state.config.colors
        new = [k for k in unkept() if k not in self._told_unkept]
        for k in new:
            self._told_unkept.add(k)
            self.log.append(f"!! {colors[k]} went on breaking the protocol: its later "
                            f"refused messages are counted but no longer kept as evidence "
                            f"(your journal keeps at most {EVIDENCE_KEEP} a seat, "
                            f"{EVIDENCE_BYTES // 1024} KiB in all)")
        return bool(new)

    # -- lines typed -----------------------------------------------------------------------

    def handle_line(self, text: str) -> None:
        """One line the person typed: a command of the game or of the client."""
        text = text.strip()
        if not text:
            return
        self.refused = ""
        word = text.split()[0].lower()
        confirm, self._quit_asked = self._quit_asked, False
        if word in ("quit", "exit"):
            if confirm or self.over() or self.session.state.outcome is not None \
                    or self.node_down:  # (a stopped node: nothing is left to play)
                self.leave()
            else:
                self._quit_asked = True
                self.say("The game is not over. Type 'quit' again to leave it"
                         + (" (cosmic resume brings you back)."
                            if hasattr(self.session, "drain") else " (a local game ends)."))
        elif word in ("help", "?"):  # '?' asks for help too: never refused as a move
            self._help(text)
        elif word in ("say", "tell"):
            self._chat(text)
        elif not self.ui.COSMIC:
            self._game_line(text, word)
        elif word in ("stops", "stop", "unstop"):
            self._stops(text)
        elif word == "info":
            what = text.split(maxsplit=1)[1] if len(text.split()) > 1 else ""
            self.say(info(self.session.state, what, self.session.seat) if what else
                     "info NAME: an alien, artifact or flare (info oracle, info plague), "
                     "or a colour for that player's alien")
        elif word == "discards":
            self.say(discards(self.session.state))
        elif self.ui.normalise(text) in TURN_UP_WORDS and "turnup" not in self.table:
            self._queue_turn_up()
        elif self.ui.normalise(text) in TURN_UP_WORDS and self.waiting is not None \
                and not self.waiting.done():
            self.waiting.set_result("turnup")
        elif self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(text)
        elif self.over():
            self.refused = "The game is over: 'quit' leaves."

        else:
            self.refused = "Not your decision now: " + self.status
            self._early = (text, time.monotonic())
        self.invalidate()

    def hand_words(self) -> str:
        """The cards of this seat's hand, in one line ("no cards" when empty)."""
        s, kn = self.session.state, self.session.knowledge()
        return ", ".join(label.replace(" (face down)", "") if self.ui.COSMIC else label
                         for _, label in self.ui.hand(s, kn, set())) or "no cards"

    def command_words(self, cmd: str) -> str | None:
        """What a legal command does, in words, where its text alone does not say it (an
        alien power's use, an alien to choose: cli/power_words); None for the others."""
        entry = self.table.get(cmd)
        if entry is None or not self.ui.COSMIC:
            return None
        from .power_words import alien_words, use_words
        a = entry[0]
        if self.session.state.step()[0] == "seek":  # the Seeker asks: accept is yes
            return "answer yes" if cmd == "accept" else "answer no" if cmd == "decline" \
                else None
        if self.session.state.step()[0] == "gamble":  # the Gambler's statement
            return "believe it" if cmd == "accept" else "call the bluff" \
                if cmd == "decline" else None
        if isinstance(a, engine.KeepAlien):  # an alien to choose: what its power does
            return alien_words(cmd.split()[-1])
        if isinstance(a, (engine.KeepTech, engine.UseTech)):  # a tech: what it does
            return tech_words(cmd.split()[1])
        if isinstance(a, engine.Play) and a.args:  # a flare's play (its targets)
            from .power_words import flare_words
            return flare_words(self.session.state, self.session.seat, a.card, a.args)
        if not isinstance(a, engine.UsePower):
            return None
        return use_words(self.session.state, self.session.seat, a.option, a.args,
                         self.session.knowledge())

    def _help(self, text: str) -> None:
        parts = text.split()
        if len(parts) > 1 and parts[1] in self.ui.HELP:
            self.say(help_now(self.session.state, parts[1]) if self.ui.COSMIC else
                     self.ui.HELP[parts[1]])
            if parts[1] == "power" and self.ui.COSMIC:
                uses = [f"{cmd}: {self.command_words(cmd)}" for cmd in sorted(self.table)
                        if cmd.split()[0] == "power"]
                self.say("Now: " + "; ".join(uses) if uses else
                         "No use of your power is open now ('info COLOUR' tells your alien).")
            elif self.ui.COSMIC:  # the help's example is any game's: what you may type now
                now = examples(self.table, sorted(c for c in self.table
                                                  if c.split()[0] == parts[1]))
                if now:
                    self.say(f"You may type now: {', '.join(now[:6])}"
                             + (" ..." if len(now) > 6 else "") + ".")
            return
        if len(parts) > 1 and parts[1].lower() not in ("help", "quit", "stops", "stop",
                                                       "unstop", "board", "map", "hand", "all"):
            self.say(f"No command {parts[1]!r} to explain. The commands: "
                     + ", ".join(sorted(self.ui.HELP)) + ".")
        if not self.ui.COSMIC:
            self._game_help()
            return
        if self.over():
            self.say("The game is over: 'quit' leaves; 'info NAME', 'discards' and chat "
                     "still work.")
            return
        if len(parts) > 1 and parts[1].lower() == "board":
            self.say(board_legend(self.session.state, self.session.knowledge()))
            return
        legal = sorted({cmd.split()[0] for cmd in self.table})
        s = self.session.state
        self.say(f"You are {s.config.colors[self.session.seat]}. {self.ui.goal(s.config)} "
                 "'help board' explains the board.")
        self.say("Commands now: " + (", ".join(legal) or "none (waiting)") +
                 ". 'help COMMAND' explains one; " + self.HELP_KEYS + "'stops': where you "
                 "are asked; 'info NAME|COLOUR', 'discards'; 'quit' leaves.")

    def _game_help(self) -> None:
        """help (or ?) in a game other than Cosmic: every command legal now, in full
        (grouped by their first word when there are many), and how to learn more."""
        if self.over():
            self.say("The game is over: 'quit' leaves; 'info' and chat still work.")
            return
        cmds = sorted(self.table)
        if len(cmds) <= 40:
            legal = ", ".join(cmds)
        else:
            kinds: dict[str, int] = {}
            for c in cmds:
                kinds[c.split()[0]] = kinds.get(c.split()[0], 0) + 1
            legal = ", ".join(f"{k} ({n} ways)" if n > 1 else next(
                c for c in cmds if c.split()[0] == k) for k, n in kinds.items())
        self.say("Legal now: " + (legal or "nothing (not your decision)") +
                 ". 'help COMMAND' explains one (" + ", ".join(
                     k for k in self.ui.HELP if k not in ("say", "tell", "info")) +
                 "); " + self.HELP_KEYS + "'info RACE|WORLD'; 'say TEXT'; "
                 "'quit' leaves.")

    def _game_line(self, text: str, word: str) -> None:
        """A line of a game other than Cosmic that is not help, chat or quit: `info`, or
        a move (answering the open decision)."""
        if word == "info":
            what = text.split(maxsplit=1)[1] if len(text.split()) > 1 else ""
            info_of = getattr(self.ui, "info", None)
            self.say(info_of(what, self.session.state) if what and info_of is not None
                     else "info RACE or info WORLD, e.g. info tachyons, info C")
        elif word in ("stops", "stop", "unstop", "discards", "turnup"):
            self.refused = f"'{word}' is a Cosmic Encounter command; 'help' lists this " \
                "game's"
        elif self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(text)
        elif self.over():
            self.refused = "The game is over: 'quit' leaves."
        else:
            self.refused = "Not your decision now: " + self.status
            self._early = (text, time.monotonic())
        self.invalidate()

    def _stops(self, text: str) -> None:
        parts = text.lower().split()
        if parts[0] == "stops" or len(parts) < 2:
            rules = ", ".join(sorted(self.stops.rules)) or "none"
            self.say(f"Stops (card windows where you are asked): {rules}. 'stop destiny', "
                     "'unstop reveal', 'stop *' to be asked at every window. Windows: "
                     + ", ".join(WINDOW_NAMES) + ".")
            return
        names = parts[1:]
        unknown = [n for n in names if n != "*" and n not in WINDOW_NAMES]
        if unknown:
            self.refused = f"no window {', '.join(unknown)}; windows: " + ", ".join(WINDOW_NAMES)
            return
        for name in names:
            if parts[0] == "stop":
                self.stops.rules.add(name)
            else:
                self.stops.rules.discard(name)
        self.say(f"{parts[0]} {' '.join(names)}: done")

    def _chat(self, text: str) -> None:
        """say TEXT (to everyone) or tell COLOUR TEXT: signed chat, in every journal."""
        send: Callable[[str, int], list[tuple[Any, ...]]] | None = getattr(
            self.session, "say", None)
        if send is None:
            self.refused = "Chat needs other people: this is a game against bots."
            return
        parts = text.split(maxsplit=2 if text.split()[0].lower() == "tell" else 1)
        colors = self.session.state.config.colors
        to = -1
        if parts[0].lower() == "tell":
            if len(parts) < 3 or parts[1].lower() not in colors:
                self.refused = "tell COLOUR TEXT (COLOUR one of " + ", ".join(
                    c for i, c in enumerate(colors) if i != self.session.seat) + ")"
                return
            to, body = colors.index(parts[1].lower()), parts[2]
            if to == self.session.seat:
                self.refused = "tell COLOUR TEXT: that colour is you"
                return
        else:
            body = parts[1] if len(parts) > 1 else ""
        if not body:
            self.refused = "say TEXT"
            return
        try:
            self.events(send(body[:500], to) or [])
        except Exception as exc:  # a message the protocol refuses (e.g. control characters)
            self.refused = f"not sent: {exc}"

    # -- the game loop ---------------------------------------------------------------------

    def _queue_turn_up(self) -> None:
        """'turnup' typed while not asked (hidden powers): done at the next question."""
        s, seat = self.session.state, self.session.seat
        if face_down_handle(s, seat) < 0:
            self.refused = "you have no alien face down"
        else:
            self.turn_up_queued = True
            self.say("Your alien will be turned face up at your next question.")

    def auto_pass(self) -> engine.Action | None:
        """Pass for the person at a card window that is not one of their stops. The
        choice depends on the window's name alone, never on the hand. Hidden powers: a
        turn-up round is answered at once, turning up if the person queued it, else
        passing; a queued turn-up is made at any question. Other games: never (the
        person answers every question of theirs)."""
        if not self.ui.COSMIC:
            return None
        s = self.session.state
        actions = [a for a, _ in self.table.values()]
        turn_up = engine.TurnUp(self.session.seat)
        if turn_up in actions and self.turn_up_queued:
            self.turn_up_queued = False
            return turn_up
        if s.step()[0] == "turn_up":
            return next((a for a in actions if isinstance(a, engine.Pass)), None)
        if not actions or s.step()[0] != "window":
            return None
        passes = [a for a in actions if isinstance(a, engine.Pass)]
        if not passes or any(isinstance(a, (engine.UsePower, engine.UseTech)) for a in actions):
            return None  # a power or a completed tech (both public) to use: the person chooses
        window = s.step()[1]
        if self.stops.wants(window):
            return None
        plays = sorted({card_label(a.card) for a in actions if isinstance(a, engine.Play)})
        if plays and window not in self._hinted:
            self._hinted.add(window)
            cards = ", ".join(p.replace("_", " ") for p in plays)
            self.log.append(self.pass_words(window, cards))
        return passes[0]

    def pass_words(self, window: str, cards: str) -> str:
        """The note on a window passed for the person though a card of theirs could be
        played there; the first one says what a window is and how to be asked."""
        if self._explained_windows:
            return (f"(passed for you at the {window_words(window)}, where you could play "
                    f"{cards}: 'stop {window}' to be asked there)")
        self._explained_windows = True
        return (f"(A window is a moment of the turn when cards may be played. You are asked "
                f"only at your stops ('stops' lists them); elsewhere the game passes for you. "
                f"It passed at the {window_words(window)}, where you could play {cards}: "
                f"type 'stop {window}' to be asked there from now on.)")

    def over(self) -> bool:
        """The game is over and, networked, its end-of-game reveal and audit are done."""
        s = self.session.state
        finished = getattr(self.session, "finished", lambda: s.outcome is not None)
        return s.outcome is not None and bool(finished())

    async def run_game(self) -> None:
        """Follow the game to its end, asking the person whenever the decision is theirs.
        A fault of the client itself is shown on the screen, never a silent freeze."""
        try:
            await self._run_game()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.log.append(f"!! the client failed: {type(exc).__name__}: {exc}. Your node "
                            "and journal are safe: 'quit', then cosmic resume JOURNAL.")
            self._set_status(f"client error: {exc}")
            self.invalidate()
            raise

    def node_stopped(self) -> bool:
        """Has this seat's node stopped before the end of the game (networked: it gave
        up, or failed)? Said once, the first time it is seen: in the log, why and what
        to do (resume, verify), and in the status; an open question is withdrawn."""
        stopped: Callable[[], str] | None = getattr(self.session, "stopped", None)
        why = stopped() if stopped is not None else ""
        if not why:
            return False
        if self.node_down:
            return True
        self.node_down = why
        journal = getattr(self.session, "journal_path", lambda: "JOURNAL")()
        halted = getattr(self.session, "halted", lambda: False)()
        self.log.append(f"!! Your node has stopped: {why}")
        if halted:  # no resume makes it go on: the proof is what is left
            self.log.append(f"The proof is in your journal: cosmic verify {journal} "
                            "names the seat.")
        elif f"cosmic resume {journal}" in why:  # (the node's words say how to resume)
            self.log.append(f"Your journal keeps the game so far (cosmic verify {journal} "
                            "checks it).")
        else:
            self.log.append(f"Your journal keeps the game so far: cosmic resume {journal} "
                            f"goes on with it (cosmic verify {journal} checks it).")
        short = "a seat signed two histories" if halted else "it failed" if getattr(
            self.session, "failure", "") else "the others are gone"
        self.table = {}
        if self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(None)
        self._set_status(f"YOUR NODE HAS STOPPED ({short}): see the log; 'quit' leaves")
        self.invalidate()
        return True

    async def _run_game(self) -> None:
        while True:
            self.events(await self.session.advance())
            if self.node_stopped():
                return
            s = self.session.state
            if not self._my_decision() and s.outcome is None:
                # (the person's own decision gets its status below: "YOUR DECISION", or
                # none while the client answers it for them: a pass, a forced move, a
                # turn-up round; "waiting for you" before it only flickered past; a game
                # decided keeps its own status below, not "game over" between its looks)
                self._set_status(self.waiting_text())
            if s.outcome is not None:
                self.table = {}
                if not self.over():
                    # (not "game over": that is said once, when the audit is done)
                    self._set_status("the game is decided: its end-of-game reveal and "
                                     "audit are under way")
                    await asyncio.sleep(0.05)
                    continue
                self.refused = ""  # a refusal of the game under way answers nothing now
                for line in self.end_words():
                    self.log.append(line)
                said = headline(self.ui, s, self.session.seat).partition(": ")[2]
                self._set_status(f"game over: {said.rstrip('.')}; 'quit' leaves")
                self.invalidate()
                return
            seat = self.session.seat
            table = self.ui.table(s, seat, self.session.knowledge())
            mine = bool(table) and self._my_decision()
            self.table = table if mine else {}
            if not mine:
                self._set_status(self.waiting_text())
                await asyncio.sleep(0)  # let input and redraws run between polls
                continue
            auto = self.auto_pass()
            forced = {c: e for c, e in self.table.items() if c != "turnup"}
            if auto is None and len(forced) == 1 and s.step()[0] != "window":
                # a forced move: just make it (never at a window: there the person was
                # asked because it is a stop, whatever the hand holds); turning a
                # face-down alien up is only done when asked for ('turnup')
                (cmd, (auto, handle)), = forced.items()
                if self.rules.secret(auto) == "page":
                    pass  # only `conceal` is offered: the page stays as it is
                elif handle is not None or self.rules.secret(auto) == "commit":
                    self.session.knowledge().selected = handle
                self._say_forced(cmd, auto)
            if auto is not None:
                self.events(await self.session.act(auto))
                continue
            where = s.step()
            label = window_moment(str(where[1])) if where[0] == "window" else \
                self.ui.question_words(tuple(where), s, self.session.seat)
            gives = {len(getattr(a, "handles", ())) for a, _ in self.table.values()
                     if isinstance(a, engine.Give)}
            if len(gives) == 1:  # how many cards to hand over (a deal's, a power's)
                n = gives.pop()
                many = f"{n} card{'s' if n != 1 else ''}"
                label = f"give {many}" if where[0] == "give" else f"{label} {many}"
            kinds = sorted({cmd.split()[0] for cmd in self.table if cmd != "turnup"})
            more = " ..." if len(kinds) > 5 else ""  # what to type, the rest in 'help'
            phase = str(self.rules.pending(s).phase).replace("_", " ")  # (start_turn)
            self._set_status(f"YOUR DECISION ({phase}: {label}): "
                             + ", ".join(kinds[:5]) + more)
            self.asked_serial = s.serial
            # A refusal belongs to the decision it answered; but a line that came a
            # moment before this question must not vanish without a word.
            early, at = self._early
            self.refused = f"'{early}' came just before this question: type it again " \
                "if you meant it." if early and time.monotonic() - at < EARLY_S else ""
            self._early = ("", 0.0)
            self.ask()
            self.invalidate()
            await self._decide()

    def _say_forced(self, cmd: str, action: engine.Action) -> None:
        """A move the client makes because it is the only one. A step with nothing to
        choose (`proceed`: the turn goes on; a `pass` where passing is all there is;
        `reveal`: your card turned up, every encounter) is explained the first time and
        then passes quietly; a move that says what was chosen (a card, ships, a target)
        is told every time, as it was chosen for you, in the game's own way (ui
        forced_words: the map game's in words, never `discard force3,force13`)."""
        s = self.session.state
        colour = s.config.colors[self.session.seat]
        if cmd.split()[0] not in ("proceed", "pass", "reveal"):
            said = self.ui.forced_words(s, action, cmd, colour)
            self.log.append(f"(only one move was possible, made for you: {said})")
            return
        if self._explained_forced:
            return
        self._explained_forced = True
        if cmd.split()[0] == "reveal":  # the log's next line says which card it was
            self.log.append("(The game turned your card up: it was the only move open to "
                            "you. Steps like this pass by themselves from now on.)")
            return
        what = self.ui.action_sentence(s, action, self.session.seat)
        self.log.append(f"(The game took the only move open to you -- {what}. Steps "
                        "like this pass by themselves from now on.)")

    def end_words(self) -> list[str]:
        """The end of the game in words: who won and why, everyone's foreign colonies,
        and (networked) the journal and how to check it."""
        s = self.session.state
        assert s.outcome is not None
        lines: list[str] = self.ui.end_words(s, self.session.seat)
        runner = getattr(self.session, "runner", None)
        if runner is not None:
            path = runner.journal.path
            from .rows import journal_words
            lines.append(journal_words(path)[0])
        return lines

    def _my_decision(self) -> bool:
        core = getattr(getattr(self.session, "runner", None), "core", None)
        if core is not None:
            return bool(core.my_turn())
        p = self.rules.pending(self.session.state)
        return p.chance is None and self.session.seat in p.seats[:1]

    def _set_status(self, text: str) -> None:
        if text != self.status:
            self.status = text
            self.invalidate()

    def waiting_text(self) -> str:
        """Whom the game waits for now, and which peers have gone quiet."""
        s = self.session.state
        p = self.rules.pending(s)
        colors = s.config.colors
        if p.over:
            return "game over"
        if self.ui.COSMIC and s.turns == 0:  # before the first turn: one account of it
            return "setting up: " + self._setup_words(s, p) + self.away_marks()
        if p.chance is not None:
            progress = getattr(self.session, "card_progress", None)
            source = "card protocol" if progress is not None else "card source"
            kind = str(p.chance.kind)
            text = f"waiting for the {source} ({CHANCE_WORDS.get(kind, kind.replace('_', ' '))})"
            if progress is not None:  # networked: how far this step got, whose turn it is
                # (the step's own count, as the setup's "card protocol 3/8": the journal's
                # whole length, "311 messages", read as 311 still to come)
                step: Callable[[], tuple[str, int, int, int | None] | None] | None = \
                    getattr(self.session, "card_step", None)
                now = step() if step is not None else None
                awaited = now[3] if now is not None else progress()[1]
                nxt = "you" if awaited == self.session.seat else colors[awaited] \
                    if awaited is not None and 0 <= awaited < len(colors) else ""
                if now is not None:
                    text = text[:-1] + f"; {now[1]} of {now[2]} messages" + (
                        f", next from {nxt})" if nxt else ")")
                elif nxt:
                    text = text[:-1] + f"; next from {nxt})"
        else:
            text = self._whose_words(s, p)
        return text + self.away_marks()

    def _whose_words(self, s: engine.GameState, p: Any, what: str = "") -> str:
        """The seat whose decision the game waits for, in the status line's words, with
        `what` it is asked (the phase unless given)."""
        colors, what = s.config.colors, what or str(p.phase).replace("_", " ")  # start turn
        whose = [x for x in p.seats if 0 <= x < len(colors)]
        if whose[:1] == [self.session.seat] and not self._my_decision():
            return f"your decision is next ({what}); the card protocol is busy"
        me = self.session.seat
        name = self.player_name(whose[0]) if whose and whose[0] != me else ""
        return "waiting for " + (", ".join("you" if x == me else colors[x]
                                           for x in whose[:1]) or "?") + \
            (f" ({name}; {what})" if name else f" ({what})") + \
            (self._waited_words(s.serial, whose[0]) if whose and whose[0] != me else "")

    def _waited_words(self, serial: int, seat: int) -> str:
        """How long the game has waited for `seat` at this decision, once that is past
        WAIT_SAID_S (" for 2 min"; under a minute, " for 40 s"); "" before."""
        now = time.monotonic()
        if self._waited[0] != (serial, seat):
            self._waited = ((serial, seat), now)
        waited = now - self._waited[1]
        if waited < WAIT_SAID_S:
            return ""
        return f" for {int(waited // 60)} min" if waited >= 60 else f" for {int(waited)} s"

    def _setup_words(self, s: engine.GameState, p: Any) -> str:
        """What the setup of a Cosmic game is doing now, one step after another: the
        card protocol's operation under way (its keys first, then what the engine asked
        for: a deck shuffled, a hand dealt, ...) with its messages so far out of all and
        whose comes next; or the seat whose choice the setup waits for (an alien to
        keep). The whole setup says "setting up": its deals are in the engine's
        "cards" phase, and a status that followed the phase flipped back and forth."""
        colors, me = s.config.colors, self.session.seat
        if p.chance is None:  # a seat's own choice (which alien to keep)
            st = s.step()
            words = self.ui.question_words(tuple(st), s, me)
            return self._whose_words(s, p, words)
        step: Callable[[], tuple[str, int, int, int | None] | None] | None = getattr(
            self.session, "card_step", None)
        now = step() if step is not None else None
        if now is not None and now[0] in CARD_OP_WORDS:  # the protocol's own (its keys)
            words = CARD_OP_WORDS[now[0]]
        else:
            words = setup_step_words(p.chance, colors, me,
                                     tuple(getattr(s, "destiny_deck", ())),
                                     s.extra.get("flare_hands", ()))
        if now is None:
            return words
        _, done, total, awaited = now
        nxt = f", next from {colors[awaited]}" if awaited is not None and \
            0 <= awaited < len(colors) and awaited != me else \
            ", next from you" if awaited == me else ""
        return f"{words} (card protocol {done}/{total}{nxt})"

    def player_name(self, seat: int) -> str:
        """The name the player of `seat` gave the lobby, as the game's genesis holds it
        ("" where none is known: a local game; a name that is only the colour). The
        status line says it after the colour, "waiting for red (Alice; planning)"; a bot
        node's name, "bot-1", tells a bot from a person."""
        genesis = getattr(getattr(self.session, "runner", None), "genesis", None)
        seats = getattr(genesis, "seats", ())
        name = str(seats[seat].name)[:16] if 0 <= seat < len(seats) else ""  # (one row)
        return "" if name == self.session.state.config.colors[seat] else name

    def away_marks(self) -> str:
        """The peers not with us now, for the status line ('' when none)."""
        away: list[int] = getattr(self.session, "away", lambda: [])()
        left: list[int] = getattr(self.session, "left", lambda: [])()
        return away_words(self.session.state.config.colors, away, left)

    async def _decide(self) -> None:
        refused_line = ""
        while True:
            self.waiting = asyncio.get_running_loop().create_future()
            text = await self.waiting
            if text is None:
                # The game moved on without us: ask afresh. A refusal on screen answered
                # the question that is gone; the next one says so instead of wiping it.
                if self.refused and refused_line:
                    self._early = (refused_line, time.monotonic())
                return
            found = self.ui.lookup(self.table, text, self.session.state, self.session.seat)
            if isinstance(found, str):
                self.refused, refused_line = found, text.strip()
                self.invalidate()
                continue
            action, handle = found
            agreed = agreement(self.session.state, action) if self.ui.COSMIC else None
            if agreed is not None:
                action = agreed
                self.log.append("that is the standing proposal: you accept it")
            picked = next((c for c, e in self.table.items() if e == found), "")
            if picked and picked != self.ui.normalise(text):
                self.log.append(f"{text.strip()} means: {picked}")  # what a count chose
            kn = self.session.knowledge()
            page_before = None
            if self.rules.secret(action) == "page":
                if handle is not None:  # the new secret page the person wrote
                    page_before = self.rules.page(kn)
                    self.rules.set_page(kn, handle)
            elif handle is not None or self.rules.secret(action) == "commit":
                kn.selected = handle  # None: nothing face down
            # The Fate's placing of a destiny card is told by no event of the game's (its
            # arrangement is told once, when done): it is said to the Fate's own player,
            # naming the card they know ("your Fate puts destiny wild (now 9th from the
            # top) next"), before what follows it.
            own = self.ui.action_sentence(self.session.state, action, self.session.seat,
                                          kn) if self.ui.COSMIC and isinstance(
                action, engine.UsePower) and self.session.state.step()[0] in SILENT_USES \
                else ""
            lines = len(self.log)
            try:
                self.events(await self.session.act(action))
            except engine.IllegalAction as exc:
                if page_before is not None:
                    self.rules.set_page(kn, page_before)  # a refusal changes nothing
                self.refused = f"refused: {exc.reason}"
                self.invalidate()
                continue
            if own:
                self.log.insert(lines, own)
            self.table = {}
            self._set_status(self.waiting_text())
            self.invalidate()
            return

    def _warn_turn(self, deadline: float) -> None:
        """Said once a decision, when its turn clock has TURN_WARN_S left (half of it,
        for a shorter clock): the node is about to play it for the person."""
        left = deadline - time.monotonic()
        whole = getattr(self.session, "turn_seconds", lambda: 0.0)() or left
        if self._turn_warned == self.asked_serial or left > min(TURN_WARN_S, whole / 2):
            return
        self._turn_warned = self.asked_serial
        self.say(f"{max(1, round(left))} s left to answer: then your node plays this "
                 "decision for you, as the heuristic bot would.")

    def moved_on(self) -> bool:
        """The question open to the person is no longer the game's (a timer answered it,
        or another seat's move changed the state)."""
        return self.session.state.serial != self.asked_serial or not self._my_decision()

    async def follow(self) -> None:
        """Keep the node alive and the screen true while the person thinks: tick, show
        events and status, withdraw a question the game no longer asks."""
        drain = getattr(self.session, "drain", None)
        last_second = -1
        while True:
            await asyncio.sleep(FOLLOW_S)
            if self.node_stopped():
                continue  # said once (node_stopped); nothing more to follow
            asking = self.waiting is not None and not self.waiting.done()
            if drain is not None and (asking or self.over()):
                self.events(drain())  # after the end too: peers catch up from us
                if asking and self.moved_on():
                    assert self.waiting is not None
                    self.waiting.set_result(None)
                    continue
            if asking:
                self._set_status(AWAY_MARKS.sub("", self.status) + self.away_marks())
            deadline = getattr(self.session, "deal_deadline", lambda: None)()
            if deadline is not None and int(time.monotonic()) != last_second:
                last_second = int(time.monotonic())
                self.invalidate()  # the deal's countdown
            turn = getattr(self.session, "turn_deadline", lambda: None)() if asking else None
            if turn is not None:
                self._warn_turn(turn)
                if turn - time.monotonic() <= TURN_SHOWN_S and \
                        int(time.monotonic()) != last_second:
                    last_second = int(time.monotonic())
                    self.invalidate()  # the turn clock's countdown (full screen)
