"""The last lines name the program `cosmic` (`cosmic resume PATH`), and after `make play`
no `cosmic` is on PATH (it is .venv/bin/cosmic): a person who copied the line got
"command not found". When the `cosmic` on PATH is not this program, a last line says
where it is and how to put it on PATH; piped (a script), nothing is added.

`.venv/bin/cosmic play --players 2 --plain` (as `make play` runs it, from the project's
folder) in a terminal whose PATH lacks the program's folder, left at once with quit,
quit; the command to put it on PATH stays whole on a row of 80 columns (it was broken
after its dot)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from _journey import COSMIC, cosmic_env, game_nodes
from _tmux import ROOT, Terminal


def test_a_program_off_path_says_where_it_is(tmp_path: Path, home: Path) -> None:
    dirs = os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
    path = os.pathsep.join(d for d in dirs if d and Path(d).resolve() != COSMIC.parent.resolve())
    env = cosmic_env(home, PATH=path)
    cosmic = os.path.relpath(COSMIC, ROOT)  # as `make play` runs it: .venv/bin/cosmic
    play = [cosmic, "play", "--players", "2", "--plain"]
    try:
        with Terminal(play, tmp_path, env=env, width=80, height=40) as term:
            term.wait_for("YOUR DECISION", timeout=90)
            term.type("quit")
            term.type("quit")
            term.wait_for(lambda s: term.exited() is not None, timeout=60)
            screen = term.screen(history=True)
    finally:  # the bot's node would wait ten minutes for the person
        for folder in (home / "games").glob("*"):
            for pid in game_nodes(folder):
                os.kill(pid, signal.SIGTERM)
    said = " ".join(screen[screen.index("Game left unfinished"):].split())
    assert "Pick it up again with: cosmic resume " in said, screen
    activate = f"`. {os.path.join(os.path.dirname(cosmic), 'activate')}`"
    assert (f"(`cosmic` is not on your PATH: type {cosmic} instead, or first run "
            f"{activate}.)") in said, screen  # (and at the row's end, kept whole:)
    assert any(activate in row for row in screen.splitlines()), screen
