"""A campaign's standings keep their columns when a player's name (or a team's two
names, "host-b2cb + player-cad8") is longer than the name column: the points were pushed
right on that row alone. Here a LAN game between two bots with long names, played to
its one-turn limit, joins a campaign."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port

LOOPBACK = "127.255.255.255"


def test_standings_keep_their_columns_with_long_names(tmp_path: Path) -> None:
    lan = ["--port", str(free_port()), "--target", LOOPBACK, "--timeout", "60"]
    homes = [tmp_path / n for n in ("ann", "bob")]
    for h in homes:
        h.mkdir()
    game = ["--yes", "--bot", "--plain", *lan]
    host = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--max-turns", "1",
                             "--name", "Alexandra-the-first-host", "--dir",
                             str(tmp_path / "g0"), *game],
                            env=cosmic_env(homes[0]), cwd=homes[0], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        hosting(host)
        joined = cosmic("join", "--name", "Bo", "--dir", str(tmp_path / "g1"), *game,
                        home=homes[1], timeout=120)
        assert joined.returncode == 0, joined.stdout[-2000:]
        host.communicate(timeout=60)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    journal = tmp_path / "g0" / "seat-0.journal"
    assert cosmic("campaign", "new", "c.campaign", home=tmp_path).returncode == 0
    added = cosmic("campaign", "add", "c.campaign", str(journal), home=tmp_path)
    assert added.returncode == 0, added.stdout + added.stderr
    rows = [r for r in added.stdout.splitlines() if " points, " in r or " point, " in r]
    assert len(rows) == 2, added.stdout
    assert len({r.index(" point") for r in rows}) == 1, added.stdout  # one column
    assert {r.split(".", 1)[1].split()[0] for r in rows} == {"Alexandra-the-first-host",
                                                              "Bo"}, added.stdout
