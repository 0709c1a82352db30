"""A joiner on the LAN whose beacon carries a name no seat can have (33 to 40
characters: beacons allow 40, a genesis 32; or none at all) never joins a lobby. Such a
joiner once filled the roster, and every member's start of the game failed on its name
with a traceback, the host's too: a hostile card must not stop a game."""

from __future__ import annotations

import threading
import time

import pytest

from cli.cmd_demo import free_udp_port
from cli.cmd_host import NAME_CHARS
from node.lobby import Lobby, new_lobby_id
from protocol.genesis import SEAT_NAME_CHARS
from protocol.keys import SigningKey

LOOPBACK = "127.255.255.255"


def _polled(lobbies: list[Lobby], seconds: float) -> None:
    """Poll every lobby, each in its own thread, for `seconds` (real beacons on
    loopback)."""
    stop = time.monotonic() + seconds

    def run(lobby: Lobby) -> None:
        while time.monotonic() < stop:
            lobby.poll()
    threads = [threading.Thread(target=run, args=(lb,), daemon=True) for lb in lobbies]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 10)


@pytest.mark.parametrize("name", ["m" * 33, "m" * 40, ""])
def test_a_name_no_seat_can_have_never_joins_and_the_game_still_starts(name: str) -> None:
    port = free_udp_port()
    lobby_id = new_lobby_id()
    host = Lobby(SigningKey.generate(), "ann", lobby_id, 2, host=True, port=port,
                 target=LOOPBACK)
    hostile_key = SigningKey.generate()
    hostile = Lobby(hostile_key, name, lobby_id, 2, host=False, port=port, target=LOOPBACK)
    try:
        _polled([host, hostile], 1.5)
        assert hostile_key.public not in host.members
        assert host.proposal() is None  # the roster is not full: nothing to fail on
        bob_key = SigningKey.generate()
        bob = Lobby(bob_key, "bob", lobby_id, 2, host=False, port=port, target=LOOPBACK)
        try:
            deadline = time.monotonic() + 15
            proposal = None
            while proposal is None and time.monotonic() < deadline:
                _polled([host, hostile, bob], 0.3)
                proposal = host.proposal()
            assert proposal is not None, "ann and bob make a game"
            names = [seat.name for seat in proposal.genesis.seats]
            assert names == ["ann", "bob"], names
        finally:
            bob.close()
    finally:
        hostile.close()
        host.close()


def test_the_names_cosmic_lets_a_player_give_are_the_names_a_seat_may_have() -> None:
    assert NAME_CHARS == SEAT_NAME_CHARS
