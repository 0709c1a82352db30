"""A networked game's journal, verified with its card proofs checked partly by the
verifier's worker (node.verify: the shuffles whose statement the journal's bytes give)
and partly by the replay: a forged shuffle proof, decryption-share proof or point is
still refused, with the same error naming the same record and seat, serial or parallel;
and a verdict is taken only for a check of the very same bytes."""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable
from typing import Any, cast

import pytest

from bots import RandomBot
from engine import cosmic as engine
from node.core import NodeCore, secret_seed_for
from node.verify import (
    _BUSY, _GOOD, _PROOFS, _SLOT, ParallelSignatures, _shuffle_statements, can_fork,
    verify_journal,
)
from protocol import canonical
from protocol.cards_record import proof_verdicts
from protocol.cards_wire import SHARES, SHUFFLE
from protocol.crypto.elgamal import decode_ciphertexts
from protocol.crypto.shuffle import shuffle_digest
from protocol.envelope import Envelope, open_envelope
from protocol.errors import ProtocolError
from protocol.game import GAME_KINDS, VerifyVisitor, make_genesis, read_journal
from protocol.genesis import Genesis
from protocol.journal import encode_header, encode_record, parse_journal
from protocol.keys import SigningKey

SEATS = 3


def _key(seat: int) -> SigningKey:
    return SigningKey.from_seed(hashlib.sha256(b"verify-proofs" + bytes([seat])).digest())


@functools.cache
def _game() -> tuple[Genesis, tuple[bytes, ...]]:
    """A three-seat networked game of one turn, cores in memory (real signatures and card
    protocol): seat 0's journal's envelopes."""
    keys = [_key(i) for i in range(SEATS)]
    g = make_genesis(engine.Config(SEATS, max_turns=1),
                     [(f"p{i}", k.public) for i, k in enumerate(keys)],
                     mode="network", salt=b"\x05" * 32)
    written: list[bytes] = []
    cores = [NodeCore(g, i, keys[i], secret_seed=secret_seed_for(keys[i], g),
                      append=written.append if i == 0 else (lambda raw: None),
                      keep=lambda raw: None) for i in range(SEATS)]
    bots = [RandomBot(bytes([i])) for i in range(SEATS)]
    for _ in range(5000):
        if all(c.done for c in cores):
            return g, tuple(written)
        for i, c in enumerate(cores):
            c.pump()
            if c.my_turn():
                c.act(bots[i].choose(c.state, i, c.knowledge))  # type: ignore[arg-type]
        for i, c in enumerate(cores):
            for raw in c.outbox():
                for j, d in enumerate(cores):
                    if j != i:
                        d.offer(raw)
    raise AssertionError("the game did not end")


def _envelopes() -> list[Envelope]:
    g, raws = _game()
    return [open_envelope(r, g, GAME_KINDS) for r in raws]


def _journal(raws: list[bytes]) -> bytes:
    return encode_header(_game()[0]) + b"".join(encode_record(r) for r in raws)


def _digest(st: tuple[object, ...]) -> bytes:
    """The digest of a statement the worker found (record, y, source, input, output,
    proof, context)."""
    _, y, _, data, out, proof, ctx = st
    return shuffle_digest(y, decode_ciphertexts(data), out, proof, ctx)  # type: ignore[arg-type]


def _forge(k: int, change: Callable[[list[Any]], None]) -> bytes:
    """The journal with record k's body changed by `change`, signed again by its author:
    a validly signed forgery by that seat."""
    raws = list(_game()[1])
    fields: list[Any] = list(cast(list[Any], canonical.decode(raws[k][:-64])))
    body = list(fields[8])
    change(body)
    fields[8] = body
    signed = canonical.encode(fields)
    author = fields[2]
    assert isinstance(author, int)
    raws[k] = signed + _key(author).sign(signed)
    return _journal(raws)


def _flip(data: object, at: int) -> bytes:
    assert isinstance(data, bytes)
    b = bytearray(data)
    b[at] ^= 0x01
    return bytes(b)


def _error(data: bytes, parallel: bool) -> tuple[object, ...]:
    e = verify_journal(data, parallel=parallel).error
    assert isinstance(e, ProtocolError)
    return (e.check, getattr(e, "record", None), getattr(e, "author", None), e.message)


def _where(kind: str, last: bool = False, seat: int | None = None) -> int:
    found = [i for i, e in enumerate(_envelopes())
             if e.kind == kind and (seat is None or e.author == seat)]
    return found[-1] if last else found[0]


def test_the_game_verifies_both_ways() -> None:
    data = _journal(list(_game()[1]))
    for parallel in (False, True):
        result = verify_journal(data, parallel=parallel)
        assert result.error is None and result.complete


