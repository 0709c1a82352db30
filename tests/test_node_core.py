"""The node core without sockets: cores pass envelopes to each other in memory (real
signatures, real card protocol) — chat, ordering of early envelopes, and the record."""

from __future__ import annotations

from typing import Any

import pytest

from engine import cosmic as engine
from bots import HeuristicBot
from engine.rng import Stream
from node.core import WINDOW, WINDOW_BYTES, NodeCore
from protocol.envelope import open_envelope
from protocol.game import GAME_KINDS, make_genesis
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


def _hash_at(core: NodeCore, author: int, seq: int) -> bytes:
    env = core.ledger.get(author, seq)
    assert env is not None
    return env.hash


def _genesis_keys(n: int = 3, turns: int = 1) -> tuple[Any, list[SigningKey]]:
    keys = [SigningKey.from_seed(bytes([i + 1]) * 32) for i in range(n)]
    g = make_genesis(engine.Config(n, max_turns=turns), [(f"p{i}", k.public)
                                                         for i, k in enumerate(keys)],
                     mode="network", salt=b"\x07" * 32)
    return g, keys


@pytest.mark.parametrize("heads", [True, False])
def test_a_fork_is_proven_and_no_honest_seat_is_blamed(heads: bool) -> None:
    """Seat 1 runs two cores with one key and two sets of card secrets: one talks only to
    seat 0, the other only to seat 2 (seats 0 and 2 talk, and catch up as the runner
    does: what the other lacks, and our version where its head differs). Seat 1's
    envelopes leave in step, so neither honest seat ever lacks a seq the other could pass
    on. Both end up holding the two signed versions of seat 1's key registration: seat 1
    named, nobody else (no proof is checked on the other version), both halted. Without
    heads in catch-up (heads=False: only what the other lacks) the views alone prove it."""
    g, keys = _genesis_keys()
    written: dict[int, list[bytes]] = {0: [], 2: []}
    x = NodeCore(g, 0, keys[0], secret_seed=b"\x10" * 32, append=written[0].append)
    y = NodeCore(g, 2, keys[2], secret_seed=b"\x12" * 32, append=written[2].append)
    a = NodeCore(g, 1, keys[1], secret_seed=b"\x11" * 32)
    b = NodeCore(g, 1, keys[1], secret_seed=b"\x21" * 32)  # the other version
    for evil in (a, b):  # the forker takes whatever it is shown
        evil.ledger.check_view = lambda env: None  # type: ignore[method-assign]
        evil.ledger.view_missing = lambda env: []  # type: ignore[method-assign]
    links = {x: [y, a], y: [x, b], a: [x], b: [y]}
    bots = {c: HeuristicBot(bytes([i])) for i, c in enumerate(links)}
    held: dict[NodeCore, list[tuple[int, bytes]]] = {a: [], b: []}

    def seq_of(raw: bytes) -> tuple[int, int]:
        env = open_envelope(raw, g, GAME_KINDS, check_signature=False)
        return env.author, env.seq

    for _ in range(400):
        for c in links:
            c.pump()
            if c.my_turn() and not c.halted:
                c.act(bots[c].choose(c.state, c.seat, c.knowledge))
        for c in (a, b):
            held[c] += [(seq_of(raw)[1], raw) for raw in c.outbox()]
        released = min(max([s for s, _ in held[c]], default=0) for c in (a, b))
        for c, to in links.items():
            if c in held:
                mail = [raw for s, raw in held[c] if s <= released]
                held[c] = [(s, raw) for s, raw in held[c] if s > released]
            else:
                mail = c.outbox()
            for raw in mail:
                for d in to:
                    d.offer(raw)
            for d in to:  # catch-up, as node/runner.py does it
                have = d.have()
                if not heads:  # as if every head agreed with ours: only what d lacks
                    have = [(n, _hash_at(c, s, n) if 0 < n <= c.ledger.last_seq(s) else h)
                            for s, (n, h) in enumerate(have)]
                for raw in c.missing_for(have)[:200]:
                    author, seq = seq_of(raw)
                    if author != 1 or seq <= released:  # seat 1's own: in step too
                        d.offer(raw)
        if x.halted and y.halted:
            break
    for honest in (x, y):
        assert honest.halted, "the fork was never proven"
        assert any(b.author == 1 and b.check == "equivocation" for b in honest.blames)
        assert not [b for b in honest.blames if b.author in (0, 2)], honest.blames
        (ev,) = honest.evidence
        assert ev.author == 1 and ev.verify(g, GAME_KINDS)
        # If this seat took a version, the other is in its journal after it.
        taken = honest.ledger.get(1, ev.seq)
        if taken is not None:
            assert written[honest.seat][-1] in (ev.first, ev.second)
            assert written[honest.seat][-1] != taken.raw
    assert x.ledger.get(1, 1) is not None and y.ledger.get(1, 1) is not None  # in step


