"""Work moved off the way of a take: seal() trusts its own signature, the runner computes
the state's public hash while nothing waits (Mesh.waiting, NodeCore.prepare), and a
broadcast builds one message for every peer (a FaultyMesh still sees each send)."""

from __future__ import annotations

import time

import pytest

from engine import cosmic as engine
from node.core import NodeCore
from node.curve import CurveKeys
from node.transport import Faults, FaultyMesh, Mesh, Message, PeerBack
from protocol.envelope import open_envelope, seal
from protocol.errors import LocalProtocolError
from protocol.game import GAME_KINDS, make_genesis
from protocol.keys import SigningKey, verify


def _keys(n: int) -> list[SigningKey]:
    return [SigningKey.from_seed(bytes([i + 1]) * 32) for i in range(n)]


def _cores(n: int = 3) -> list[NodeCore]:
    keys = _keys(n)
    g = make_genesis(engine.Config(n, max_turns=1),
                     [(f"p{i}", k.public) for i, k in enumerate(keys)],
                     mode="network", salt=b"\x07" * 32)
    return [NodeCore(g, i, keys[i], secret_seed=bytes([i + 9]) * 32) for i in range(n)]


def _mail(cores: list[NodeCore], rounds: int) -> None:
    for _ in range(rounds):
        for c in cores:
            c.pump()
        mail = [(i, raw) for i, c in enumerate(cores) for raw in c.outbox()]
        for i, raw in mail:
            for j, d in enumerate(cores):
                if j != i:
                    d.offer(raw)


def test_sealed_envelopes_carry_a_signature_every_peer_accepts() -> None:
    """seal() no longer checks its own signature again: what it made must verify, and
    open as a peer opens it (signature included) to the very same envelope."""
    cores = _cores()
    _mail(cores, 40)  # the card setup: every seat's own card messages were sealed
    assert all(len(c.record) > 10 and not c.blames for c in cores)
    for c in cores:
        for raw in c.record:
            env = open_envelope(raw, c.genesis, GAME_KINDS)  # raises on a bad signature
            assert verify(env.author_key, env.sig, env.signed)
    c = cores[0]
    seq, prev = c._next_link()
    env, raw = seal(c.genesis, c.key, 0, seq, prev, c.public_hash(), "chat", [-1, "hi"],
                    kinds=GAME_KINDS, view=c.ledger.view(0))
    opened = open_envelope(raw, c.genesis, GAME_KINDS)
    assert (opened.raw, opened.hash, opened.body, opened.view) == (env.raw, env.hash,
                                                                   env.body, env.view)
    with pytest.raises(LocalProtocolError):  # another seat's key is still refused
        seal(c.genesis, _keys(3)[1], 0, seq, prev, c.public_hash(), "chat", [-1, "hi"],
             kinds=GAME_KINDS)


def test_prepare_computes_the_hash_and_changes_nothing() -> None:
    cores = _cores()
    _mail(cores, 40)
    for c in cores:
        state, record = c.state, list(c.record)
        c._hashed = (None, b"")  # as after a take: the new state not hashed yet
        c.prepare()
        assert c.state is state and c.record == record and c.outbox() == []
        assert c._hashed[0] is state  # what the next take compares a claim with
        assert c.public_hash() == c.rules.public_hash(state)


def _mesh(i: int, cls: type[Mesh] = Mesh, **kw: object) -> Mesh:
    sk = _keys(i + 1)[i]
    return cls(sk.public, "tcp://127.0.0.1:0", curve=CurveKeys.from_seed(sk.seed),
               heartbeat_s=30.0, **kw)  # type: ignore[arg-type]


def _link(meshes: list[Mesh]) -> None:
    for a in meshes:
        for b in meshes:
            if a is not b:
                assert b.curve is not None
                a.add_peer(b.identity, b.endpoint, b.curve.public)


def _until(what: object, limit_s: float = 5.0) -> None:
    deadline = time.monotonic() + limit_s
    while not what():  # type: ignore[operator]
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.002)


def test_waiting_tells_a_message_came_before_poll_reads_it(closing: list[Mesh]) -> None:
    a, b = _mesh(0), _mesh(1)
    closing += [a, b]
    _link([a, b])
    met: dict[Mesh, list[object]] = {a: [], b: []}
    deadline = time.monotonic() + 5
    while not all(any(isinstance(e, PeerBack) for e in met[m]) for m in (a, b)):
        assert time.monotonic() < deadline
        for m in (a, b):
            met[m] += m.poll(5)
    while b.poll(50):  # the first heartbeats (the next come in 30 s)
        pass
    assert not b.waiting()
    assert a.send(b.identity, [b"hello"])
    _until(b.waiting)
    assert b.waiting()  # until it is read
    got = [e for e in b.poll(0) if isinstance(e, Message)]
    assert [e.frames for e in got] == [(b"hello",)]
    assert not b.waiting()
    a.close(goodbye=False)
    assert not a.waiting()  # a closed mesh has nothing waiting (and does not raise)


def test_a_faulty_mesh_broadcast_still_goes_through_its_faults(closing: list[Mesh]) -> None:
    a = _mesh(0, FaultyMesh, faults=Faults(b"seed", drop=1000))
    b, c = _mesh(1), _mesh(2)
    closing += [a, b, c]
    _link([a, b, c])
    assert a.broadcast([b"lost"]) == []
    assert isinstance(a, FaultyMesh)
    assert sorted((peer, fault) for peer, _, fault in a.log) == sorted(
        [(b.identity, "drop"), (c.identity, "drop")])
