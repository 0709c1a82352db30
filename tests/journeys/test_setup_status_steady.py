"""A networked `cosmic play` at 80x24 while its game is set up: the status row gives one
account of the setup, "setting up: ..." naming the card protocol's step under way (the
keys, each deck's shuffle, each hand dealt), each step once and in order, and never
flips to "waiting for the card protocol" and back (the deals of the hands are in the
engine's "cards" phase, and the status followed the phase)."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal

# The setup's status: its step, then the card protocol's progress in it.
SETUP = re.compile(r"^ setting up: (.+?) \(card protocol \d+/\d+(, next from [a-z]+)?\)")


def test_setup_status_names_each_step_once_in_order(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--players", "3", "--seed", "steady-setup",
            "--dir", str(tmp_path / "game"), "--patience", "5"]
    seen: list[str] = []  # each status row that differs from the one before
    with Terminal(play, tmp_path, env=cosmic_env(home), width=80, height=24) as term:
        def settled(screen: str) -> bool:
            rows = [r for r in screen.splitlines() if r.startswith(
                (" setting up", " waiting for", " YOUR DECISION", " your decision"))]
            if rows and (not seen or seen[-1] != rows[-1]):
                seen.append(rows[-1])
            return bool(rows) and not rows[-1].startswith(" setting up")
        term.wait_for(settled, timeout=90)
        term.type("quit")
        term.type("quit")
        term.wait_for("[exit status 0]", timeout=60)
    setup = seen[:-1]  # the last: the first turn's status
    assert setup, seen
    steps: list[str] = []
    for row in setup:
        found = SETUP.match(row)
        assert found, (row, seen)  # one account, on one row, whatever the step
        if not steps or steps[-1] != found.group(1):
            steps.append(found.group(1))
    assert len(steps) == len(set(steps)), steps  # no step comes back
    order = ["registering the keys", "shuffling the cosmic deck",
             "shuffling the destiny deck", "dealing you 8 cards",
             "dealing blue 8 cards", "dealing yellow 8 cards", "drawing who plays first"]
    assert all(step in order for step in steps), steps
    assert steps == sorted(steps, key=order.index), steps
