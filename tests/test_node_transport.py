"""The mesh on real loopback sockets: delivery between 2 and 5 nodes, Curve admission,
spoofed and garbage frames, heartbeats across a SIGKILL and a restart of a real
process, oversized frames, and the deterministic fault wrapper.

Run as a script (`python tests/test_node_transport.py SEED BIND PARENT...`), this file
is the echo peer the heartbeat test starts and kills.
"""

from __future__ import annotations

import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any

import pytest
import zmq

from node.curve import CurveKeys
from node.transport import (
    DEFAULT_MAX_MSG_SIZE,
    Dropped,
    Event,
    Faults,
    FaultyMesh,
    Mesh,
    Message,
    PeerAway,
    PeerBack,
    PeerLeft,
    Readable,
    Refused,
    Rejected,
)
from protocol.keys import SigningKey

BEAT = 0.05  # heartbeat in tests: fast, so "away" takes a fraction of a second


def player(i: int) -> tuple[bytes, CurveKeys]:
    """Peer id (Ed25519 public key) and Curve keys of test player i."""
    sk = SigningKey.from_seed(bytes([i + 1]) * 32)
    return sk.public, CurveKeys.from_seed(sk.seed)


def mesh(i: int, cls: type[Mesh] = Mesh, **kw: object) -> Mesh:
    pid, keys = player(i)
    kw.setdefault("heartbeat_s", BEAT)
    kw.setdefault("away_after", 4)
    return cls(pid, "tcp://127.0.0.1:0", curve=keys, **kw)  # type: ignore[arg-type]


def link(meshes: list[Mesh]) -> None:
    for a in meshes:
        for b in meshes:
            if a is not b:
                assert b.curve is not None
                a.add_peer(b.identity, b.endpoint, b.curve.public)


Log = dict[Mesh, list[Event]]


def pump(
    meshes: Iterable[Mesh], until: Callable[[Log], bool], log: Log | None = None, limit_s: float = 5
) -> Log:
    """Poll every mesh until until(log) holds; fail after limit_s (a hang, not a timing)."""
    meshes = list(meshes)
    log = log if log is not None else {}
    for m in meshes:
        log.setdefault(m, [])
    deadline = time.monotonic() + limit_s
    while not until(log):
        assert time.monotonic() < deadline, f"gave up waiting: {log}"
        for m in meshes:
            log[m].extend(m.poll(5))
    return log


def messages(events: list[Event], peer: bytes | None = None) -> list[tuple[bytes, ...]]:
    return [e.frames for e in events if isinstance(e, Message) and peer in (None, e.peer)]


def test_two_meshes_exchange_both_ways(closing: list[Mesh]) -> None:
    a, b = mesh(0), mesh(1)
    closing += [a, b]
    link([a, b])
    assert a.send(b.identity, [b"to", b"b"]) and b.send(a.identity, [b"to a"])
    log = pump([a, b], lambda L: bool(messages(L[a]) and messages(L[b])))
    assert messages(log[b], a.identity) == [(b"to", b"b")]
    assert messages(log[a], b.identity) == [(b"to a",)]
    assert PeerBack(a.identity) in log[b] and a.status(b.identity) is True
    a.close()  # a polite close says BYE
    pump([b], lambda L: PeerLeft(a.identity) in L[b], log)
    assert b.status(a.identity) is False


def test_five_meshes_broadcast_to_all(closing: list[Mesh]) -> None:
    ms = [mesh(i) for i in range(5)]
    closing += ms
    link(ms)
    for m in ms:
        assert m.broadcast([b"from", m.identity]) == []
    log = pump(ms, lambda L: all(len(messages(L[m])) == 4 for m in ms))
    for m in ms:
        got = sorted(f[1] for f in messages(log[m]))
        assert got == sorted(o.identity for o in ms if o is not m)
        # every message is attributed to the peer that sent it
        assert all(e.frames[1] == e.peer for e in log[m] if isinstance(e, Message))


def test_curve_off_works_for_benchmarks(closing: list[Mesh]) -> None:
    a = Mesh(b"plain-a", secure=False, heartbeat_s=BEAT)
    b = Mesh(b"plain-b", secure=False, heartbeat_s=BEAT)
    closing += [a, b]
    a.add_peer(b.identity, b.endpoint)
    a.send(b.identity, [b"x"])
    log = pump([a, b], lambda L: bool(messages(L[b])))
    assert messages(log[b], a.identity) == [(b"x",)]


