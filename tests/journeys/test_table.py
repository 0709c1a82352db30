"""The table as a Cosmic Encounter player reads it, at 80x24 with five seats: the aliens
on the board (and whether each power works), the encounter's running totals before any
card is shown, `info` in words, a power used through the prompt, and nothing cut."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal
from test_play_network import DECISION, EARLY, closest, decide, status_line


def test_aliens_totals_info_and_a_power_through_the_prompt(tmp_path: Path,
                                                           home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "5", "--seed", "table", "--aliens",
            "mind,?,?,?,?"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        screen = term.wait_for(DECISION, timeout=60)
        board = [line.split("|")[0].rstrip() for line in screen.splitlines()]
        assert any(re.match(r"red +\d+ +\d+ +\d+ .* mind\b", line) for line in board), screen
        assert " alien: - power lost, z zapped" in board
        assert all(len(line) <= 80 for line in screen.splitlines())

        term.type("info red")
        term.wait_for("You are the mind (green lamp: easy to play): Looks at a main player's "
                      "hand", timeout=10)
        term.type("info plague")
        term.wait_for("Plague: at any card window", timeout=10)

        used = totals = False
        for _ in range(80):  # play along until the Mind's power is offered, and use it
            screen = term.wait_for(DECISION, timeout=60)
            totals |= " so far: offense " in screen
            if "you use the mind power" in screen:  # chosen from the closest commands
                used = True
                break
            if "launch window" in status_line(screen):
                term.type("power x")  # not a command: the closest are the power's
                refused = term.wait_for(lambda s: closest(s) is not None
                                        or "Not your decision now" in s
                                        or EARLY in s, timeout=20)
                found = closest(refused)  # (read across the rows it was wrapped on)
                if found is None or not found.startswith("power 0"):
                    continue  # the screen was a moment old: the game had moved on
                term.type(found)
                term.wait_for(lambda s: "you use the mind power" in s
                              and "you look at" in s, timeout=40)
                used = True
                break
            decide(term)
        assert used, "the Mind's power was never offered"
        assert totals, "no running totals before the cards"
        term.type("quit")
        term.wait_for("Type 'quit' again")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=15)
        assert term.exited() == 0
