"""Fuzzing the game verifier: mutated journals and validly signed random actions. The only
exception that escapes is the protocol's own; a mutated journal that still verifies is a
prefix of the real one; the engine never fails on a signed action, it refuses it."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import cosmic as engine
from _journal_games import short_game
from engine.cosmic.actions import ACTION_KINDS
from node.records import local_key
from protocol.errors import ProtocolError
from protocol.game import GameVerifier, seal_action, verify_journal_bytes
from protocol.journal import parse_journal

REC = short_game()
ENTRIES = parse_journal(REC.journal).entries
FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
KINDS = [c for _, c in sorted(ACTION_KINDS.items())]  # chance kinds too: a seat may try


@st.composite
def mutated_journal(draw: st.DrawFn) -> bytes:
    raws = list(REC.raws)
    op = draw(st.sampled_from(["bytes", "records"]))
    if op == "records":  # well-framed, so the envelope and game checks are reached
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(raws) - 1))
            how = draw(st.sampled_from(["drop", "dup", "swap", "flip"]))
            if how == "drop":
                del raws[i]
            elif how == "dup":
                raws.insert(draw(st.integers(0, len(raws))), raws[i])
            elif how == "swap" and i + 1 < len(raws):
                raws[i], raws[i + 1] = raws[i + 1], raws[i]
            elif how == "flip":
                b = bytearray(raws[i])
                b[draw(st.integers(0, len(b) - 1))] ^= 1 << draw(st.integers(0, 7))
                raws[i] = bytes(b)
        return REC.rebuild(raws)
    data = bytearray(REC.journal)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        pos = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "flip" and data:
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif kind == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=16))
        elif kind == "delete":
            del data[pos:pos + draw(st.integers(1, 16))]
        else:
            del data[pos:]
    return bytes(data)


@FUZZ
@given(mutated_journal())
def test_mutated_journals_raise_only_protocol_errors(data: bytes) -> None:
    try:
        verdict = verify_journal_bytes(data)
    except ProtocolError:
        return
    # Accepted: then it is the real game or a prefix of it (a cut at a record boundary,
    # or a torn tail), never something else.
    records = parse_journal(data).records
    assert records == REC.raws[:len(records)] and verdict.records == len(records)


_INT = st.one_of(st.integers(-3, 12), st.integers(0, 400), st.integers(-(2**31), 2**31 - 1))


@st.composite
def signed_action(draw: st.DrawFn) -> tuple[int, int, engine.Action, bytes]:
    k = draw(st.integers(0, len(REC.raws) - 1))
    author = draw(st.integers(0, 2))
    cls = draw(st.sampled_from(KINDS))
    values: list[Any] = []
    for shape in cls.SHAPES:
        if shape == "int":
            values.append(draw(_INT))
        elif shape == "ints":
            values.append(tuple(draw(st.lists(_INT, max_size=5))))
        else:
            values.append(tuple(draw(st.lists(st.tuples(_INT, _INT), max_size=5))))
    extra = draw(st.binary(min_size=32, max_size=32)) if cls.KIND in ("select", "reveal") else b""
    return k, author, cls(author, *values), extra


@FUZZ
@given(signed_action())
def test_signed_random_actions_are_refused_or_applied_never_crash(case: Any) -> None:
    k, author, action, extra = case
    verifier = GameVerifier(REC.genesis)
    for i in range(k):
        verifier.feed(REC.raws[i], i)
    seq, prev = verifier.ledger.next_link(author)
    _, raw = seal_action(REC.genesis, local_key(REC.game.seed, author), seq, prev,
                         verifier.settle(), action, extra)
    try:
        verifier.feed(raw, k)
    except ProtocolError as exc:
        assert "engine failed" not in exc.message, exc
        assert getattr(exc, "record", k) == k
