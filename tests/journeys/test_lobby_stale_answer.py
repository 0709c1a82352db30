"""A LAN lobby: a 'y' the host typed while no game was on offer (the player it was meant
for had declined and left) does not confirm the next game, with another player: the host
is told the first game is off and asked again."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _ports import free_port
from _tmux import Terminal

LOOPBACK = "127.255.255.255"
PROMPT = "Play this game? [y/n]"


def test_an_answer_typed_before_a_game_is_shown_does_not_confirm_it(tmp_path: Path) -> None:
    port = str(free_port())
    homes = [tmp_path / n for n in ("ann", "bob", "cy")]
    for h in homes:
        h.mkdir()
    lan = ["--port", port, "--target", LOOPBACK, "--timeout", "120"]
    host = [str(COSMIC), "host", "--players", "2", "--name", "ann", "--bot", "--plain",
            "--max-turns", "1", *lan]
    with Terminal(host, tmp_path, env=cosmic_env(homes[0]), width=160) as ann:
        ann.wait_for("others run `cosmic join`", timeout=30)
        bob = subprocess.Popen([str(COSMIC), "join", "--name", "bob", "--game", "ann", *lan],
                               env=cosmic_env(homes[1]), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        cy = None
        try:
            ann.wait_for(PROMPT, timeout=60)
            out, _ = bob.communicate("n\n", timeout=60)  # bob declines and leaves
            assert "you declined the game" in out, out
            ann.wait_for("That game is off: the lobby changed.", timeout=60)
            ann.type("y")  # meant for bob's game, which is gone
            cy = subprocess.Popen([str(COSMIC), "join", "--name", "cy", "--game", "ann",
                                   "--yes", "--bot", "--plain", *lan],
                                  env=cosmic_env(homes[2]), stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            screen = ann.wait_for(lambda s: "cy" in s.split("That game is off")[-1]
                                  and PROMPT in s.split("That game is off")[-1], timeout=60)
            time.sleep(3)  # the stale 'y' would have confirmed by now
            later = ann.screen()
            assert "Confirmed" not in later.split("That game is off")[-1], later
            assert "The game:" not in later, later
            ann.type("y")  # now, seeing cy's game: play it
            ann.wait_for("Game over", timeout=180)
            out, _ = cy.communicate(timeout=180)
            assert "Game over" in out, out[-2000:]
        finally:
            for proc in (bob, cy):
                if proc is not None and proc.poll() is None:
                    proc.kill()
    assert screen
