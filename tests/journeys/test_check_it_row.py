"""The words that say how to check a journal, "(check it:", stay on the row of the
command they introduce (`cosmic resume` of a finished game at 80 columns): the terminal
cut the line in the middle of "it", the command on the next row."""

from __future__ import annotations

import shlex
from pathlib import Path

from _journey import COSMIC, cosmic
from _tmux import Terminal


def test_check_it_stays_with_its_command(tmp_path: Path, home: Path) -> None:
    r = cosmic("demo", "--players", "2", "--seed", "q", "--dir", "game", "--max-turns", "1",
               "--quiet", home=home, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    game = home / "game"
    command = f"cd {shlex.quote(str(game))} && exec {shlex.quote(str(COSMIC))} resume " \
              "seat-0.journal --key seat-0.key"
    with Terminal(["sh", "-c", command], tmp_path, width=80, height=24,
                  env={"COSMIC_HOME": str(home), "NO_COLOR": "1"}) as term:
        term.wait_for("[exit status", timeout=60)
        screen = term.screen(history=True)
    rows = [r for r in screen.splitlines() if r.strip()]
    end = next(i for i, r in enumerate(rows) if r.startswith("[exit status"))
    assert rows[end] == "[exit status 0]", screen
    said = rows[:end]
    assert said[0].startswith("This game is over;"), screen
    # (how to watch it again follows it: "...; watch it again: cosmic replay ...")
    assert any("(check it: cosmic verify seat-0.journal;" in r for r in said), screen
    assert all(len(r) < 80 for r in said), screen
