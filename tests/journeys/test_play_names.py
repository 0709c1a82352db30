"""`cosmic play` names the person's seat as a person (`player`), the others as bots
(`bot-N`), in the game's genesis: what verify, replay and the page show."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env
from test_play_network import DECISION, bots_of, until


def test_the_persons_seat_is_not_called_a_bot(tmp_path: Path, home: Path) -> None:
    game = tmp_path / "game"
    proc = subprocess.Popen(
        [str(COSMIC), "play", "--plain", "--players", "3", "--seat", "1", "--dir",
         str(game), "--patience", "2"], env=cosmic_env(home), stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        for line in proc.stdout:
            if DECISION in line:
                break
        proc.stdin.write("quit\nquit\n")
        proc.stdin.flush()
        proc.communicate(timeout=60)
        until("the bots to leave", lambda: not bots_of(game), timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    v = cosmic("verify", "--partial", str(game / "seat-1.journal"), home=home)
    assert v.returncode == 0, v.stdout + v.stderr
    assert "player (blue)" in v.stdout and "bot-0 (red)" in v.stdout, v.stdout
    assert "bot-2 (yellow)" in v.stdout and "bot-1" not in v.stdout, v.stdout
