"""Discovery against throwaway keys, on real UDP sockets on loopback: keys cost nothing,
so one address cannot fill the table, a flood of keys cannot push out our lobby's
members nor make the listener forget their stamps (and take an old card again), and a
game's node passes on only its seats' cards."""

from __future__ import annotations

import socket
import time
from dataclasses import replace
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.cmd_demo import free_udp_port, prepare
from node.discovery import (
    LOOPBACK_BROADCAST, Card, Gone, Listener, Seen, open_card, seal_card,
)
from node.journal_file import read_key_file
from node.runner import NodeOptions, NodeRunner
from protocol.genesis import Genesis
from protocol.keys import SigningKey, generate

OURS, OTHER = b"our-lobby", b"another"
MARKER = SigningKey.from_seed(b"\x99" * 32)  # its card, changed each time, ends a delivery


def card(key: SigningKey, lobby: bytes, stamp: int, **kw: object) -> Card:
    fields: dict[str, object] = dict(
        lobby=lobby, name="x", wanted=3, seated=0, endpoint="tcp://127.0.0.1:1", hello="",
        curve=bytes(32), key=key.public, stamp=stamp)
    fields.update(kw)
    return Card(**fields)  # type: ignore[arg-type]


class Sender:
    """A UDP socket sending from one loopback address (127.0.0.x: a machine of its own)."""

    def __init__(self, host: str) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self.sock.bind((host, 0))

    def send(self, port: int, data: bytes) -> None:
        self.sock.sendto(data, (LOOPBACK_BROADCAST, port))


@pytest.fixture
def listener() -> Iterator[Listener]:
    ls = Listener(port=0, bind=LOOPBACK_BROADCAST, max_entries=32, max_per_source=8,
                  lobby=OURS)
    yield ls
    ls.close()


def deliver(ls: Listener, sender: Sender, cards: list[tuple[SigningKey, Card]]
            ) -> list[Seen | Gone]:
    """Send the cards, then a marker card of our lobby (from 127.0.0.99), and read until
    the marker is seen: every card sent before it has been read by then."""
    marker = card(MARKER, OURS, time.time_ns(), name=f"marker {time.time_ns()}")
    changes: list[Seen | Gone] = []
    for i in range(0, len(cards), 100):  # the socket's buffer holds a few hundred
        for key, c in cards[i:i + 100]:
            sender.send(ls.port, seal_card(c, key))
        changes += ls.receive(0.05)
    Sender("127.0.0.99").send(ls.port, seal_card(marker, MARKER))
    deadline = time.monotonic() + 5
    while not any(isinstance(c, Seen) and c.sighting.card.key == MARKER.public
                  for c in changes):
        assert time.monotonic() < deadline, "the marker never came"
        changes += ls.receive(0.05)
    return [c for c in changes if not (isinstance(c, Seen)
                                       and c.sighting.card.key == MARKER.public)]


def test_one_address_cannot_fill_the_table_nor_push_out_our_lobby(listener: Listener
                                                                   ) -> None:
    flood = [(k, card(k, OTHER, 1)) for k in (generate() for _ in range(200))]
    deliver(listener, Sender("127.0.0.2"), flood)
    from_flood = [s for s in listener.games() if s.address[0] == "127.0.0.2"]
    assert len(from_flood) == 8 and listener.rejected >= 190  # max_per_source
    for host in ("127.0.0.3", "127.0.0.4", "127.0.0.5"):  # 32 in all: the table is full
        deliver(listener, Sender(host), [(k, card(k, OTHER, 1)) for k in
                                         (generate() for _ in range(8))])
    assert len(listener.games()) == 32 and listener.last_error == "table full"
    # Members of our lobby still come in, each in the place of another lobby's entry.
    members = [SigningKey.from_seed(bytes([i]) * 32) for i in range(1, 6)]
    seen = deliver(listener, Sender("127.0.0.6"), [(k, card(k, OURS, 1)) for k in members])
    assert {c.sighting.card.key for c in seen if isinstance(c, Seen)} == {
        k.public for k in members}
    assert len(listener.games()) <= 32


