"""LAN discovery on loopback: signed cards, a beacon from another process seen and then
gone, malformed datagrams ignored, replays and expiry, and the direct hello path on
the mesh with broadcast off.

Beacons go to 127.255.255.255 (the loopback broadcast address on Linux), never off
this machine. Run as a script (`python tests/test_node_discovery.py PORT`), this file
is the beacon process of the cross-process test.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from _ports import free_port
from node.curve import CurveKeys
from node.discovery import (
    LOOPBACK_BROADCAST,
    MAX_DATAGRAM,
    Beacon,
    Card,
    Gone,
    Listener,
    Seen,
    open_card,
    seal_card,
)
from node.transport import Hello, HelloFailed, Mesh, Message
from protocol import canonical
from protocol.errors import DecodeError, LocalProtocolError
from protocol.keys import SigningKey


def player(i: int) -> tuple[SigningKey, CurveKeys]:
    sk = SigningKey.from_seed(bytes([i + 1]) * 32)
    return sk, CurveKeys.from_seed(sk.seed)


def card_of(i: int, **kw: object) -> Card:
    sk, ck = player(i)
    fields: dict[str, object] = dict(
        lobby=b"lobby-1", name=f"player {i}", wanted=5, seated=1,
        endpoint=f"tcp://127.0.0.1:{40000 + i}", hello="", curve=ck.public, key=sk.public,
    )  # fmt: skip
    fields.update(kw)
    return Card(**fields)  # type: ignore[arg-type]


@pytest.fixture
def listener() -> Iterator[Listener]:
    ls = Listener(port=0, bind=LOOPBACK_BROADCAST, expire_after_s=3.0)
    yield ls
    ls.close()


def send_raw(port: int, *datagrams: bytes) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        for d in datagrams:
            s.sendto(d, (LOOPBACK_BROADCAST, port))


Changes = list[Seen | Gone]


def listen_until(ls: Listener, until: Callable[[Changes], bool], limit_s: float = 5.0) -> Changes:
    """Collect changes until until(changes) holds; fail after limit_s (a hang)."""
    changes: list[Seen | Gone] = []
    deadline = time.monotonic() + limit_s
    while not until(changes):
        assert time.monotonic() < deadline, f"gave up waiting: {changes}"
        changes += ls.receive(0.05)
    return changes


def seen_seated(change: Seen | Gone) -> int | None:
    return change.sighting.card.seated if isinstance(change, Seen) else None


# ------------------------------------------------------------------------- cards


def test_card_round_trip_and_every_corruption_is_refused() -> None:
    sk, _ = player(0)
    card = card_of(0, stamp=1234, hello="tcp://127.0.0.1:40100")
    data = seal_card(card, sk)
    assert open_card(data) == card and len(data) <= MAX_DATAGRAM
    for i in range(len(data)):
        bad = data[:i] + bytes([data[i] ^ 0x01]) + data[i + 1 :]
        with pytest.raises(DecodeError):
            open_card(bad)
    with pytest.raises(DecodeError):
        open_card(data[:-1])


def test_card_signature_is_domain_separated() -> None:
    sk, _ = player(0)
    card = card_of(0)
    body = canonical.encode(card._fields())
    for signature in (sk.sign(body), sk.sign(b"cosmic/hello/v1" + body)):  # another tag
        with pytest.raises(DecodeError) as err:
            open_card(canonical.encode(["cosmic/beacon/v1", body, signature]))
        assert err.value.check == "signature"
    assert open_card(seal_card(card, sk)).key == sk.public


@pytest.mark.parametrize(
    "change, check",
    [
        (dict(key=player(1)[0].public), "author"),  # signed by someone else
        (dict(seated=6), "schema"),  # more seats taken than wanted
        (dict(name="x" * 41), "size"),
        (dict(name="evil\x1b[2J"), "schema"),  # terminal escapes in a name
        (dict(endpoint="udp://127.0.0.1:1"), "schema"),
        (dict(curve=b"short"), "schema"),
    ],
)
def test_seal_refuses_what_a_peer_would_refuse(change: dict[str, object], check: str) -> None:
    with pytest.raises(LocalProtocolError) as err:
        seal_card(card_of(0, **change), player(0)[0])
    assert err.value.check == check


# ---------------------------------------------------------------------- listener


def test_malformed_datagrams_are_ignored(listener: Listener) -> None:
    sk, _ = player(0)
    good = seal_card(card_of(0, stamp=10), sk)
    forged = seal_card(card_of(1, stamp=10), player(1)[0])
    forged = forged[:-3] + bytes(3)  # a broken signature
    junk = [b"", b"\x00" * 10, b"\x93\xa1x\xc4\x00\xc4\x00", good[:40], forged]
    junk.append(b"\xc4" + bytes(2000))  # oversized
    send_raw(listener.port, *junk, good)
    changes = listen_until(listener, lambda c: bool(c))
    assert [type(c) for c in changes] == [Seen] and listener.rejected == len(junk)
    assert [s.card for s in listener.games()] == [card_of(0, stamp=10)]


def test_replays_leaving_and_expiry(listener: Listener) -> None:
    sk, _ = player(0)
    marker_sk = player(9)[0]
    marker_key = marker_sk.public
    t0 = time.monotonic()
    fed = 0

    def feed(*cards: Card) -> list[Seen | Gone]:
        # A marker card from another key follows the cards; once it is seen, everything
        # sent before it on this socket has been read too.
        nonlocal fed
        fed += 1
        marker = card_of(9, name=f"marker {fed}", stamp=fed)
        send_raw(listener.port, *(seal_card(c, sk) for c in cards), seal_card(marker, marker_sk))
        changes: list[Seen | Gone] = []
        deadline = time.monotonic() + 5  # a lost datagram fails the test, never hangs it
        while not any(isinstance(c, Seen) and c.sighting.card == marker for c in changes):
            assert time.monotonic() < deadline, f"marker {fed} never came: {changes}"
            changes += listener.receive(0.05, now=t0)
        is_marker = [isinstance(c, Seen) and c.sighting.card.key == marker_key for c in changes]
        return [c for c, m in zip(changes, is_marker) if not m]

    first = feed(card_of(0, stamp=5))
    assert [type(c) for c in first] == [Seen]
    assert feed(card_of(0, stamp=5), card_of(0, stamp=4, seated=3)) == []  # replays
    assert feed(card_of(0, stamp=6)) == []  # heard again, nothing new
    changed = feed(card_of(0, stamp=7, seated=2))
    assert [c.sighting.card.seated for c in changed if isinstance(c, Seen)] == [2]
    gone = feed(card_of(0, stamp=8, leaving=True), card_of(0, stamp=7, seated=2))
    assert gone == [Gone(card_of(0, stamp=8, leaving=True), "leaving")]
    assert [s.card.key for s in listener.games()] == [marker_key]
    assert len(feed(card_of(0, stamp=9))) == 1  # the node comes back later
    assert listener.expire(now=t0 + 2.0) == []
    assert [(g.card.key, g.reason) for g in listener.expire(now=t0 + 3.5)] == [
        (marker_key, "expired"),
        (sk.public, "expired"),
    ]
    assert listener.games() == []


def test_every_listener_on_the_port_sees_a_broadcast(listener: Listener) -> None:
    other = Listener(port=listener.port, bind=LOOPBACK_BROADCAST)
    try:
        send_raw(listener.port, seal_card(card_of(3, stamp=1), player(3)[0]))
        for ls in (listener, other):
            listen_until(ls, lambda c: bool(c))
            assert [s.card.name for s in ls.games()] == ["player 3"]
    finally:
        other.close()


def test_a_card_is_forwarded_to_every_target_but_the_host_it_came_from() -> None:
    receivers = []
    for host in ("127.0.0.5", "127.0.0.6"):
        r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        r.bind((host, 0))
        r.settimeout(0.5)
        receivers.append(r)
    sk, _ = player(0)
    beacon = Beacon(sk, card_of(0), port=receivers[0].getsockname()[1],
                    target=LOOPBACK_BROADCAST, interval_s=60)
    data = seal_card(card_of(4, stamp=7), player(4)[0])
    try:
        for r in receivers:  # each target on its own port: one beacon per target port
            beacon.add_target(r.getsockname()[0], r.getsockname()[1])
        beacon.forward(data, heard_from="127.0.0.5")
        assert receivers[1].recv(MAX_DATAGRAM) == data
        receivers[0].settimeout(0.2)
        with pytest.raises(TimeoutError):
            receivers[0].recv(MAX_DATAGRAM)  # it came from there: not sent back
        beacon.forward(data)  # heard from nobody in particular: to every target
        assert [r.recv(MAX_DATAGRAM) for r in receivers] == [data, data]
    finally:
        beacon.close()
        for r in receivers:
            r.close()


def test_soon_sends_at_the_next_tick() -> None:
    sk, _ = player(0)
    beacon = Beacon(sk, card_of(0), port=9, target=LOOPBACK_BROADCAST, interval_s=60)
    try:
        assert beacon.tick() and not beacon.tick()  # the first at once, then an hour
        beacon.soon()
        assert beacon.tick() and not beacon.tick()
    finally:
        beacon.close()


def test_beacon_from_another_process_is_seen_then_leaves(listener: Listener) -> None:
    proc = subprocess.Popen(
        [sys.executable, __file__, str(listener.port)], stdin=subprocess.PIPE, text=True
    )
    try:
        sk, _ = player(4)
        seen = listen_until(listener, lambda c: any(isinstance(x, Seen) for x in c))
        card = [x for x in seen if isinstance(x, Seen)][0].sighting.card
        assert card.key == sk.public and card.name == "beacon 4" and card.seated == 1
        assert proc.stdin is not None
        proc.stdin.write("seat\n")  # the node's card changes: announced at once
        proc.stdin.flush()
        listen_until(listener, lambda c: any(seen_seated(x) == 2 for x in c))
        proc.stdin.write("leave\n")
        proc.stdin.flush()
        gone = listen_until(listener, lambda c: any(isinstance(x, Gone) for x in c))
        gone_now = [(g.card.key, g.reason) for g in gone if isinstance(g, Gone)]
        assert gone_now == [(sk.public, "leaving")]
        assert listener.games() == []
        assert proc.wait(timeout=5) == 0
    finally:
        proc.kill()
        proc.wait()


def _beacon_process(port: int) -> None:
    """Announce card 4 every 50 ms; "seat" takes a seat, "leave" says goodbye and exits."""
    import select

    sk, _ = player(4)
    card = card_of(4, name="beacon 4")
    beacon = Beacon(sk, card, port=port, target=LOOPBACK_BROADCAST, interval_s=0.05)
    try:
        while True:
            beacon.tick()
            if select.select([sys.stdin], [], [], 0.01)[0]:
                line = sys.stdin.readline().strip()
                if line == "seat":
                    beacon.update(replace(beacon.card, seated=2))
                elif line in ("leave", ""):
                    beacon.leave()
                    return
    finally:
        beacon.close()


# ------------------------------------------------------------- direct hello path


def test_direct_hello_path_without_broadcast() -> None:
    """Broadcast off: B is given A's hello address; they swap signed cards, admit each
    other's Curve keys and talk over Curve."""
    (ska, cka), (skb, ckb) = player(0), player(1)
    a = Mesh(ska.public, curve=cka, heartbeat_s=0.05, hello_bind="tcp://127.0.0.1:0")
    b = Mesh(skb.public, curve=ckb, heartbeat_s=0.05, hello_bind="tcp://127.0.0.1:0")
    try:
        for m, sk, ck in ((a, ska, cka), (b, skb, ckb)):
            card = Card(b"lobby", "host" if m is a else "guest", 5, 1, m.endpoint,
                        m.hello_endpoint or "", ck.public, sk.public)  # fmt: skip
            m.set_hello_card(seal_card(card, sk))
        assert a.hello_endpoint is not None
        b.say_hello(a.hello_endpoint)
        got: dict[Mesh, Card] = {}
        deadline = time.monotonic() + 5
        while len(got) < 2:
            assert time.monotonic() < deadline
            for m in (a, b):
                for ev in m.poll(5):
                    if isinstance(ev, Hello):
                        card = open_card(ev.card)  # verified before anything is admitted
                        m.add_peer(card.key, card.endpoint, card.curve)
                        got[m] = card
        assert got[a].name == "guest" and got[b].name == "host"
        b.send(ska.public, [b"over curve"])
        a.send(skb.public, [b"and back"])
        inbox: dict[Mesh, list[tuple[bytes, ...]]] = {a: [], b: []}
        while not (inbox[a] and inbox[b]):
            assert time.monotonic() < deadline
            for m in (a, b):
                inbox[m] += [ev.frames for ev in m.poll(5) if isinstance(ev, Message)]
        assert inbox == {a: [(b"over curve",)], b: [(b"and back",)]}
    finally:
        a.close(goodbye=False)
        b.close(goodbye=False)


def test_hello_to_nobody_fails_in_time() -> None:
    sk, ck = player(0)
    dead = f"tcp://127.0.0.1:{free_port()}"  # a port nobody listens on
    m = Mesh(sk.public, curve=ck, heartbeat_s=0.05)
    try:
        m.set_hello_card(seal_card(card_of(0, endpoint=m.endpoint), sk))
        m.say_hello(dead, timeout_s=0.2)
        events: list[object] = []
        deadline = time.monotonic() + 5
        while HelloFailed(dead) not in events:
            assert time.monotonic() < deadline
            events += m.poll(20)
    finally:
        m.close(goodbye=False)


if __name__ == "__main__":
    _beacon_process(int(sys.argv[1]))
