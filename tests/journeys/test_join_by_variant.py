"""`cosmic join --variant teams` beside a team game that also plays technology: the
game has the variant asked for, so the joiner takes a seat (it was refused: "it has
variants teams, technology", the variants had to be exactly those asked for). `join
--list` with options lists only the games that have them, and says when none does."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting, said_until
from _ports import free_port

LOOPBACK = "127.255.255.255"


def test_a_joiner_asking_for_teams_finds_a_team_game_with_more(tmp_path: Path) -> None:
    lan = ["--port", str(free_port()), "--target", LOOPBACK]
    homes = [tmp_path / n for n in ("ann", "bob", "cy")]
    for h in homes:
        h.mkdir()
    host = subprocess.Popen(
        [str(COSMIC), "host", "--players", "4", "--variant", "teams", "--variant",
         "technology", "--name", "ann", "--yes", "--bot", "--plain", "--timeout", "60",
         *lan], env=cosmic_env(homes[0]), cwd=homes[0], stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    joiner = None
    try:
        hosting(host)
        listed = cosmic("join", "--list", "--variant", "teams", *lan, home=homes[2])
        assert listed.returncode == 0, listed.stdout + listed.stderr
        assert "ann's game" in listed.stdout and "teams; technology" in listed.stdout
        other = cosmic("join", "--list", "--variant", "four_planets", *lan, home=homes[2])
        assert other.returncode == 1 and "ann's game" not in other.stdout, other
        assert "no game here has the options you asked for" in other.stderr, other.stderr
        asked = cosmic("join", "--variant", "four_planets", "--yes", *lan, home=homes[2])
        assert asked.returncode == 1, asked.stdout + asked.stderr
        assert "it has variants teams, technology, not four_planets" in asked.stderr

        joiner = subprocess.Popen(
            [str(COSMIC), "join", "--variant", "teams", "--name", "bob", "--yes", "--bot",
             "--plain", "--timeout", "60", *lan], env=cosmic_env(homes[1]), cwd=homes[1],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        said = said_until(joiner, "in the lobby:", timeout=30)
        assert "Joining ann's game" in said and "not what you asked for" not in said, said
    finally:
        for proc in (joiner, host):
            if proc is not None:
                proc.kill()
                proc.wait()