# (kind, which record: the last one of that kind, by seat; the body's field; the byte to
# flip; the check expected). A late shuffle by seat 2 is one the worker checks (from the
# back, and its statement is in the journal's bytes); seat 0's is the replay's own.
CASES = [
    (SHUFFLE, 2, 2, 0, "shuffle-proof"),  # the proof's challenge
    (SHUFFLE, 2, 2, 200, "point"),  # a point of the proof's permutation commitment
    (SHUFFLE, 2, 1, 5, "point"),  # a point of the output
    (SHUFFLE, 2, 2, -1, "shuffle-proof"),  # the last response
    (SHUFFLE, 0, 2, 0, "shuffle-proof"),
    (SHARES, 1, 2, 3, "share-proof"),  # the DLEQ proof
    (SHARES, 1, 1, 0, "point"),  # a share
]


@pytest.mark.parametrize("kind,seat,field,at,check", CASES)
def test_a_forged_proof_fails_alike_serial_and_parallel(kind: str, seat: int, field: int,
                                                        at: int, check: str) -> None:
    k = _where(kind, last=True, seat=seat)

    def change(body: list[Any]) -> None:
        body[field] = _flip(body[field], at)
    data = _forge(k, change)
    serial = _error(data, parallel=False)
    assert serial[:3] == (check, k, seat), serial
    if can_fork():
        assert _error(data, parallel=True) == serial


def test_the_worker_derives_exactly_the_statements_the_replay_checks() -> None:
    """Every shuffle statement the worker finds in the journal's bytes is one the replay
    asks a verdict for (the same digest): deck shuffles by every seat but the first."""
    g, raws = _game()
    statements = _shuffle_statements(list(raws), g)
    shuffles = [i for i, e in enumerate(_envelopes()) if e.kind == SHUFFLE]
    assert statements and {s[0] for s in statements} < set(shuffles)
    asked: list[bytes] = []

    class Recording:
        def shuffle_verified(self, digest: bytes) -> bool:
            asked.append(digest)
            return False
    with proof_verdicts(Recording()):
        verdict = read_journal(parse_journal(_journal(list(raws))), VerifyVisitor(strict=True))
    assert verdict is not None
    derived = {_digest(s) for s in statements}
    assert derived <= set(asked)


def test_a_verdict_is_taken_only_for_the_same_bytes() -> None:
    """Verdicts that pass every check of the true journal do not pass a forged one: the
    forged record's check has another digest, and is made here."""
    g, raws = _game()
    true = {_digest(s) for s in _shuffle_statements(list(raws), g)}
    k = max(s[0] for s in _shuffle_statements(list(raws), g))

    class Trusting:
        def shuffle_verified(self, digest: bytes) -> bool:
            return digest in true

    def change(body: list[Any]) -> None:
        body[2] = _flip(body[2], 40)  # s1, a response
    data = _forge(k, change)
    with proof_verdicts(Trusting()):
        with pytest.raises(ProtocolError) as info:
            read_journal(parse_journal(data), VerifyVisitor(strict=True))
    assert info.value.check == "shuffle-proof"
    assert getattr(info.value, "record", None) == k


def test_the_replay_takes_the_workers_verdicts() -> None:
    """The whole path through the worker: given the time (the replay waits until the
    worker has checked every shuffle it can), the replay takes its word for each of them,
    and for nothing else."""
    if not can_fork():
        pytest.skip("no worker process here")
    g, raws = _game()
    statements = _shuffle_statements(list(raws), g)
    contents = parse_journal(_journal(list(raws)))
    job = ParallelSignatures(contents)
    try:
        deadline = time.monotonic() + 60
        while job._counters[_PROOFS] < len(statements) or any(
                job._slots[k * _SLOT + 32] == _BUSY for k in range(job._counters[_PROOFS])):
            assert time.monotonic() < deadline, "the worker checked no shuffle in a minute"
            time.sleep(0.001)
        assert all(job._slots[k * _SLOT + 32] == _GOOD for k in range(len(statements)))
        answers: list[bool] = []

        class Counting:
            def shuffle_verified(self, digest: bytes) -> bool:
                answers.append(job.shuffle_verified(digest))
                return answers[-1]
        with proof_verdicts(Counting()):
            verdict = read_journal(contents, VerifyVisitor(strict=True), signatures=job)
        assert verdict is not None and verdict.audited
    finally:
        job.close()
    shuffles = sum(1 for e in _envelopes() if e.kind == SHUFFLE)
    assert len(answers) == shuffles  # every peer shuffle asked (seat 0's own are peers' here)
    assert sum(answers) == len(statements)
