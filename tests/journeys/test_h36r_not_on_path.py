"""The last lines name the program `cosmic` (`cosmic resume PATH`), and after `make play`
no `cosmic` is on PATH (it is .venv/bin/cosmic): a person who copied the line got
"command not found". When the `cosmic` on PATH is not this program, a last line says
where it is and how to put it on PATH; piped (a script), nothing is added.

`cosmic play --players 2 --plain` in a terminal whose PATH lacks the program's folder,
left at once with quit, quit."""

from __future__ import annotations

import os
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal


def test_a_program_off_path_says_where_it_is(tmp_path: Path, home: Path) -> None:
    dirs = os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
    path = os.pathsep.join(d for d in dirs if d and Path(d).resolve() != COSMIC.parent.resolve())
    env = cosmic_env(home, PATH=path)
    play = [str(COSMIC), "play", "--players", "2", "--plain"]
    with Terminal(play, tmp_path, env=env, width=200, height=40) as term:
        term.wait_for("YOUR DECISION", timeout=90)
        term.type("quit")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=60)
        screen = term.screen(history=True)
    assert "Pick it up again with: cosmic resume " in screen, screen
    assert (f"(`cosmic` is not on your PATH: type {COSMIC} instead, or first run "
            f"`. {COSMIC.parent / 'activate'}`.)") in screen, screen
