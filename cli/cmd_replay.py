"""`cosmic replay JOURNAL [--to N] [--json] [--html OUT] [--key KEY]`: the public state of
a game from its journal.

The journal is verified as it is replayed (the same checks as `cosmic verify`, up to
record N). The state shown after N records includes the chance facts the card source
supplies right after record N, so it is the position the next record's author saw: its
public hash is that record's state hash. Exit status as for verify.

With --html OUT, the whole game is written as one web page instead (cli/html_replay.py).
The command's parser is cli/replay_args.py (building it imports nothing of this module).

In a terminal, without --to, --json or --plain, the game opens in a full-screen viewer
that steps through it record by record (cli/replay_app.py; its keys are in --help).

Chat shows as it was said; a tell (a message to one seat) shows as "(private)" unless
--key is the key file of its author or its recipient.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import deque
from pathlib import Path
from collections.abc import Callable
from typing import Any

from engine.game import Rules
from node.journal_file import read_key_file
from node.verify import read_journal_parallel
from protocol.envelope import Envelope
from protocol.errors import JournalError, LocalProtocolError, ProtocolError
from protocol.evidence import Finding
from protocol.game import GameVerifier, JournalVisitor, game_of, read_journal
from protocol.journal import parse_journal
from protocol.keys import SigningKey
from protocol.tell import CHAT_KINDS

from .game_ui import for_rules
from .options import UsageError
from .render import board_text, chat_text, describe_event, public_summary
from .replay_app import action_text, event_words, evidence_words, message_text, settle_chance


class Words:
    """A game's words for people: its board, its events and a summary (the map game's
    from cli/worlds_render.py, Cosmic's from cli/render.py)."""

    board: Callable[..., str]
    event: Callable[..., str]
    summary: Callable[..., dict[str, Any]]
    public: Callable[..., list[Any]]

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        if rules.NAME == "worlds":
            from . import worlds_render as w
            from engine.worlds.api import encode_public as worlds_public
            self.board, self.event, self.summary = w.board_text, w.describe_event, w.summary
            self.public = worlds_public
        else:
            from engine.cosmic.api import encode_public as cosmic_public
            self.board, self.event, self.summary = _board, describe_event, public_summary
            self.public = cosmic_public


def _board(s: Any) -> str:
    """Cosmic's board as the text replay prints it: no hand beside it, so its verdict
    ("Game over: nobody won (...)") on one line, broken at the terminal's width in a
    terminal (cli/rows.py to_terminal), whole on a pipe."""
    from .rows import to_terminal
    text = board_text(s, whole_verdict=True)
    if s.outcome is None:
        return text
    verdict, _, rest = text.partition("\n")
    return to_terminal(verdict) + "\n" + rest

__all__ = ["run", "ReplayVisitor", "replay_data", "replay_text"]

LAST = 8  # records shown with their events


class ReplayVisitor(JournalVisitor["ReplayVisitor"]):
    """Stops after `to` records; keeps the last records' actions and events."""

    def __init__(self, to: int | None = None, last: int = LAST,
                 key: SigningKey | None = None) -> None:
        self.to = to
        self.key = key  # reads the tells this key sent or received
        self.read = 0
        self.state: Any = None
        self.words: Words | None = None
        self.ui: Any = None  # the game's words for people (cli/game_ui.py)
        # (record, author, action, chat in words or None, events, the action in words)
        # (author None: an evidence record, said in verify's words)
        self.last: deque[tuple[int, int | None, Any, str | None, list[str], str]] = deque(
            maxlen=last)
        self._genesis: Any = None
        self._before: Any = None  # the position the next record's author saw
        self.good = 0  # records taken (a fault stops the replay after them)
        self.error: ProtocolError | None = None
        self.over = False

    def begin(self, genesis: Any, config: Any, state: Any) -> None:
        self._genesis = genesis
        self.state = self._before = state
        self.words = Words(game_of(genesis))
        self.ui = for_rules(self.words.rules)

    def stop(self, records: int) -> bool:
        self.read = records
        return self.to is not None and records >= self.to

    def visit_record(self, record: int, env: Envelope, action: Any,
                     verifier: GameVerifier) -> None:
        assert self.words is not None
        raw = list(verifier.events)
        # The chance facts that follow (a card dealt, a destiny drawn) are answered now,
        # as the viewer does: their events belong here, and the next record's author saw
        # the position after them.
        raw += settle_chance(verifier, record)
        s = verifier.state
        events: tuple[str, ...] = ()
        if env.kind in CHAT_KINDS:
            chat: str | None = chat_text(verifier.genesis, env, self.key)
            said = message_text(env.kind)
        else:
            chat = None
            said = message_text(env.kind) if action is None else action_text(
                self.ui, self._before, action)
            events = event_words(self.ui, s, raw, s.config.colors, env.author,
                                 None if action is None else said)
        self.last.append((record, env.author, action, chat, list(events), said))
        self._before = self.state = s
        self.good = record + 1

    def visit_evidence(self, finding: Finding) -> None:
        self.last.append((finding.record, None, None, None, [],
                          evidence_words(finding, self._genesis)))

    def upto(self, total: int) -> int:
        """How many records the position shown has taken: up to a fault, --to, or all."""
        return self.good if self.error is not None else total if self.to is None else self.to

    def handle_error(self, error: ProtocolError) -> None:
        self.error = error

    def shown_past(self) -> bool:
        """Did the reading show records from the one at fault on? (Read in parallel, a
        record's signature is checked after it is shown: one that fails must not be
        shown as its author's, nor anything after it.)"""
        record = getattr(self.error, "record", None)
        return record is not None and self.good > record

    def end(self, verdict: Any) -> None:
        self.state = verdict.state
        self.over = True

    def result(self) -> ReplayVisitor:
        return self