def test_a_watched_socket_wakes_poll_until_it_is_read(closing: list[Mesh]) -> None:
    """watch(fd): poll() waits for the owner's own socket too (the runner's beacons) and
    reports Readable while data waits; unwatch() stops it."""
    import socket

    a = mesh(0)
    closing.append(a)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        udp.bind(("127.0.0.1", 0))
        udp.setblocking(False)
        a.watch(udp.fileno())
        assert not [e for e in a.poll(20) if isinstance(e, Readable)]  # nothing came
        sender.sendto(b"beacon", udp.getsockname())
        t0 = time.monotonic()
        events = a.poll(2000)
        assert Readable(udp.fileno()) in events
        assert time.monotonic() - t0 < 1.0  # woken by the datagram, not the time-out
        assert Readable(udp.fileno()) in a.poll(0)  # still there: level-triggered
        assert udp.recv(64) == b"beacon"
        assert not [e for e in a.poll(20) if isinstance(e, Readable)]
        sender.sendto(b"again", udp.getsockname())
        a.unwatch(udp.fileno())
        time.sleep(0.05)
        assert not [e for e in a.poll(20) if isinstance(e, Readable)]
    finally:
        udp.close()
        sender.close()


def test_a_key_not_allowed_delivers_nothing(closing: list[Mesh]) -> None:
    victim, friend, intruder = mesh(0), mesh(1), mesh(2)
    closing += [victim, friend, intruder]
    link([victim, friend])
    assert victim.curve is not None and intruder.curve is not None
    # The intruder knows the victim's endpoint and server key; the victim never allowed it.
    intruder.add_peer(victim.identity, victim.endpoint, victim.curve.public)
    refused = Refused(intruder.curve.public, "127.0.0.1")
    n = 0

    def done(log: Log) -> bool:
        nonlocal n
        n += 1
        intruder.send(victim.identity, [b"let me in %d" % n])
        friend.send(victim.identity, [b"hi %d" % n])
        return refused in log[victim] and len(messages(log[victim], friend.identity)) >= 20

    log = pump([victim, friend, intruder], done)
    assert messages(log[victim], intruder.identity) == []
    assert log[victim].count(refused) == 1  # reported once, however often it retries
    assert not any(isinstance(e, Message) and e.peer != friend.identity for e in log[victim])


def test_early_message_waits_until_the_peer_admits_us(closing: list[Mesh]) -> None:
    """The lobby's race: we know the peer's card before it knows ours. Its ZAP handler
    refuses us; libzmq gives up on that connection; the mesh redials with backoff and
    delivers what was sent meanwhile, once."""
    a, b = mesh(0), mesh(1)
    closing += [a, b]
    assert a.curve is not None and b.curve is not None
    a.add_peer(b.identity, b.endpoint, b.curve.public)
    assert a.send(b.identity, [b"early"])
    refused = Refused(a.curve.public, "127.0.0.1")
    log = pump([a, b], lambda L: Rejected(b.identity) in L[a] and refused in L[b])
    assert messages(log[b]) == []
    b.add_peer(a.identity, a.endpoint, a.curve.public)  # b learns a's card at last
    a.send(b.identity, [b"later"])
    pump([a, b], lambda L: len(messages(L[b])) == 2, log)
    pump([a, b], lambda L: PeerBack(b.identity) in L[a], log)  # b -> a works too
    assert messages(log[b], a.identity) == [(b"early",), (b"later",)]
    assert log[a].count(Rejected(b.identity)) == 1


def test_disallowed_peer_is_dropped_from_then_on(closing: list[Mesh]) -> None:
    a, b = mesh(0), mesh(1)
    closing += [a, b]
    link([a, b])
    a.send(b.identity, [b"one"])
    log = pump([a, b], lambda L: bool(messages(L[b])))
    b.disallow(a.identity)
    a.send(b.identity, [b"two"])
    pump([a, b], lambda L: Dropped(a.identity, "no longer allowed") in L[b], log)
    assert messages(log[b]) == [(b"one",)]


