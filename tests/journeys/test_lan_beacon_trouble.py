"""A lobby whose beacons cannot leave the machine (here: sent from loopback, --listen
127.0.0.1, toward an address elsewhere, --target 192.0.2.1): the host is warned, once,
naming the address and the flags to check, instead of waiting in a lobby nobody can
see; it still hosts until its --timeout."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic
from _ports import free_port


def test_beacons_that_cannot_be_sent_are_said(home: Path) -> None:
    # 192.0.2.1 is TEST-NET-1 (RFC 5737); a socket bound to 127.0.0.1 cannot send there
    r = cosmic("host", "--players", "3", "--listen", "127.0.0.1", "--target", "192.0.2.1",
               "--port", str(free_port()), "--timeout", "4", home=home, timeout=60)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Hosting" in r.stdout, r.stdout
    warned = [line for line in r.stderr.splitlines() if "beacons cannot be sent" in line]
    assert len(warned) == 1, r.stderr  # once, not at every beacon
    assert warned[0].startswith("cosmic: warning: this lobby's beacons cannot be sent to "
                                "192.0.2.1 (port "), warned
    assert "check --target, --listen and --peer" in warned[0] and warned[0].endswith(
        "Still hosting."), warned
    assert r.stderr.strip().splitlines()[-1] == "cosmic: no game was agreed in time"