def _pending(rules: Rules, s: Any) -> dict[str, Any]:
    p = rules.pending(s)
    return {"phase": p.phase, "step": p.step, "seats": list(p.seats), "kinds": list(p.kinds),
            "over": p.over}


def replay_data(path: str, v: ReplayVisitor, total: int) -> dict[str, Any]:
    """The replayed position as JSON-able data."""
    s, words = v.state, v.words
    assert s is not None and words is not None
    rules = words.rules
    return {
        "path": path, "game": rules.NAME, "records": v.upto(total),
        "of": total, "public_hash": rules.public_hash(s).hex(), "public": words.public(s),
        "summary": words.summary(s), "pending": _pending(rules, s),
        "last": [{"record": r, "author": a, "action": None if act is None else act.format(),
                  "said": said, "chat": chat, "events": ev}
                 for r, a, act, chat, ev, said in v.last],
    }


def replay_text(path: str, v: ReplayVisitor, total: int) -> str:
    """The replayed position for people: the board, who acts, the last records."""
    s, words = v.state, v.words
    assert s is not None and words is not None
    rules = words.rules
    n = v.upto(total)
    colors = s.config.colors
    lines = [f"{path}: after {n} of {total} records (public hash "
             f"{rules.public_hash(s).hex()[:16]})"]
    p = rules.pending(s)
    if rules.NAME == "worlds":  # the map's board has no turn or verdict line (Cosmic's has)
        lines += v.ui.end_words(s) if p.over and s.outcome is not None else [
            f"Turn {s.turns}: {colors[s.active] if s.active >= 0 else '-'}"]
    lines.append(words.board(s))
    if not p.over:
        who = ", ".join(colors[x] for x in p.seats if 0 <= x < len(colors)) or "the cards"
        lines.append(f"waiting for {who}: {'/'.join(p.kinds)} ({p.phase}, {p.step})")
    if v.last:
        lines.append("last records:")
    for record, author, action, chat, events, said in v.last:
        text = said if action is not None else chat or said
        who = colors[author] if author is not None else "-"
        lines.append(f"  {record:>5} {who:>7}: {text}")
        lines += [f"          {e}" for e in events]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    path = str(args.journal)
    if getattr(args, "html", None) is not None and (args.to is not None or args.json
                                                    or args.plain):
        raise UsageError("--html writes the whole game; it takes no --to, --json or --plain "
                         "(open the page at a record with OUT.html#record=N)")
    if args.to is not None and args.to < 0:
        raise UsageError("--to must be 0 or more")
    try:
        data = args.journal.read_bytes()
    except OSError as exc:
        print(f"{path}: CANNOT READ: {exc.strerror or exc}", file=sys.stderr)
        return 2
    damage: JournalError | None = None
    try:
        contents = parse_journal(data)
    except JournalError as exc:
        if exc.index is None or not exc.offset:  # the header: there is no game to show
            from .cmd_campaign import is_campaign_file
            if is_campaign_file(args.journal):  # a series of games, not one game
                print(f"{path}: a campaign file, not a journal: `cosmic campaign show "
                      f"{path}` prints its standings, `cosmic verify {path}` checks its "
                      "games; replay each game's own journal", file=sys.stderr)
                return 2
            print(f"{path}: {exc}", file=sys.stderr)
            return 2 if exc.index is None and exc.offset == 0 else 1
        # Damage inside the file: the records before it are intact and still tell the game
        # up to there (the whole journal fails verification all the same).
        damage = exc
        contents = parse_journal(data[:exc.offset])
        print(f"{path}: {exc}; replaying the {len(contents.entries)} intact records "
              "before it", file=sys.stderr)
    total = len(contents.entries)
    if args.to is not None and args.to > total:
        intact = " intact" if damage is not None else ""
        print(f"{path}: --to {args.to}: the journal has {total}{intact} records",
              file=sys.stderr)
        return 2
    if contents.torn is not None:
        t = contents.torn
        print(f"{path}: warning: the last record is torn ({t.reason}) at byte {t.offset}; "
              f"replaying the {total} records before it", file=sys.stderr)
    key = None
    if args.key is not None:
        try:
            key = read_key_file(args.key)
        except (OSError, LocalProtocolError) as exc:
            print(f"cosmic replay: --key {args.key}: {getattr(exc, 'strerror', None) or exc}",
                  file=sys.stderr)
            return 2
        if contents.genesis.seat_of_key(key.public) is None:
            print(f"cosmic replay: warning: the key {args.key} holds no seat in this game; every "
                  "tell stays private", file=sys.stderr)
    if getattr(args, "html", None) is not None:
        return _html(path, args, contents, key, damage)
    if _interactive(args):
        return _view(path, contents, key, damage)
    v = read_journal_parallel(contents, ReplayVisitor(args.to, key=key))
    if v.shown_past():  # read again in order, each signature checked before its record
        v = read_journal(contents, ReplayVisitor(args.to, key=key))
    if v.state is not None and v.words is not None:  # up to a fault, too: as far as it holds
        if args.json:
            print(json.dumps(replay_data(path, v, total), sort_keys=True, default=str))
        else:
            print(replay_text(path, v, total))
    if v.error is not None:  # in verify's words (who is and is not to blame)
        from .cmd_verify import error_text
        code = 2 if isinstance(v.error, LocalProtocolError) else 1
        print(f"{path}: FAILED: {error_text(v.error, contents.genesis)}", file=sys.stderr)
        return code
    if damage is not None:  # shown as far as it is intact; the journal still fails
        print(f"{path}: FAILED: {damage}", file=sys.stderr)
        return 1
    return 0


