"""A LAN game as the joiner sees it in an 80x24 terminal: the colour question is one
short row under the free colours (not wrapped in the middle of the list), the lobby's
long lines break between words; in the game the status line names the player it waits
for ("waiting for green (Alice; planning)"), and the joiner's own chat reads "[you]" on their
screen while the host's screen names the colour."""

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


def test_the_joiner_reads_the_lobby_and_whom_the_game_waits_for(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("alice", "bob")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LAN]
    # Alice hosts in plain text and never answers: the game comes to wait for her
    alice = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "Alice",
                              "--colour", "green", "--plain", "--yes", "--timeout", "60",
                              *lan],
                             env=cosmic_env(homes["alice"]), cwd=homes["alice"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    join = [str(COSMIC), "join", "--name", "bob", "--timeout", "60", *lan]
    try:
        hosting(alice)  # (join looks for two seconds)
        with Terminal(join, tmp_path, env=cosmic_env(homes["bob"]), width=80,
                      height=24) as bob:
            screen = bob.wait_for("Enter for any):", timeout=30)
            rows = screen.splitlines()
            asked = [i for i, row in enumerate(rows) if "Enter for any" in row]
            assert asked and rows[asked[0]].rstrip() == "Your colour (Enter for any):", screen
            assert re.fullmatch(r"Free colours: [a-z, ]+\.", rows[asked[0] - 1]), screen
            bob.type("")  # any colour
            screen = bob.wait_for("Play this game? [y/n]", timeout=30)
            said = screen[screen.index("Joining "):]
            # the lobby's long lines break between words, continued rows indented
            for row in said.splitlines()[1:]:
                if row.strip() and not row.startswith(("  ", "Every", "Play")):
                    raise AssertionError(f"a row broken mid-word?\n{screen}")
            bob.type("y")

            bob.wait_for(lambda s: DECISION in s or "waiting for" in s, timeout=60)
            bob.type("say hello Alice")
            bob.wait_for("[you] hello Alice", timeout=20)
            waited = ""
            for _ in range(40):  # play along until the game waits for Alice
                screen = bob.settled()
                line = status_line(screen)
                if "waiting for green" in line:
                    waited = line
                    break
                if DECISION in line:
                    decide(bob)
                time.sleep(0.3)
            assert re.search(r"waiting for green \(Alice; [a-z]+\)", waited), bob.screen()
            assert "Traceback" not in bob.screen(history=True)
    finally:
        alice.kill()
        out = alice.communicate(timeout=30)[0]
    assert re.search(r"\[(red|blue|yellow|purple|orange|black|white|brown|pink)\] "
                     r"hello Alice", out), out[-3000:]
    assert "[you] hello Alice" not in out
