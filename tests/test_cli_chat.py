"""Chat from the full-screen client in a networked game: `cosmic play` in a real terminal
(tmux), its bots real node processes on loopback. What the person types shows at once,
even while every peer is frozen, and ends up signed in every node's journal; a private
`tell` is there sealed, marked to whom, its text in no journal; the journals still
verify."""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from _tmux import Terminal
from node.verify import verify_journal
from protocol.envelope import CHAT_KINDS, open_envelope
from protocol.game import GAME_KINDS
from protocol.journal import parse_journal

T = TypeVar("T")
SENT = [(-1, "hello all"), (1, "psst, blue only")]  # (to: -1 everyone or a seat, text)
# What a journal shows of them: a tell's text is sealed (None here).
RECORDED = [(0, -1, "hello all"), (0, 1, None)]


def _chat(journal: Path) -> list[tuple[int, int, str | None]]:
    """(author, to, text) of every chat or tell envelope in a journal (a torn tail is
    ignored); None for a tell's text, which is sealed."""
    contents = parse_journal(journal.read_bytes())
    envelopes = [open_envelope(raw, contents.genesis, GAME_KINDS) for raw in contents.records]
    return [(e.author, e.body[0], e.body[1] if e.kind == "chat" else None)
            for e in envelopes if e.kind in CHAT_KINDS]


def _bots(game: Path) -> list[int]:
    """The process ids of the bot nodes of this game (started by `cosmic play`)."""
    pids = []
    for entry in os.listdir("/proc"):
        try:
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if entry.isdigit() and b"node" in cmd and str(game / "genesis.bin").encode() in cmd:
            pids.append(int(entry))
    return sorted(pids)


def _until(what: str, test: Callable[[], T], timeout: float = 30.0) -> T:
    """Poll test() until it gives something true; return that."""
    deadline = time.monotonic() + timeout
    while not (found := test()):
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)
    return found


def test_chat_shows_at_once_and_is_signed_into_every_journal(tmp_path: Path) -> None:
    game = tmp_path / "game"
    play = [sys.executable, "-m", "cli.main", "play", "--players", "3", "--seed", "chat",
            "--dir", str(game)]
    frozen: list[int] = []
    with Terminal(play, tmp_path, env={"COSMIC_HOME": str(tmp_path / "home")}) as term:
        try:
            term.wait_for("YOUR DECISION (", timeout=60)  # dealt: every peer is in
            bots = _until("two bot nodes", lambda: _bots(game))
            assert len(bots) == 2
            for pid in bots:  # the peers can do nothing now: no echo, no journal write
                os.kill(pid, signal.SIGSTOP)
                frozen.append(pid)

            term.type("say hello all")
            term.wait_for("[you] hello all", timeout=10)
            term.type("tell blue psst, blue only")
            term.wait_for("[you to blue] psst, blue only", timeout=10)
            term.type("tell purple hi")  # no such seat: refused, with the usage
            term.wait_for("tell COLOUR TEXT", timeout=10)
            assert _chat(game / "seat-0.journal") == RECORDED
            for seat in (1, 2):
                assert _chat(game / f"seat-{seat}.journal") == []

            for pid in frozen:
                os.kill(pid, signal.SIGCONT)
            frozen.clear()
            for seat in (1, 2):
                _until(f"the chat in seat {seat}'s journal",
                       lambda: len(_chat(game / f"seat-{seat}.journal")) == 2)

            term.type("quit")
            term.wait_for("Type 'quit' again")
            term.type("quit")
            term.wait_for(lambda s: term.exited() is not None)
            assert term.exited() == 0, term.screen(history=True)
        finally:
            for pid in frozen:  # a stopped process would not even die
                os.kill(pid, signal.SIGCONT)
            for pid in _bots(game):  # the game is left unfinished: its bots would wait
                os.kill(pid, signal.SIGTERM)  # for a resume (--patience); end them here

    for seat in range(3):
        journal = game / f"seat-{seat}.journal"
        assert _chat(journal) == RECORDED, seat
        assert b"psst, blue only" not in journal.read_bytes(), seat
        result = verify_journal(journal)
        assert result.error is None, (seat, result.error)
        assert result.verdict is not None and result.verdict.outcome is None  # unfinished
