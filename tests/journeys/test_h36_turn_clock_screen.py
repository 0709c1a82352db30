"""The turn clock on the full screen: a player who leaves a decision unanswered sees the
clock count down in the status line ("3 s to answer |", from its last minute on), is
warned in the log before it runs out, and then reads that their node played it for them.

Alice hosts with a bot; Bob joins in an 80x24 terminal with `--turn-seconds 4` and never
types a thing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic_env, hosting, lan_table
from _tmux import Terminal
from test_play_network import status_line


def test_the_status_counts_the_turn_clock_down_and_the_log_says_who_played(
        tmp_path: Path) -> None:
    homes, lan = lan_table(tmp_path, "alice", "bob")
    alice = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "Alice",
                              "--colour", "green", "--bot", "--plain", "--yes",
                              "--max-turns", "1", "--timeout", "60", *lan],
                             env=cosmic_env(homes["alice"]), cwd=homes["alice"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    join = [str(COSMIC), "join", "--name", "bob", "--colour", "red", "--yes", "--timeout",
            "60", "--turn-seconds", "4", "--answer-seconds", "30", *lan]
    try:
        hosting(alice)
        with Terminal(join, tmp_path, env=cosmic_env(homes["bob"]), width=80,
                      height=24) as bob:
            counting = bob.wait_for(
                lambda s: re.search(r" \d s to answer \|", status_line(s)) is not None,
                timeout=60)
            assert "YOUR DECISION" in status_line(counting), counting
            warned = bob.wait_for(lambda s: "s left to answer: then your node plays" in s,
                                  timeout=20)
            assert warned
            played = bob.wait_for(
                lambda s: "No answer in 4 s: your node played this decision" in s,
                timeout=20)
            assert played
    finally:
        alice.kill()
        alice.communicate(timeout=30)
