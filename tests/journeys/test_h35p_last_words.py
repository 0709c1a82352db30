"""The last words after a finished game, in an 80-column terminal: where the journal is,
how to check it (`cosmic verify`) and how to watch it again (`cosmic replay`, and `cosmic
replay ... --html` for a page to share), each command whole on a row. They named only
`cosmic verify`, while the game's own end (its log) named the replay too."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from _journey import COSMIC
from _ports import free_port
from _tmux import Terminal


def test_a_finished_game_says_how_to_check_it_and_watch_it_again(tmp_path: Path) -> None:
    port = str(free_port())
    short = Path(tempfile.mkdtemp(prefix="cosmic-h35p-"))  # (pytest's own is too long)
    homes = [short / "a", short / "b"]
    for h in homes:
        h.mkdir()
    common = ["--bot", "--yes", "--plain", "--port", port, "--target", "127.255.255.255",
              "--timeout", "90"]
    host = [str(COSMIC), "host", "--players", "2", "--max-turns", "1", "--name", "ann",
            *common]
    try:
        with Terminal(host, tmp_path, width=80, height=40,
                      env={"COSMIC_HOME": str(homes[0]), "NO_COLOR": "1"}) as term:
            term.wait_for("others run `cosmic join`", timeout=60)
            join = subprocess.run([str(COSMIC), "join", "--game", "ann", "--name", "bob",
                                   *common], env={**term.env, "COSMIC_HOME": str(homes[1])},
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=240)
            assert join.returncode == 0, join.stdout[-2000:] + join.stderr[-2000:]
            term.wait_for("[exit status", timeout=120)
            screen = term.screen(history=True)
    finally:
        shutil.rmtree(short)
    rows = [r.rstrip() for r in screen.splitlines() if r.strip()]
    end = next(i for i, r in enumerate(rows) if r.startswith("Game over: "))
    last = rows[end + 1:rows.index("[exit status 0]")]
    assert all(len(r) < 80 for r in last), screen
    text = " ".join(r.strip() for r in last)
    journal = text.split()[2]  # "Your journal: PATH (check it: ..."
    assert journal.endswith("seat-0.journal"), text
    assert len(f"cosmic replay {journal} --html game.html") > 77  # (too long for a row)
    assert f"or as a web page: cosmic replay {journal} --html game.html)." in text, text
    for command in (f"cosmic verify {journal}", f"cosmic replay {journal}"):
        assert len(command) <= 77 and command in text, text
        assert any(r.strip(" ().;,") == command for r in last), (command, last)  # whole