def _html(path: str, args: argparse.Namespace, contents: Any,
          key: SigningKey | None, damage: JournalError | None = None) -> int:
    """Write the page; exit status as for verify's checks (an incomplete game is no fault:
    the page says how far it goes)."""
    from .html_replay import write_page

    out: Path = args.html
    if out.is_dir():
        print(f"cosmic replay: --html {out}: is a directory; name the page's file",
              file=sys.stderr)
        return 2
    if not out.absolute().parent.is_dir():  # said before the journal is verified
        print(f"cosmic replay: --html {out}: cannot write the page: no directory "
              f"{out.absolute().parent}", file=sys.stderr)
        return 2
    try:
        verdict, tl = write_page(contents, args.journal, out, key, damage)
    except OSError as exc:  # the reason, not the name of the page's temporary file
        print(f"cosmic replay: --html {out}: cannot write the page: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    size = out.stat().st_size
    print(f"{out}: the replay of {path} ({tl.last} of {tl.total} records, "
          f"{size // 1024} KiB); open it in a browser")
    opened = sum(1 for st in tl.steps if st.text.startswith("tells ")
                 and not st.text.partition(": ")[2].startswith("(private"))
    if opened:  # a page to share, with what --key read: said before it goes anywhere
        print(f"Mind: this page shows {opened} private tell{'s' * (opened > 1)} in the clear "
              f"(read with --key): share it only with the players of "
              f"{'those tells' if opened > 1 else 'that tell'}, or make it again without "
              "--key.")
    if tl.error is not None:
        print(f"{path}: FAILED: {tl.error}", file=sys.stderr)
        return 2 if isinstance(tl.error, LocalProtocolError) else 1
    return 0


def _interactive(args: argparse.Namespace) -> bool:
    """The viewer opens only in a terminal and when nothing else is asked."""
    return (args.to is None and not args.json and not getattr(args, "plain", False)
            and sys.stdout.isatty() and sys.stdin.isatty())


def _view(path: str, contents: Any, key: SigningKey | None,
          damage: JournalError | None = None) -> int:
    """Build every position (progress on stderr), then step through them."""
    import asyncio

    from .replay_app import ReplayApp, build_timeline, stderr_progress

    tl = build_timeline(contents, path, progress=stderr_progress(len(contents.entries)),
                        key=key)
    if tl.error is None and damage is not None:
        tl.error = damage
    asyncio.run(ReplayApp(tl).run())
    if tl.error is not None:
        print(f"{path}: FAILED: {tl.error}", file=sys.stderr)
        return 2 if isinstance(tl.error, LocalProtocolError) else 1
    return 0
