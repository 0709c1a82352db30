"""The lines `cosmic play` (and `host`) print in the terminal around a game (where it is
set up, how to pick an unfinished one up again, the end's headline) break between words
at the terminal's width, a path whole on a row; piped, they stay one line each (the
journeys search them whole). Driven in a real 80-column terminal (tests/_tmux.py)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

COSMIC = Path(sys.executable).parent / "cosmic"


def _rows_hold_whole(screen: str, text: str) -> None:
    """Every word of `text` is on the screen as a whole word of one row: none is cut."""
    words = {w for row in screen.splitlines() for w in row.split()}
    cut = [w for w in text.split() if w not in words]
    assert not cut, (cut, screen)


def test_the_lines_around_a_quit_game_break_between_words(tmp_path: Path) -> None:
    short = Path(tempfile.mkdtemp(prefix="cosmic-end-"))  # (pytest's own is too long)
    try:
        _quit_in_a_terminal(tmp_path, short / "games" / "evening")
    finally:
        shutil.rmtree(short)


def _quit_in_a_terminal(tmp_path: Path, where: Path) -> None:
    """A game at `where` (a path that fits a row, but not a row and its words) quit."""
    from _tmux import Terminal

    journal = where / "seat-0.journal"
    play = [str(COSMIC), "play", "--plain", "--players", "2", "--seed", "end-lines",
            "--dir", str(where), "--patience", "5"]
    with Terminal(play, tmp_path, width=80, height=40) as term:
        term.wait_for("'help' or 'quit'", timeout=90)
        term.type("quit")
        term.type("quit")
        term.wait_for("[exit status 0]", timeout=60)
        screen = term.screen(history=True)
    assert len(f"Game left unfinished. Pick it up again with: cosmic resume {journal}") > 80
    _rows_hold_whole(screen, f"Setting up a networked game in {where} (keys, genesis, "
                             "card protocol; no aliens)...")
    rows = [row.strip() for row in screen.splitlines()]
    assert f"cosmic resume {journal}" in rows, screen  # the command to type, whole
    _rows_hold_whole(screen, f"Game left unfinished. Pick it up again with: cosmic "
                             f"resume {journal} The bots wait 5 s for you to come back; "
                             f"their journals and logs are in {where}.")


def test_the_journal_line_of_a_lan_game_breaks_between_words(tmp_path: Path) -> None:
    """`cosmic host`'s "Your journal: PATH (to pick it up again: `cosmic resume PATH`)",
    said as the game starts, in an 80-column terminal: the command to type again whole on
    a row."""
    import re
    import subprocess

    from _ports import free_port
    from _tmux import Terminal

    port = str(free_port())
    short = Path(tempfile.mkdtemp(prefix="cosmic-end-"))  # (pytest's own is too long)
    homes = [short / "a", short / "b"]  # a row holds the command
    for h in homes:
        h.mkdir()
    common = ["--bot", "--yes", "--plain", "--port", port, "--target", "127.255.255.255",
              "--timeout", "90"]
    env = {"COSMIC_HOME": str(homes[0]), "NO_COLOR": "1"}
    host = [str(COSMIC), "host", "--players", "2", "--max-turns", "1", "--name", "ann",
            *common]
    try:
        with Terminal(host, tmp_path, width=80, height=40, env=env) as term:
            join = subprocess.run([str(COSMIC), "join", "--game", "ann", "--name", "bob",
                                   *common], env={**term.env, "COSMIC_HOME": str(homes[1])},
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=240)
            assert join.returncode == 0, join.stdout[-2000:] + join.stderr[-2000:]
            term.wait_for("[exit status", timeout=120)
            screen = term.screen(history=True)
    finally:
        shutil.rmtree(short)
    journal = re.search(r"^Your journal: (\S+seat-0\.journal)$", screen, re.M)
    assert journal is not None, screen
    rows = [row.strip() for row in screen.splitlines()]
    assert f"`cosmic resume {journal.group(1)}`)" in rows, screen
    _rows_hold_whole(screen, f"A new player key was made in {homes[0] / 'key'} (readable "
                             "only by you).")
