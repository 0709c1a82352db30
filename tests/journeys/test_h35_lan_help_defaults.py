"""`cosmic host --help` and `cosmic join --help` give the beacons' port and target with
their defaults: a player whose friend hosts on another port learns from the help that
both must use the same. The help said only "UDP port of the beacons"."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_the_lan_help_names_the_port_and_target_defaults(home: Path) -> None:
    for command in ("host", "join"):
        shown = cosmic(command, "--help", home=home, timeout=60)
        assert shown.returncode == 0, shown.stderr
        said = " ".join(shown.stdout.split())
        assert "--port PORT UDP port of the beacons (default 45670; host and join must " \
            "use the same)" in said, shown.stdout
        assert "--target TARGET where beacons go (default 255.255.255.255, the LAN; " \
            "127.255.255.255 for games on one machine)" in said, shown.stdout
