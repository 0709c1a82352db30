"""As a LAN game starts, `cosmic host` and `cosmic join` say where the seat's journal is
and how to come back to the game: "Your journal: PATH (to pick it up again: `cosmic
resume PATH`)". It said "(cut off? `cosmic resume PATH`)", which a newcomer read as a
question about the journal (is it cut off?) rather than what to do after a crash."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port

LAN = "127.255.255.255"


def test_the_journal_line_says_how_to_pick_the_game_up_again(tmp_path: Path) -> None:
    port = str(free_port())
    homes = [tmp_path / "ann", tmp_path / "bob"]
    for h in homes:
        h.mkdir()
    common = ["--bot", "--yes", "--plain", "--port", port, "--target", LAN, "--timeout",
              "60"]
    host = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--max-turns", "1",
                             "--name", "ann", *common], env=cosmic_env(homes[0]),
                            cwd=homes[0], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        said = hosting(host)
        join = cosmic("join", "--game", "ann", "--name", "bob", *common, home=homes[1],
                      timeout=120)
        said += host.communicate(timeout=120)[0]
    finally:
        if host.poll() is None:
            host.kill()
    for out in (said, join.stdout):
        line = next((x for x in out.splitlines() if x.startswith("Your journal: ")), "")
        assert line.endswith(".journal`)") and " (to pick it up again: `cosmic resume " \
            in line, out[-2000:]
        assert "cut off?" not in out, out[-2000:]
