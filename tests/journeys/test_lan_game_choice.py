"""Two games announced on one LAN: `cosmic join` without --game is told how many match
and how to name one; `--game` naming none of them is told that none matches (not
'several games (or none)'); nothing is joined either way."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port

LOOPBACK = "127.255.255.255"


def test_join_says_whether_no_game_or_several_match(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("ann", "cy", "bob")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LOOPBACK]
    hosts = [subprocess.Popen([str(COSMIC), "host", "--players", "3", "--name", who,
                               "--plain", "--timeout", "40", *lan],
                              env=cosmic_env(homes[who]), cwd=homes[who],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True) for who in ("ann", "cy")]
    try:
        for host in hosts:
            hosting(host)
        listed = ""
        for _ in range(20):  # both announce within a few seconds
            listed = cosmic("join", "--list", *lan, home=homes["bob"], timeout=30).stdout
            if "ann's game" in listed and "cy's game" in listed:
                break
        assert "ann's game" in listed and "cy's game" in listed, listed
        both = cosmic("join", "--yes", "--name", "bob", *lan, home=homes["bob"], timeout=30)
        assert both.returncode == 1, both.stdout + both.stderr
        assert both.stderr.strip().splitlines()[-1] == (
            "cosmic join: 2 games match: name one with --game ID (the id in brackets "
            "above) or the host's name"), both.stderr
        none = cosmic("join", "--yes", "--name", "bob", "--game", "dan", "--wait", "1", *lan,
                      home=homes["bob"], timeout=30)
        assert none.returncode == 1, none.stdout + none.stderr
        assert none.stderr.strip().splitlines()[-1].startswith(
            "cosmic join: no game here matches --game dan"), none.stderr
        for host in hosts:
            host.terminate()
        said = [host.communicate(timeout=30)[0] for host in hosts]
    finally:
        for host in hosts:
            if host.poll() is None:
                host.kill()
    assert not any("bob" in s for s in said), said  # bob joined neither
