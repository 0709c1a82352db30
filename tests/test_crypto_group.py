"""The group over libsodium, the Fiat-Shamir transcript, and ElGamal on card faces."""

from __future__ import annotations

import nacl.bindings as nb
import pytest

from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto.transcript import Transcript

P_FIELD = 2**255 - 19
L = g.ORDER

# The eight points of small order (orders 1, 2, 4, 4, 8, 8, 8, 8), as listed in
# libsodium's has_small_order blacklist and in RFC 8032 test discussions.
SMALL_ORDER = [
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
]
ORDER_8 = bytes.fromhex(SMALL_ORDER[4])


def off_curve_encoding() -> bytes:
    """A canonical encoding whose y has no x on the curve (x^2 is a non-square)."""
    d = (-121665 * pow(121666, -1, P_FIELD)) % P_FIELD
    for y in range(2, 1000):
        x2 = (y * y - 1) * pow(d * y * y + 1, -1, P_FIELD) % P_FIELD
        if x2 != 0 and pow(x2, (P_FIELD - 1) // 2, P_FIELD) == P_FIELD - 1:
            return y.to_bytes(32, "little")
    raise AssertionError("unreachable")


def mixed_order_point() -> bytes:
    """A curve point outside the prime-order subgroup: a subgroup point plus an order-8 point."""
    return nb.crypto_core_ed25519_add(g.base_mul(12345), ORDER_8)


# --- hashing to the group -------------------------------------------------------------


def test_hash_to_group_is_deterministic_and_valid() -> None:
    p = g.hash_to_group(b"test/domain", b"data")
    assert p == g.hash_to_group(b"test/domain", b"data")
    assert g.decode_point(p) == p


def test_hash_to_group_outputs_differ() -> None:
    outs = {g.hash_to_group(b"test/domain", i.to_bytes(2, "big")) for i in range(50)}
    assert len(outs) == 50
    # Framing: moving a byte between domain and data changes the point.
    assert g.hash_to_group(b"ab", b"c") != g.hash_to_group(b"a", b"bc")
    assert g.hash_to_group(b"other/domain", b"data") != g.hash_to_group(b"test/domain", b"data")


def test_hash_to_scalar() -> None:
    s = g.hash_to_scalar(b"d", b"x")
    assert 0 <= s < L
    assert s == g.hash_to_scalar(b"d", b"x")
    assert s != g.hash_to_scalar(b"d", b"y")
    assert g.hash_to_scalar(b"ab", b"c") != g.hash_to_scalar(b"a", b"bc")


def test_random_scalar_range() -> None:
    for _ in range(100):
        assert 0 < g.random_scalar() < L


# --- decoding -------------------------------------------------------------------------


def test_decode_accepts_subgroup_points() -> None:
    p = g.base_mul(g.random_scalar())
    assert g.decode_point(p) == p
    assert g.decode_point(bytearray(p)) == p
    assert g.decode_point(g.GENERATOR) == nb.crypto_scalarmult_ed25519_base_noclamp((1).to_bytes(32, "little"))


@pytest.mark.parametrize("length", [0, 31, 33, 64])
def test_decode_rejects_wrong_length(length: int) -> None:
    with pytest.raises(g.GroupError, match="32 bytes"):
        g.decode_point(b"\x05" * length)


def test_decode_rejects_non_bytes() -> None:
    with pytest.raises(g.GroupError, match="expected bytes"):
        g.decode_point("00" * 32)  # type: ignore[arg-type]


def test_decode_rejects_identity() -> None:
    with pytest.raises(g.GroupError, match="identity"):
        g.decode_point(g.IDENTITY)


@pytest.mark.parametrize("hexpoint", SMALL_ORDER[1:])
def test_decode_rejects_small_order(hexpoint: str) -> None:
    with pytest.raises(g.GroupError, match="not in group"):
        g.decode_point(bytes.fromhex(hexpoint))


def test_decode_rejects_mixed_order_point() -> None:
    with pytest.raises(g.GroupError, match="not in group"):
        g.decode_point(mixed_order_point())


def test_decode_rejects_off_curve_and_non_canonical() -> None:
    with pytest.raises(g.GroupError, match="not in group"):
        g.decode_point(off_curve_encoding())
    # y = p + 1 is a non-canonical encoding of y = 1.
    with pytest.raises(g.GroupError, match="not in group"):
        g.decode_point((P_FIELD + 1).to_bytes(32, "little"))
    # The same y = p + 1 with the x sign bit set.
    with pytest.raises(g.GroupError, match="not in group"):
        g.decode_point((P_FIELD + 1 + 2**255).to_bytes(32, "little"))


def test_mul_rejects_points_outside_the_subgroup() -> None:
    with pytest.raises(g.GroupError, match="not in group"):
        g.mul(5, g.Point(mixed_order_point()))
    with pytest.raises(g.GroupError, match="not in group"):
        g.msm([5, 7], [g.GENERATOR, g.Point(mixed_order_point())])


def test_the_direct_libsodium_calls_answer_as_nacl_bindings() -> None:
    """group.py calls libsodium through PyNaCl's cffi module for its hot operations: the
    results are nacl.bindings', and what they refuse is refused the same way."""
    k = (123456789 * 2**200 + 17).to_bytes(32, "little")
    p, q = g.hash_to_group(b"t", b"p"), g.hash_to_group(b"t", b"q")
    assert g._smul(k, p) == nb.crypto_scalarmult_ed25519_noclamp(k, p)
    assert g._sbase(k) == nb.crypto_scalarmult_ed25519_base_noclamp(k)
    assert g._padd(p, q) == nb.crypto_core_ed25519_add(p, q)
    assert g._psub(p, q) == nb.crypto_core_ed25519_sub(p, q)
    for point in (p, mixed_order_point(), bytes(32), g.IDENTITY):
        assert g._valid(point) == nb.crypto_core_ed25519_is_valid_point(point)
    for bad in (p[:31], p + b"\0", bytearray(p), "x" * 32):
        for call in (lambda: g._smul(k, bad), lambda: g._padd(p, bad),  # type: ignore[arg-type]
                     lambda: g._psub(bad, q), lambda: g._valid(bad),  # type: ignore[arg-type]
                     lambda: g._sbase(bad)):  # type: ignore[arg-type]
            with pytest.raises(TypeError):
                call()
    with pytest.raises(g.GroupError):
        g.add(p, g.Point(p[:31]))
    with pytest.raises(g.GroupError):
        g.mul(3, g.Point(p[:31]))
    # A zero scalar: libsodium refuses (the product is the identity), as a CryptoError.
    with pytest.raises(RuntimeError):
        g._smul(bytes(32), p)


def test_decode_scalar() -> None:
    assert g.decode_scalar((L - 1).to_bytes(32, "little")) == L - 1
    assert g.decode_scalar(bytes(32)) == 0
    with pytest.raises(g.GroupError, match="canonical"):
        g.decode_scalar(L.to_bytes(32, "little"))
    with pytest.raises(g.GroupError, match="32 bytes"):
        g.decode_scalar(bytes(31))
    s = g.random_scalar()
    assert g.decode_scalar(g.encode_scalar(s)) == s


# --- arithmetic -----------------------------------------------------------------------


def test_point_arithmetic_identities() -> None:
    a, b = g.random_scalar(), g.random_scalar()
    p = g.hash_to_group(b"test", b"p")
    q = g.hash_to_group(b"test", b"q")
    assert g.base_mul(1) == g.GENERATOR
    assert g.mul(a, g.GENERATOR) == g.base_mul(a)
    assert g.add(p, q) == g.add(q, p)
    assert g.sub(g.add(p, q), q) == p
    assert g.add(p, g.neg(p)) == g.IDENTITY
    assert g.neg(g.neg(p)) == p
    assert g.neg(g.IDENTITY) == g.IDENTITY
    assert g.mul(L - 1, p) == g.neg(p)
    assert g.mul(a + b, p) == g.add(g.mul(a, p), g.mul(b, p))
    assert g.mul(a, g.mul(b, p)) == g.mul(a * b % L, p)
    assert g.mul(a, g.add(p, q)) == g.add(g.mul(a, p), g.mul(a, q))
    assert g.sub(p, q) == g.add(p, g.neg(q))


def test_identity_handling() -> None:
    p = g.hash_to_group(b"test", b"p")
    assert g.mul(0, p) == g.IDENTITY
    assert g.mul(L, p) == g.IDENTITY
    assert g.mul(7, g.IDENTITY) == g.IDENTITY
    assert g.base_mul(0) == g.IDENTITY
    assert g.add(p, g.IDENTITY) == p
    assert g.sub(p, p) == g.IDENTITY
    assert g.msm([], []) == g.IDENTITY
    assert g.msm([0, 0], [p, p]) == g.IDENTITY
    assert g.sum_points([]) == g.IDENTITY


def test_msm_matches_naive_sum() -> None:
    scalars = [g.random_scalar() for _ in range(5)] + [0]
    points = [g.hash_to_group(b"test", bytes([i])) for i in range(6)]
    expected = g.IDENTITY
    for s, p in zip(scalars, points):
        expected = g.add(expected, g.mul(s, p))
    assert g.msm(scalars, points) == expected
    with pytest.raises(ValueError):
        g.msm(scalars[:2], points)


def test_scalar_arithmetic() -> None:
    a, b = g.random_scalar(), g.random_scalar()
    assert g.scalar_add(a, g.scalar_neg(a)) == 0
    assert g.scalar_sub(g.scalar_add(a, b), b) == a
    assert g.scalar_mul(a, g.scalar_inv(a)) == 1
    assert g.base_mul(g.scalar_mul(a, b)) == g.mul(a, g.base_mul(b))
    with pytest.raises(g.GroupError):
        g.scalar_inv(0)


def test_op_counts() -> None:
    g.reset_op_counts()
    g.mul(3, g.GENERATOR)
    g.base_mul(3)
    g.msm([1, 2, 0], [g.GENERATOR] * 3)
    g.decode_point(g.GENERATOR)
    assert g.op_counts() == g.OpCounts(mul=3, base_mul=1, check=1)


# --- transcript -----------------------------------------------------------------------


def test_transcript_binds_everything() -> None:
    def chal(domain: bytes, context: bytes, items: list[tuple[bytes, bytes]]) -> int:
        t = Transcript(domain, context)
        for label, data in items:
            t.append(label, data)
        return t.challenge(b"c")

    base = chal(b"d", b"ctx", [(b"a", b"xy")])
    assert base == chal(b"d", b"ctx", [(b"a", b"xy")])
    assert base != chal(b"d2", b"ctx", [(b"a", b"xy")])
    assert base != chal(b"d", b"ctx2", [(b"a", b"xy")])
    assert base != chal(b"d", b"ctx", [(b"a", b"x"), (b"a", b"y")])
    assert base != chal(b"d", b"ctx", [(b"ax", b"y")])
    assert base != chal(b"d", b"ctx", [])


def test_transcript_challenges_chain() -> None:
    t = Transcript(b"d", b"ctx")
    first = t.challenge(b"c")
    second = t.challenge(b"c")
    assert first != second
    us = Transcript(b"d", b"ctx").challenges(b"u", 5)
    assert len(set(us)) == 5 and all(0 <= u < L for u in us)
    with pytest.raises(ValueError):
        Transcript(b"d", b"ctx").append_points(b"p", [g.Point(b"short")])


# --- ElGamal --------------------------------------------------------------------------


def keys(n: int) -> tuple[list[g.Scalar], g.Point]:
    xs = [g.random_scalar() for _ in range(n)]
    return xs, eg.joint_key([g.base_mul(x) for x in xs])


@pytest.mark.parametrize("seats", [3, 5])
def test_elgamal_round_trip(seats: int) -> None:
    xs, y = keys(seats)
    faces = eg.face_lookup(range(10))
    m = eg.card_face(7)
    ct = eg.encrypt(y, m, g.random_scalar())
    for _ in range(3):
        ct = eg.remask(y, ct, g.random_scalar())
    shares = [eg.decryption_share(x, ct) for x in xs]
    assert faces[eg.unmask(ct, shares)] == 7
    # Shares commute: any order opens the card.
    assert eg.unmask(ct, list(reversed(shares))) == m


@pytest.mark.parametrize("seats", [3, 5])
def test_card_needs_every_share(seats: int) -> None:
    xs, y = keys(seats)
    faces = eg.face_lookup(range(82))
    ct = eg.remask(y, eg.trivial_encrypt(y, eg.card_face(3)), g.random_scalar())
    shares = [eg.decryption_share(x, ct) for x in xs]
    for missing in range(seats):
        partial = shares[:missing] + shares[missing + 1 :]
        assert eg.unmask(ct, partial) not in faces
    assert eg.unmask(ct, []) not in faces


def test_open_deck_is_public_and_decrypts() -> None:
    xs, y = keys(3)
    deck = eg.open_deck(y, range(5))
    assert deck == eg.open_deck(y, range(5))
    assert all(ct.c1 == g.GENERATOR for ct in deck)
    faces = eg.face_lookup(range(5))
    opened = [faces[eg.unmask(ct, [eg.decryption_share(x, ct) for x in xs])] for ct in deck]
    assert opened == [0, 1, 2, 3, 4]


def test_card_faces_distinct_and_ranged() -> None:
    assert len(eg.face_lookup(range(200))) == 200
    with pytest.raises(ValueError):
        eg.card_face(-1)


def test_joint_key_rejects_cancelling_shares() -> None:
    x = g.base_mul(g.random_scalar())
    with pytest.raises(g.GroupError):
        eg.joint_key([x, g.neg(x)])
    with pytest.raises(g.GroupError):
        eg.joint_key([])


def test_ciphertext_serialization_round_trip() -> None:
    _, y = keys(3)
    cts = [eg.remask(y, ct, g.random_scalar()) for ct in eg.open_deck(y, range(4))]
    data = eg.encode_ciphertexts(cts)
    assert len(data) == 4 * 64
    assert eg.decode_ciphertexts(data) == cts
    assert eg.decode_ciphertexts(data, count=4) == cts
    assert eg.Ciphertext.from_bytes(cts[0].to_bytes()) == cts[0]
    with pytest.raises(g.GroupError, match="expected 3"):
        eg.decode_ciphertexts(data, count=3)
    with pytest.raises(g.GroupError, match="multiple of 64"):
        eg.decode_ciphertexts(data[:-1])
    bad = data[:64 + 32] + mixed_order_point() + data[128:]
    with pytest.raises(g.GroupError, match="ciphertext 1"):
        eg.decode_ciphertexts(bad)
    with pytest.raises(g.GroupError):
        eg.Ciphertext.from_bytes(data[:63])
