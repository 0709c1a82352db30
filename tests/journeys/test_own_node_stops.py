"""`cosmic play` at 80x24 whose bots are killed (kill -9) once they have been there (their
keys registered): when the game waits for the bots (the person answers what is theirs
first), the person's node waits as long as its patience (`--patience`, the bots' own),
then stops, and the screen says so: why, and what to do (resume, verify), the status row
too; never a status frozen on a wait that will not end. 'quit' then leaves at once, exit
status 3 (the game cannot go on), stderr saying why. (The plain client says it through
the same loop: tests/test_cli_node_fails.py. Here it would cost nine seconds more, most
of them the mesh seeing the bots gone.)"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal
from test_play_network import DECISION, decide

STOPPED = "Your node has stopped"


def _bots(game: Path) -> list[int]:
    """The bots' processes of the game in `game` (their command line names its genesis)."""
    needle = f"--genesis {game / 'genesis.bin'}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if needle in cmd:
                found.append(int(entry))
    return found


def test_the_screen_says_when_the_own_node_gives_up(tmp_path: Path, home: Path) -> None:
    short = Path(tempfile.mkdtemp(prefix="c", dir="/tmp"))  # its paths fit a row of 80
    try:
        _play(short / "g", tmp_path, home)
    finally:
        shutil.rmtree(short, ignore_errors=True)


def _play(game: Path, tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--players", "3", "--seed", "own-node-stops",
            "--dir", str(game), "--patience", "2"]
    journal = game / "seat-0.journal"
    with Terminal(play, tmp_path, env=cosmic_env(home), width=80, height=24) as term:
        # every bot has been here once (the keys are registered) before it is killed
        term.wait_for(lambda s: "setting up: shuffling" in s or DECISION in s, timeout=90)
        bots = _bots(game)
        assert len(bots) == 2, bots
        for pid in bots:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while STOPPED not in (shown := term.screen()):
            assert time.monotonic() < deadline, shown
            if DECISION in shown:
                decide(term)  # the game waits for the person first: an answer
            time.sleep(0.1)
        flat = " ".join(row.strip() for row in shown.splitlines())
        assert "the game waited 2 s for" in flat, shown  # why
        assert f"cosmic resume {journal}" in flat, shown  # what to do
        assert f"cosmic verify {journal}" in flat, shown
        assert " YOUR NODE HAS STOPPED (the others are gone): see the log; 'quit' " \
               "leaves" in shown, shown
        term.type("quit")  # once: nothing is left to play
        said = term.wait_for(lambda s: "[exit status" in s, timeout=30)
    flat = " ".join(row.strip() for row in said.splitlines())
    assert "[exit status 3]" in said, said
    assert "cosmic: the game waited 2 s for" in flat, said
    assert f"Pick it up again with: cosmic resume {journal}" in flat, said
    assert "The bots wait" not in flat, said  # (they are gone: that is why it stopped)
