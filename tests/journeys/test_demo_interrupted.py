"""Ctrl-C on `cosmic demo` mid-game, at a terminal: one "interrupted" line that says the
nodes are stopped and how to check the game so far (each node process said
"interrupted" on its own, seven lines for six nodes, and nothing more), no node left
running, and the journals there verify as a game in progress. Closing the terminal
stops the nodes too."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal


def _nodes_of(game: Path) -> list[int]:
    """The processes whose command line names this game's folder."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if str(game).encode() in cmdline and b" node " in cmdline.replace(b"\0", b" "):
                found.append(int(entry))
    return found


def _gone(game: Path, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while _nodes_of(game) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not _nodes_of(game)


def test_ctrl_c_stops_the_demo_and_its_nodes_in_one_line(tmp_path: Path, home: Path) -> None:
    short = Path(tempfile.mkdtemp(prefix="dc", dir="/tmp"))  # a path that fits a row
    game = short / "g"
    demo = [str(COSMIC), "demo", "--players", "5", "--seed", "ctrl-c", "--dir", str(game)]
    try:
        with Terminal(demo, tmp_path, env=cosmic_env(home), width=100) as term:
            term.wait_for("turn 1:", timeout=90)
            term.press("C-c")
            term.wait_for(lambda s: "checks the game so far" in " ".join(
                r.strip() for r in s.splitlines()), timeout=30)  # wrapped where it fits
            time.sleep(1)  # anything a node would still say
            rows = [r for r in term.screen(history=True).splitlines() if r.strip()]
        said = "\n".join(rows)
        assert said.count("interrupted") == 1, said
        whole = said.replace("\n  ", " ")
        assert f"`cosmic verify --partial {game}/seat-0.journal`" in whole, said
        assert _gone(game), _nodes_of(game)
        checked = cosmic("verify", "--partial", str(game / "seat-0.journal"), home=home)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    finally:
        shutil.rmtree(short, ignore_errors=True)


def test_a_closed_terminal_stops_the_nodes(tmp_path: Path, home: Path) -> None:
    game = tmp_path / "g"
    demo = [str(COSMIC), "demo", "--players", "4", "--seed", "closed", "--dir", str(game)]
    with Terminal(demo, tmp_path, env=cosmic_env(home)) as term:
        term.wait_for("turn 0:", timeout=90)
        assert _nodes_of(game)
    assert _gone(game), _nodes_of(game)
