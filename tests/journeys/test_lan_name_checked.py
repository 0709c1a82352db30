"""A name the game cannot take is refused before the lobby, in argparse's words, exit
status 2: longer than a genesis's 32 characters (the lobby announced it, and the game's
start failed with a traceback once every seat had said yes, the joiners left waiting),
or with control characters (a terminal escape: a traceback at once)."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic
from _ports import free_port


def test_a_name_the_game_cannot_take_is_refused_before_the_lobby(home: Path) -> None:
    port = str(free_port())
    lan = ("--port", port, "--target", "127.255.255.255", "--timeout", "3")
    for command, name, why in (
            ("host", "A" * 36, "argument --name: 36 characters, at most 32"),
            ("host", "\x1b]0;hi\x07\x1b[2Jevil", "control characters"),
            ("join", "B" * 33, "argument --name: 33 characters, at most 32"),
            ("join", "two\nlines", "control characters")):
        extra = ("--players", "2") if command == "host" else ("--wait", "0")
        r = cosmic(command, "--name", name, *extra, *lan, home=home, timeout=30)
        assert r.returncode == 2, (command, r.stdout + r.stderr)
        assert f"cosmic {command}: error: " in r.stderr and why in r.stderr, r.stderr
        assert "Traceback" not in r.stderr and "Hosting" not in r.stdout, r
    assert not (home / "key").exists()  # refused before anything was made
    fits = cosmic("host", "--name", "Zoë Ångström-Lindqvist 3rd", "--players", "2", *lan,
                  home=home, timeout=30)
    assert "Hosting Zoë Ångström-Lindqvist 3rd's game" in fits.stdout, fits
