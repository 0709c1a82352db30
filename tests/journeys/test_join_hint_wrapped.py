"""`cosmic join` beside a game under way that you have a seat in, in an 80-column
terminal: the command that takes you back (`cosmic resume PATH`) is whole on a row of
its own, never broken inside the path."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal
from cli.cmd_demo import LOOPBACK_BROADCAST, free_udp_port, prepare
from protocol.genesis import Genesis

AS_A_TERMINAL = ["env", "-u", "COLUMNS", "-u", "LINES"]  # the terminal's own width


def test_the_resume_hint_is_whole_on_its_row(tmp_path: Path) -> None:
    home = Path(tempfile.mkdtemp(prefix="jh", dir="/tmp"))  # a path that fits a row
    gpath, keys = prepare(2, "under-way", tmp_path / "game")
    game_id = Genesis.decode(gpath.read_bytes()).game_id
    mine = home / "games" / game_id[:6].hex() / "seat-1.journal"  # our seat, left
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"")
    port = str(free_udp_port())
    # seat 0's node plays on, waiting for us: its beacons say a game is under way
    node = subprocess.Popen([str(COSMIC), "node", "--genesis", str(gpath), "--key",
                             str(keys[0]), "--seat", "0", "--journal",
                             str(tmp_path / "game" / "seat-0.journal"), "--discovery-port",
                             port, "--discovery-target", LOOPBACK_BROADCAST],
                            env=cosmic_env(home), stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with Terminal([*AS_A_TERMINAL, str(COSMIC), "join", "--port", port, "--target",
                       LOOPBACK_BROADCAST], tmp_path, width=80,
                      env={"COSMIC_HOME": str(home)}) as term:
            term.wait_for(lambda s: "[exit status" in s, timeout=60)
            rows = [r.rstrip() for r in term.screen(history=True).splitlines()]
    finally:
        node.kill()
        node.wait()
        shutil.rmtree(home, ignore_errors=True)
    assert "[exit status 1]" in rows, rows
    assert any(r.startswith("You have a seat in game") for r in rows), rows
    assert f"  cosmic resume {mine}" in rows, rows  # whole, on a row of its own
    assert all(len(r) < 80 for r in rows), rows
