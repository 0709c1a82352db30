"""The discovery port a game on this machine gets (`cosmic play`, `demo`, a resume that
restarts bots: cli.cmd_demo.free_udp_port) comes from below the kernel's ephemeral range,
where the kernel never hands a port to a socket on its own: one from that range is free
only at the moment it is asked for, and the next socket that sends before it binds (each
node's beacon socket) may be given it before the game's nodes bind it. It is free for
UDP when handed out, and two draws seldom agree (two games started at once)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from cli import cmd_demo

# conftest swaps cli.cmd_demo.free_udp_port for the tests' own locked ports: the
# product's function is what `cosmic play` runs, so it is taken from the module's source.
_PRODUCT = cmd_demo.__dict__.get("_product_free_udp_port", cmd_demo.free_udp_port)


def test_a_games_port_is_free_and_below_the_ephemeral_range() -> None:
    start = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0]) \
        if Path("/proc/sys/net/ipv4/ip_local_port_range").exists() else 32768
    ports = [_PRODUCT() for _ in range(20)]
    assert all(cmd_demo.PORTS_FROM <= p < min(start, 32768) for p in ports), ports
    assert len(set(ports)) > 15, ports  # drawn, not the same one each time
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("", ports[-1]))  # free when handed out


def test_a_taken_port_is_not_handed_out(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as taken:
        taken.bind(("", 0))
        port = taken.getsockname()[1]
        monkeypatch.setattr(cmd_demo, "PORTS_FROM", port)
        monkeypatch.setattr(cmd_demo, "ephemeral_start", lambda: port + 1)
        got = _PRODUCT()  # the one port of the range is taken: the kernel's then
        assert got != port
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.bind(("127.0.0.1", got))
