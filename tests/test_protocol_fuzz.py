"""Fuzzing: random and mutated bytes into every decoder. Only ProtocolError may escape,
and nothing mutated is ever accepted as a different valid message."""
from __future__ import annotations

import hashlib
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import canonical
from protocol.envelope import DEFAULT_KINDS, ZERO_HASH, Envelope, Ledger, action_body_schema, open_envelope, seal
from protocol.errors import ProtocolError, RemoteProtocolError
from protocol.genesis import Genesis
from protocol.journal import JournalReader, journal_bytes, parse_journal
from protocol.keys import generate
from protocol.schema import SchemaError

KINDS = DEFAULT_KINDS.copy()
KINDS.register("test-action", action_body_schema())
KEYS = [generate() for _ in range(3)]
GENESIS = Genesis.create(
    [(f"p{i}", f"c{i}", k.public) for i, k in enumerate(KEYS)],
    rules=["base"], engine_version="0.1.0", rules_hash=bytes(32),
    options=[("aliens", ["clone", "virus"]), ("seed", 7)],
)


def _envelopes() -> list[Envelope]:
    out = []
    prev = [ZERO_HASH] * 3
    seqs = [1, 1, 1]
    bodies: list[tuple[str, canonical.Value]] = [
        ("test-action", ["play", 1, [b"\x00" * 32, "x", None, True]]),
        ("chat", [-1, "hello"]),
        ("commit", ["beacon", b"d" * 32]),
        ("reveal", ["beacon", b"n" * 32, b"v" * 32]),
    ]
    for i, (kind, body) in enumerate(bodies):
        a = i % 3
        env, _ = seal(GENESIS, KEYS[a], a, seqs[a], prev[a], hashlib.sha256(bytes([i])).digest(),
                      kind, body, kinds=KINDS)
        prev[a], seqs[a] = env.hash, seqs[a] + 1
        out.append(env)
    return out


ENVS = _envelopes()
RAWS = [e.raw for e in ENVS]
JOURNAL = journal_bytes(GENESIS, RAWS)

# CI size: 300 inputs a property (3,000 in all). The nightly size, 100k and more in all:
# COSMIC_FUZZ_EXAMPLES=10000 make test (README, Tests).
EXAMPLES = int(os.environ.get("COSMIC_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@st.composite
def mutated(draw: st.DrawFn, base: bytes) -> bytes:
    """base with a few random flips, insertions, deletions, or a cut."""
    data = bytearray(base)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "set", "insert", "delete", "cut"]))
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "set":
            data[i] = draw(st.integers(0, 255))
        elif op == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete":
            del data[i:i + draw(st.integers(1, 8))]
        else:
            del data[i:]
    return bytes(data)


def any_of(bases: list[bytes]) -> st.SearchStrategy[bytes]:
    return st.sampled_from(bases).flatmap(mutated)


@FUZZ
@given(st.binary(max_size=300))
def test_decode_random(data: bytes) -> None:
    try:
        value = canonical.decode(data)
    except ProtocolError:
        return
    assert canonical.encode(value) == data


@FUZZ
@given(any_of(RAWS + [GENESIS.encoded]))
def test_decode_mutated(data: bytes) -> None:
    try:
        value = canonical.decode(data)
    except ProtocolError:
        return
    assert canonical.encode(value) == data


@FUZZ
@given(st.binary(max_size=400))
def test_open_envelope_random(data: bytes) -> None:
    try:
        open_envelope(data, GENESIS, KINDS)
    except ProtocolError:
        return
    raise AssertionError("random bytes opened as an envelope")


@FUZZ
@given(any_of(RAWS))
def test_open_envelope_mutated(data: bytes) -> None:
    try:
        env = open_envelope(data, GENESIS, KINDS)
    except ProtocolError:
        return
    assert data in RAWS  # only an unchanged envelope opens


@FUZZ
@given(st.lists(any_of(RAWS) | st.sampled_from(RAWS), max_size=6))
def test_ledger_never_accepts_forgeries(datas: list[bytes]) -> None:
    ledger = Ledger(GENESIS)
    for data in datas:
        try:
            ledger.receive(data, KINDS)
        except ProtocolError:
            continue
    for a in range(3):
        for env in ledger.chain(a):
            assert env.raw in RAWS


@FUZZ
@given(any_of([GENESIS.encoded]))
def test_genesis_mutated(data: bytes) -> None:
    try:
        g = Genesis.decode(data)
    except ProtocolError:
        return
    assert g.encode() == data  # a valid (other) genesis, byte for byte its own encoding


@FUZZ
@given(st.binary(max_size=300) | st.binary(max_size=300).map(lambda b: JOURNAL[:60] + b))
def test_parse_journal_random(data: bytes) -> None:
    try:
        parse_journal(data)
    except ProtocolError:
        pass


@FUZZ
@given(any_of([JOURNAL]))
def test_parse_journal_mutated(data: bytes) -> None:
    try:
        contents = parse_journal(data)
    except ProtocolError:
        return
    # Whatever survives is a set of records that really were written.
    for raw in contents.records:
        try:
            open_envelope(raw, contents.genesis, KINDS)
        except RemoteProtocolError:
            continue
        assert raw in RAWS or contents.genesis != GENESIS


@FUZZ
@given(any_of([JOURNAL]), st.lists(st.integers(1, 64), min_size=1, max_size=20))
def test_reader_fragments_agree_with_parse(data: bytes, sizes: list[int]) -> None:
    try:
        whole = parse_journal(data)
    except ProtocolError as exc:
        whole_error: ProtocolError | None = exc
    else:
        whole_error = None
    reader = JournalReader()
    got = []
    pos = 0
    i = 0
    try:
        while pos < len(data):
            size = sizes[i % len(sizes)]
            reader.feed(data[pos:pos + size])
            pos += size
            i += 1
            while (rec := reader.next()) is not None:
                got.append(rec)
        torn = reader.finish()
    except ProtocolError as exc:
        assert whole_error is not None and type(exc) is type(whole_error), (exc, whole_error)
        return
    assert whole_error is None, whole_error
    assert tuple(got) == whole.entries and torn == whole.torn


@FUZZ
@given(st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.binary(max_size=20)
    | st.text(max_size=20) | st.floats() | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner),
    max_leaves=40,
))
def test_tree_schema_fast_path_agrees_with_explanation(value: object) -> None:
    tree = action_body_schema(max_depth=3, max_len=4, max_nodes=20, max_str=10, max_bytes=10)
    fast = tree._fast_ok(value)
    try:
        tree._explain(value, "$")
    except SchemaError:
        assert not fast
    else:
        assert fast
