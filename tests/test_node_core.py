"""The node core without sockets: cores pass envelopes to each other in memory (real
signatures, real card protocol) — chat, ordering of early envelopes, and the record."""

from __future__ import annotations

import engine
from bots import HeuristicBot
from engine.local import Stream
from node.core import NodeCore
from protocol.game import make_genesis
from protocol.keys import SigningKey


def _cores(n: int = 3, turns: int = 1) -> list[NodeCore]:
    keys = [SigningKey.from_seed(bytes([i + 1]) * 32) for i in range(n)]
    g = make_genesis(engine.Config(n, max_turns=turns), [(f"p{i}", k.public)
                                                         for i, k in enumerate(keys)],
                     mode="network", salt=b"\x07" * 32)
    return [NodeCore(g, i, keys[i], secret_seed=bytes([i + 9]) * 32) for i in range(n)]


def _run(cores: list[NodeCore], shuffle: bool = False, limit: int = 20000) -> None:
    bots = [HeuristicBot(bytes([i])) for i in range(len(cores))]
    stream = Stream(b"test", "mail order")
    for _ in range(limit):
        if all(c.done for c in cores):
            return
        for i, c in enumerate(cores):
            c.pump()
            if c.my_turn():
                c.act(bots[i].choose(c.state, i, c.knowledge))
        mail = [(i, raw) for i, c in enumerate(cores) for raw in c.outbox()]
        if shuffle:
            mail = [mail[k] for k in stream.permutation(len(mail))]  # out of order
        for i, raw in mail:
            for j, d in enumerate(cores):
                if j != i:
                    d.offer(raw)
    raise AssertionError("the game did not finish")


def test_chat_is_signed_into_every_record() -> None:
    """Chat is not part of the game's order: each node records it where it arrived, so
    records hold the same envelopes, and the same game envelopes in the same order. A
    tell is read by its two ends only (tests/test_chat_tell.py has the rest)."""
    from protocol.envelope import CHAT_KINDS, open_envelope
    from protocol.game import GAME_KINDS
    cores = _cores()
    cores[1].say("hello all")
    cores[2].say("psst", to=0)
    _run(cores)
    g = cores[0].genesis
    for c in cores:
        assert c.done and not c.blames
        heard = [(e[1], e[2], e[3]) for e in c.events if e[0] == "chat"]
        told = "psst" if c.seat in (0, 2) else None
        assert sorted(heard, key=str) == [(1, -1, "hello all"), (2, 0, told)]
    assert len({frozenset(c.record) for c in cores}) == 1

    def game_order(c: NodeCore) -> list[bytes]:
        return [r for r in c.record if open_envelope(r, g, GAME_KINDS).kind not in CHAT_KINDS]
    assert len({tuple(game_order(c)) for c in cores}) == 1


def test_envelopes_delivered_out_of_order_give_the_same_record() -> None:
    a = _cores(turns=2)
    _run(a, shuffle=True)
    b = _cores(turns=2)
    _run(b, shuffle=False)
    assert all(c.done and not c.blames for c in a + b)
    assert len({tuple(c.record) for c in a}) == 1
    assert tuple(a[0].record) == tuple(b[0].record)  # same inputs, same bytes
