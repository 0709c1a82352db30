"""LAN flags given wrong (`host`, `join`, `resume`): a one-line error naming the flag,
exit status 2, no traceback, nothing started."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def _refused(r, *words: str) -> None:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    last = r.stderr.strip().splitlines()[-1]
    assert all(w in last for w in words), r.stderr


def test_a_port_out_of_range_is_refused(home: Path) -> None:
    for port in ("70000", "-1", "abc"):
        _refused(cosmic("host", "--players", "3", "--port", port, "--timeout", "1", home=home),
                 "--port", "not a port")
        _refused(cosmic("join", "--port", port, "--timeout", "1", home=home),
                 "--port", "not a port")
    _refused(cosmic("resume", str(home / "seat-0.journal"), "--port", "99999", home=home),
             "--port", "not a port")
    assert not (home / "games").exists()  # nothing was started


def test_a_malformed_peer_is_refused(home: Path) -> None:
    _refused(cosmic("host", "--players", "3", "--peer", "bad host:xx", "--timeout", "1",
                    home=home), "--peer", "HOST:PORT")
    _refused(cosmic("join", "--peer", "bad host:xx", "--timeout", "1", home=home),
             "--peer", "HOST:PORT")


def test_a_listen_address_not_of_this_machine_is_refused(home: Path) -> None:
    # 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine
    _refused(cosmic("host", "--players", "3", "--listen", "192.0.2.1", "--timeout", "1",
                    home=home), "cosmic host:", "--listen 192.0.2.1")
    _refused(cosmic("join", "--listen", "192.0.2.1", "--timeout", "1", home=home),
             "cosmic join:", "--listen 192.0.2.1")