def test_an_authors_window_bounds_what_waits() -> None:
    """Envelopes of one author are kept only within WINDOW seqs and WINDOW_BYTES of what
    was taken, the nearest first; one far ahead is dropped, so a game whose peer gets a
    flood beyond the window still finishes, nobody blamed."""
    from protocol.envelope import seal
    cores = _cores()
    flooder = cores[1]

    def signed(seq: int, size: int) -> bytes:
        _, raw = seal(flooder.genesis, flooder.key, 1, seq, bytes(32), bytes(32), "reveal",
                      ["flood", bytes(32), b"x" * size], kinds=GAME_KINDS)
        return raw
    fresh = _cores()[0]
    for seq in range(200, 1, -1):  # the farthest first: the nearest push them out
        fresh.offer(signed(seq, 60_000))
    held = sorted(s for a, s in fresh._inbox if a == 1)
    assert held == list(range(2, 2 + len(held))) and held[-1] <= WINDOW
    assert 0 < fresh._inbox_bytes[1] <= WINDOW_BYTES < (len(held) + 1) * 61_000  # bytes bind
    for seq in range(WINDOW + 1, WINDOW + 2000, 10):
        cores[0].offer(signed(seq, 60_000))
    assert not [k for k in cores[0]._inbox if k[0] == 1] and not cores[0].blames
    _run(cores)
    assert all(c.done and not c.blames for c in cores)


def test_a_whole_record_offered_at_once_is_taken() -> None:
    """A record longer than the window, offered in one go and then pumped (what `cosmic
    resume` does to see whether a journal holds a finished game), is taken whole: the
    window bounds what waits, not what can be taken."""
    cores = _cores(turns=4)
    _run(cores)
    record = cores[0].record
    assert max(cores[0].ledger.last_seq(a) for a in range(3)) > WINDOW
    fresh = _cores(turns=4)[0]
    for raw in record:
        fresh.offer(raw)
    fresh.pump()
    assert fresh.done and fresh.record == record


def test_missing_for_sends_what_a_peer_lacks_in_record_order() -> None:
    """For a peer's have() (per author: last seq, head), missing_for gives every envelope
    of an author past the peer's seq, in our record's order; nothing for a peer level
    with us (or that sends a negative seq for an author: nothing of it); for a head that
    differs, our version there first and nothing more of that author."""
    cores = _cores()
    cores[1].say("hello all")
    _run(cores)
    c = cores[0]
    g = c.genesis
    opened = [open_envelope(r, g, GAME_KINDS) for r in c.record]
    assert c.missing_for(c.have()) == []
    last = [c.ledger.last_seq(a) for a in range(3)]
    for behind in ([0, 0, 0], [1, last[1] - 2, 0], [last[0], 5, last[2] - 1], [-3, 0, 9]):
        have = [(s, _hash_at(c, a, s) if 0 < s <= last[a] else bytes(32))
                for a, s in enumerate(behind)]
        want = [e.raw for e in opened if e.seq > behind[e.author] >= 0]
        assert c.missing_for(have) == want
    # Author 1's head differs at seq 3: our version of it, then only the others' lack.
    have = [(0, bytes(32)), (3, bytes(32)), (last[2], _hash_at(c, 2, last[2]))]
    fork = [e.raw for e in opened if (e.author, e.seq) == (1, 3)]
    assert c.missing_for(have) == fork + [e.raw for e in opened if e.author == 0]
