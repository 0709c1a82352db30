"""A networked `cosmic play --aliens choose` at 80x24 while its aliens are dealt: the
status row says what the player meets, "setting up: offering you 2 aliens to choose
from", never "dealing you 2 cards" (nor "the flares deck": the player asked for aliens);
then the player keeps one of the two.

The steps of the card protocol pass too fast to be read, so the bots' nodes are paused
(SIGSTOP) to hold one: yellow while the flares are shuffled (its shuffle comes last),
then blue, and yellow goes on: the shuffle ends, and the deal that follows waits for
blue's card message, its status on the screen until blue goes on too."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

from _journey import COSMIC, cosmic_env, game_nodes
from _tmux import Terminal

# The status row (and the rows it wraps onto, indented), as one line.
STATUS = re.compile(r"^ ((?:setting up: |YOUR DECISION ).*(?:\n  +\S.*)*)$", re.M)


def _seat_node(folder: Path, seat: int) -> int:
    """The pid of the bot node playing `seat` of the game in `folder`."""
    for pid in game_nodes(folder):
        if f"seat-{seat}.journal" in Path(f"/proc/{pid}/cmdline").read_text():
            return pid
    raise AssertionError(f"no node of seat {seat} in {game_nodes(folder)}")


def test_the_aliens_to_choose_from_are_offered(tmp_path: Path, home: Path) -> None:
    folder = tmp_path / "game"
    play = [str(COSMIC), "play", "--players", "3", "--seed", "offered", "--aliens",
            "choose", "--dir", str(folder), "--patience", "30"]
    seen: list[str] = []  # each status row that differs from the one before
    stopped: list[int] = []

    def status(screen: str) -> str:
        rows = [" ".join(r.split()) for r in STATUS.findall(screen)]
        if rows and (not seen or seen[-1] != rows[-1]):
            seen.append(rows[-1])
        return rows[-1] if rows else ""

    with Terminal(play, tmp_path, env=cosmic_env(home), width=80, height=24) as term:
        try:
            term.wait_for(lambda s: "setting up: shuffling the" in status(s)
                          and "cosmic" not in status(s), timeout=90)
            blue, yellow = _seat_node(folder, 1), _seat_node(folder, 2)
            os.kill(yellow, signal.SIGSTOP)
            stopped.append(yellow)
            term.wait_for(lambda s: "next from yellow)" in status(s), timeout=30)
            os.kill(blue, signal.SIGSTOP)
            stopped.insert(0, blue)
            os.kill(yellow, signal.SIGCONT)
            stopped.remove(yellow)
            term.wait_for(lambda s: "next from blue)" in status(s)
                          and "shuffling" not in status(s), timeout=30)
            held = seen[-1]
            os.kill(blue, signal.SIGCONT)
            stopped.remove(blue)
            screen = term.wait_for(lambda s: status(s).startswith(
                "YOUR DECISION (setup: keep"), timeout=60)
            assert "Aliens dealt to you (keep one):" in screen, screen
            term.type("quit")
            term.type("quit")
            term.wait_for("[exit status 0]", timeout=60)
        finally:
            for pid in stopped:
                os.kill(pid, signal.SIGCONT)
            for pid in game_nodes(folder):  # (the bots: no waiting for the person)
                os.kill(pid, signal.SIGTERM)
    assert re.match(r"setting up: offering (you|blue|yellow) 2 aliens to choose from "
                    r"\(card protocol \d/2, next from blue\)", held), (held, seen)
    assert any(row.startswith("setting up: shuffling the aliens to deal (card protocol ")
               for row in seen), seen
    assert not [row for row in seen if "cards" in row or "flares" in row], seen