def raw_dealer(
    ctx: zmq.Context[Any], keys: CurveKeys, server: Mesh, routing_id: bytes | None = None
) -> zmq.Socket[Any]:
    """A hand-driven Curve client: it can send any frames at all."""
    assert server.curve is not None
    s: zmq.Socket[Any] = ctx.socket(zmq.DEALER)
    s.linger = 0
    s.curve_secretkey, s.curve_publickey = keys.secret, keys.public
    s.curve_serverkey = server.curve.public
    if routing_id is not None:
        s.setsockopt(zmq.ROUTING_ID, routing_id)
    s.connect(server.endpoint)
    return s


def test_spoofed_sender_and_garbage_are_dropped(closing: list[Mesh]) -> None:
    victim = mesh(0)
    closing.append(victim)
    alice, _ = player(1)
    mallory, mkeys = player(2)
    victim.allow(alice, player(1)[1].public)
    victim.allow(mallory, mkeys.public)
    ctx = zmq.Context()
    try:
        # Mallory picks Alice's id as its routing id and names Alice in the header.
        raw = raw_dealer(ctx, mkeys, victim, routing_id=alice)
        data = b"CSM\x01\x01"  # magic, version 1, kind DATA
        for frames in (
            [data + alice, b"I am alice"],  # spoofed sender
            [b"junk"],  # no valid header
            [data + mallory],  # DATA without payload
            [b"CSM\x01\x63" + mallory, b"?"],  # unknown kind
            [data + b"m" * 65, b"x"],  # sender id too long
            [data + mallory] + [b"f"] * 9,  # too many frames
            [data + mallory, b"honest"],
        ):
            raw.send_multipart(frames)
        log = pump([victim], lambda L: bool(messages(L[victim])))
        drops = [e for e in log[victim] if isinstance(e, Dropped)]
        assert [d.peer for d in drops] == [mallory] * 6
        assert drops[0].reason == f"spoofed sender {alice.hex()}"
        assert messages(log[victim]) == [(b"honest",)]
        assert [e.peer for e in log[victim] if isinstance(e, Message)] == [mallory]
    finally:
        ctx.destroy(linger=0)


def test_oversized_frame_is_refused_and_receiver_keeps_running(closing: list[Mesh]) -> None:
    receiver, friend = mesh(0), mesh(1)
    big_sender = mesh(2, max_msg_size=4 * DEFAULT_MAX_MSG_SIZE)
    closing += [receiver, friend, big_sender]
    link([receiver, friend])
    link([receiver, big_sender])
    with pytest.raises(ValueError):  # we never send what a peer would refuse
        receiver.send(friend.identity, [bytes(DEFAULT_MAX_MSG_SIZE + 1)])
    big = bytes(DEFAULT_MAX_MSG_SIZE + 4096)
    assert big_sender.send(receiver.identity, [big])
    n = 0

    def done(log: Log) -> bool:
        # zmq cuts the connection that carried the oversized frame (and whatever was
        # batched with it), then reconnects; later messages get through.
        nonlocal n
        n += 1
        if n % 10 == 0:
            big_sender.send(receiver.identity, [b"small %d" % n])
            friend.send(receiver.identity, [b"friend %d" % n])
        got = log[receiver]
        return bool(messages(got, big_sender.identity)) and bool(messages(got, friend.identity))

    log = pump([receiver, friend, big_sender], done)
    assert all(len(f[0]) < 100 for f in messages(log[receiver]))


def faulty_run(faults: Faults, count: int) -> tuple[list[int], list[str]]:
    """Send count numbered messages through the fault wrapper; return what arrived."""
    sender = mesh(0, FaultyMesh, faults=faults)
    receiver = mesh(1)
    try:
        link([sender, receiver])
        for i in range(count):
            sender.send(receiver.identity, [i.to_bytes(2, "big")])
        kinds = [fault for _, _, fault in sender.log]  # type: ignore[attr-defined]
        expected = count - kinds.count("drop") + kinds.count("duplicate")
        log = pump([sender, receiver], lambda L: len(messages(L[receiver])) >= expected)
        return [int.from_bytes(f[0], "big") for f in messages(log[receiver])], kinds
    finally:
        sender.close(goodbye=False)
        receiver.close(goodbye=False)