def test_a_flood_of_keys_does_not_make_the_listener_take_an_old_card_again(
        listener: Listener) -> None:
    member = SigningKey.from_seed(b"\x07" * 32)
    old = card(member, OURS, 10, seated=1)
    sender = Sender("127.0.0.7")
    assert [type(c) for c in deliver(listener, sender, [(member, old)])] == [Seen]
    gone = deliver(listener, sender, [(member, card(member, OURS, 11, leaving=True))])
    assert [type(c) for c in gone] == [Gone]
    # Hundreds of throwaway keys, let in and expired round after round: more than the
    # stamps remembered for other lobbies (16 per table entry).
    for round_ in range(20):
        for n in range(4):
            deliver(listener, Sender(f"127.0.{round_ + 1}.{n + 1}"),
                    [(k, card(k, OTHER, 1)) for k in (generate() for _ in range(8))])
        listener.expire(now=time.monotonic() + 10)
    assert listener.games() == []  # room for anyone
    # The member's old card, replayed: it left, and it stays gone.
    again = deliver(listener, Sender("127.0.0.8"), [(member, old)])
    assert again == [] and member.public not in {s.card.key for s in listener.games()}


def test_a_games_node_passes_on_only_its_seats_cards(tmp_path: Path) -> None:
    gpath, keys = prepare(3, "forward", tmp_path, 1)
    genesis = Genesis.decode(gpath.read_bytes())
    port = free_udp_port()
    # Where the node sends its beacons by unicast (a peer broadcast does not reach).
    target = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    target.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    target.bind(("127.0.0.5", port))
    target.settimeout(0.05)
    node = NodeRunner(genesis, 0, read_key_file(keys[0]), tmp_path / "seat-0.journal",
                      NodeOptions(discovery_port=port, discovery_target=LOOPBACK_BROADCAST,
                                  beacon_to=["127.0.0.5"]))
    try:
        lobby = genesis.game_id[:16]
        seat = read_key_file(keys[1])
        stranger = generate()
        heard: set[bytes] = set()
        sender = Sender("127.0.0.6")
        deadline = time.monotonic() + 5
        while seat.public not in heard:
            assert time.monotonic() < deadline, f"never passed on the seat's card: {heard}"
            stamp = time.time_ns() // 1_000_000
            for key in (seat, stranger):
                sender.send(port, seal_card(card(key, lobby, stamp, endpoint=(
                    "tcp://127.0.0.1:9")), key))
            node.tick(50)
            try:
                while True:
                    heard.add(open_card(target.recv(2000)).key)
            except (TimeoutError, BlockingIOError):
                pass
        assert stranger.public not in heard  # a card of our game, but no seat's
    finally:
        node.close()
        target.close()


def test_a_games_beacons_slow_down_once_every_seat_is_met_and_speed_up_for_a_rival(
        tmp_path: Path) -> None:
    """Every beacon heard costs each node a signature check: a game's node beacons every
    BEACON_MET_S once every seat is there, fast while one is missing, and fast again when
    another node with its key shows up, so that the later one stops soon."""
    from node.discovery import new_instance
    from node.runner import BEACON_MET_S, BEACON_SEEKING_S

    gpath, keys = prepare(2, "beacons", tmp_path, 1)
    genesis = Genesis.decode(gpath.read_bytes())
    port = free_udp_port()
    nodes = [NodeRunner(genesis, s, read_key_file(keys[s]), tmp_path / f"seat-{s}.journal",
                        NodeOptions(discovery_port=port, discovery_target=LOOPBACK_BROADCAST))
             for s in range(2)]
    try:
        for node in nodes:
            node.tick(0)
            assert node.beacon is not None and node.beacon.interval_s == BEACON_SEEKING_S
        deadline = time.monotonic() + 10
        while not all(n.beacon is not None and n.beacon.interval_s == BEACON_MET_S
                      for n in nodes):
            assert time.monotonic() < deadline, "the two nodes never met"
            for node in nodes:
                node.tick(20)
        # Seat 0's beacons as heard on the port, over two seconds: slow now, then fast
        # once another node playing seat 0 (its own instance, started now) has beaconed.
        ear = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        ear.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        ear.bind(("", port))
        ear.setblocking(False)

        def beacons_of_seat_0(seconds: float) -> int:
            stamps: set[int] = set()  # a beacon may come twice (broadcast and unicast)
            until = time.monotonic() + seconds
            while time.monotonic() < until:
                for node in nodes:
                    node.tick(5)
                try:
                    while True:
                        got = open_card(ear.recv(2048))
                        if got.instance == nodes[0].card.instance and not got.leaving:
                            stamps.add(got.stamp)
                except BlockingIOError:
                    pass
            return len(stamps)

        try:
            assert beacons_of_seat_0(2.0) <= 3
            key = read_key_file(keys[0])
            rival = replace(nodes[0].card, instance=new_instance(),
                            stamp=time.time_ns() // 1_000_000)
            Sender("127.0.0.7").send(port, seal_card(rival, key))
            assert beacons_of_seat_0(2.0) >= 5
        finally:
            ear.close()
    finally:
        for node in nodes:
            node.close()
