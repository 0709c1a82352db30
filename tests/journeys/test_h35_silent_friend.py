"""A friend who goes silent at a decision: nothing but a card window has a clock, so the
game waits for them as long as it takes, and the status now says for how long ("waiting
for green (Alice; launch) for 3 s"; after a minute, "for 2 min"). It looked the same
after a second as after an hour, and the others could not tell a slow friend from one
who had walked away with the game open.

Alice hosts in plain text and never answers; Bob joins in an 80x24 terminal (with
COSMIC_WAIT_SAID_S=2, the journeys' short time, where a player sees it after a minute)
and plays along until the game waits for Alice."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic_env, hosting
from _ports import free_port
from _tmux import Terminal
from test_play_network import DECISION, decide, status_line

LAN = "127.255.255.255"


def test_the_status_says_how_long_a_silent_player_has_taken(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("alice", "bob")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LAN]
    alice = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "Alice",
                              "--colour", "green", "--plain", "--yes", "--timeout", "60",
                              *lan],
                             env=cosmic_env(homes["alice"]), cwd=homes["alice"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    join = [str(COSMIC), "join", "--name", "bob", "--colour", "red", "--yes", "--timeout",
            "60", *lan]
    try:
        hosting(alice)
        with Terminal(join, tmp_path, env=cosmic_env(homes["bob"], COSMIC_WAIT_SAID_S="2"),
                      width=80, height=24) as bob:
            bob.wait_for(lambda s: DECISION in s or "waiting for" in s, timeout=60)
            waited = ""
            for _ in range(40):  # play along until the game waits for Alice
                screen = bob.settled()
                line = status_line(screen)
                if "waiting for green" in line:
                    waited = bob.wait_for(lambda s: " for " in status_line(s).partition(
                        ")")[2], timeout=20)
                    break
                if DECISION in line:
                    decide(bob)
                time.sleep(0.3)
            assert waited, bob.screen()
            line = status_line(waited)
            assert re.search(r"waiting for green \(Alice; [a-z ]+\) for \d+ s", line), line
    finally:
        alice.kill()
        alice.communicate(timeout=30)