def model(kinds: list[str]) -> list[int]:
    """What the fault semantics promise arrives, in order, for these decisions."""
    out: list[int] = []
    held: list[int] = []
    for i, kind in enumerate(kinds):
        if kind == "reorder":
            held.append(i)
        elif kind != "drop":
            out += [i, i] if kind == "duplicate" else [i]
            out += held
            held = []
    return out + held  # the last held ones are released by poll() after delay_ms


def test_fault_wrapper_is_deterministic_for_a_seed() -> None:
    faults = Faults(b"seed-1", drop=100, duplicate=100, reorder=100, delay_ms=20)
    first, kinds = faulty_run(faults, 300)
    again, kinds_again = faulty_run(faults, 300)
    assert kinds == kinds_again and first == again == model(kinds)
    assert {"drop", "duplicate", "reorder", "pass"} <= set(kinds)
    assert Faults(b"seed-2", drop=100, duplicate=100, reorder=100).decide(b"x", 0) in (
        "drop", "duplicate", "reorder", "pass",
    )  # fmt: skip
    other_seed = Faults(b"seed-2", drop=100, duplicate=100, reorder=100)
    other = [other_seed.decide(player(1)[0], n) for n in range(300)]
    assert other != kinds


def test_fault_wrapper_delays_but_delivers() -> None:
    got, kinds = faulty_run(Faults(b"slow", delay=300, delay_ms=150), 60)
    assert sorted(got) == list(range(60)) and "delay" in kinds
    # a delayed message arrives after some message sent after it
    first_delayed = kinds.index("delay")
    assert got.index(first_delayed) > first_delayed


# ------------------------------------------------------------ a real peer process


def start_peer(seed: int, bind: str, parent: Mesh) -> tuple[subprocess.Popen[str], str]:
    assert parent.curve is not None
    args = [sys.executable, __file__, str(seed), bind]
    args += [parent.identity.hex(), parent.endpoint, parent.curve.public.hex()]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    if not select.select([proc.stdout], [], [], 30)[0]:  # a hang fails, never blocks
        proc.kill()
        proc.wait()
        raise AssertionError("the peer process did not print its endpoint in 30 s")
    endpoint = proc.stdout.readline().strip()
    assert endpoint.startswith("tcp://127.0.0.1:"), endpoint
    return proc, endpoint


def test_heartbeats_mark_a_killed_peer_away_and_back(closing: list[Mesh]) -> None:
    parent = mesh(0)
    closing.append(parent)
    child_id, child_keys = player(1)
    proc, endpoint = start_peer(1, "tcp://127.0.0.1:0", parent)
    try:
        parent.add_peer(child_id, endpoint, child_keys.public)
        parent.send(child_id, [b"ping 1"])
        log = pump([parent], lambda L: (b"echo", b"ping 1") in messages(L[parent], child_id))
        assert PeerBack(child_id) in log[parent]
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        pump([parent], lambda L: PeerAway(child_id) in L[parent], log)
        assert parent.status(child_id) is False
        # The same player restarts on the same endpoint (as `cosmic resume` would).
        log[parent].clear()
        proc, again = start_peer(1, endpoint, parent)
        assert again == endpoint
        parent.send(child_id, [b"ping 2"])
        pump([parent], lambda L: (b"echo", b"ping 2") in messages(L[parent], child_id), log)
        assert PeerBack(child_id) in log[parent] and parent.status(child_id) is True
    finally:
        proc.kill()
        proc.wait()


def _echo_peer(seed: int, bind: str, parent_id: str, parent_endpoint: str, curve: str) -> None:
    sk = SigningKey.from_seed(bytes([seed + 1]) * 32)
    m = Mesh(sk.public, bind, curve=CurveKeys.from_seed(sk.seed), heartbeat_s=BEAT, away_after=4)
    m.add_peer(bytes.fromhex(parent_id), parent_endpoint, bytes.fromhex(curve))
    print(m.endpoint, flush=True)
    while True:  # until killed
        for ev in m.poll(100):
            if isinstance(ev, Message):
                m.send(ev.peer, [b"echo", *ev.frames])


if __name__ == "__main__":
    _echo_peer(int(sys.argv[1]), *sys.argv[2:6])
