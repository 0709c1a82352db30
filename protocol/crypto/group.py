# The prime-order group of the card protocol: the ed25519 subgroup of order L, through
# libsodium (PyNaCl's nacl.bindings), with thin functions over bytes.
#
# Invariants:
# - A Point is the 32-byte canonical encoding of an element of the prime-order subgroup.
#   Points from outside exist only through decode_point(), which checks the length,
#   canonical form, curve membership, subgroup membership and "not the identity".
#   hash_to_group() and the arithmetic below only ever produce subgroup elements.
# - The identity is a Point (IDENTITY, encoding 01 00..00) for internal sums only; it can
#   arise when adversarial proof values cancel. libsodium's noclamp scalar
#   multiplication refuses it (and refuses a zero or identity result), so mul(), base_mul()
#   and msm() answer IDENTITY themselves for a zero scalar or an identity point instead of
#   calling libsodium. With a nonzero scalar below L and a subgroup point, the product is
#   never the identity, so libsodium never refuses a valid call. decode_point() rejects
#   the identity: a peer never sends it (honest values are the identity only with
#   probability about 2^-252).
# - A Scalar is a Python int in [0, L). Scalar arithmetic is Python int arithmetic mod L
#   (faster than a libsodium round trip); scalars become 32 little-endian bytes only at
#   the libsodium call. random_scalar() is nonzero and comes from `secrets`.
# - add/sub use libsodium's crypto_core_ed25519_add/sub, which accept any curve point,
#   the identity included; neg flips the sign bit of x (exact for every point but the
#   identity, whose negation is itself).
# - libsodium's variable-base multiplication re-checks subgroup membership of its input
#   (about half of its cost); a point outside the subgroup there raises GroupError.
# - Cost instrumentation: three module-level ints count variable-base multiplications,
#   fixed-base multiplications and full point validations (op_counts()). They are
#   bookkeeping for bench/, never read by protocol logic.
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import NamedTuple, NewType

import nacl.bindings as _nb
import nacl.exceptions as _nx

__all__ = [
    "ORDER",
    "Point",
    "Scalar",
    "CryptoError",
    "GroupError",
    "GENERATOR",
    "IDENTITY",
    "decode_point",
    "encode",
    "decode_scalar",
    "encode_scalar",
    "hash_to_group",
    "hash_to_scalar",
    "random_scalar",
    "add",
    "sub",
    "neg",
    "mul",
    "base_mul",
    "msm",
    "sum_points",
    "scalar_add",
    "scalar_sub",
    "scalar_mul",
    "scalar_neg",
    "scalar_inv",
    "OpCounts",
    "op_counts",
    "reset_op_counts",
]

# The order of the prime-order subgroup (RFC 8032, section 5.1).
ORDER = 2**252 + 27742317777372353535851937790883648493
_L = ORDER

Point = NewType("Point", bytes)
Scalar = NewType("Scalar", int)

# The standard base point B of RFC 8032 and the neutral element (x = 0, y = 1).
GENERATOR = Point(bytes.fromhex("5866666666666666666666666666666666666666666666666666666666666666"))
IDENTITY = Point(b"\x01" + b"\x00" * 31)

_H2G_TAG = b"cosmic/crypto/hash-to-group/v1"
_H2S_TAG = b"cosmic/crypto/hash-to-scalar/v1"

_smul = _nb.crypto_scalarmult_ed25519_noclamp
_sbase = _nb.crypto_scalarmult_ed25519_base_noclamp
_padd = _nb.crypto_core_ed25519_add
_psub = _nb.crypto_core_ed25519_sub
_valid = _nb.crypto_core_ed25519_is_valid_point
_uniform = _nb.crypto_core_ed25519_from_uniform

_MUL = 0
_BASE = 0
_CHECK = 0


class CryptoError(Exception):
    """Base of every error raised by protocol.crypto."""


class GroupError(CryptoError):
    """A value is not an acceptable group element or scalar."""


class OpCounts(NamedTuple):
    """Counts of costly group operations since the last reset_op_counts()."""

    mul: int  # variable-base scalar multiplications
    base_mul: int  # fixed-base scalar multiplications (about 1/5 the cost of mul)
    check: int  # full point validations (subgroup check, about 1/2 the cost of mul)


def op_counts() -> OpCounts:
    """The operation counters (instrumentation for benchmarks)."""
    return OpCounts(_MUL, _BASE, _CHECK)


def reset_op_counts() -> None:
    """Set the operation counters to zero."""
    global _MUL, _BASE, _CHECK
    _MUL = _BASE = _CHECK = 0


def _lp(data: bytes) -> bytes:
    """`data` prefixed by its length (8 bytes, big-endian), so concatenations are unique."""
    return len(data).to_bytes(8, "big") + data


# --- encoding -------------------------------------------------------------------------


def decode_point(data: bytes | bytearray | memoryview) -> Point:
    """Parse and validate a point received from outside. Raises GroupError."""
    global _CHECK
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise GroupError(f"point: expected bytes, got {type(data).__name__}")
    raw = bytes(data)
    if len(raw) != 32:
        raise GroupError(f"point: expected 32 bytes, got {len(raw)}")
    if raw == IDENTITY:
        raise GroupError("point: the identity is not accepted")
    _CHECK += 1
    if not _valid(raw):
        raise GroupError("point not in group (non-canonical, off the curve, or not in the prime-order subgroup)")
    return Point(raw)


def encode(p: Point) -> bytes:
    """The 32-byte encoding of a point."""
    return bytes(p)


def decode_scalar(data: bytes | bytearray | memoryview) -> Scalar:
    """Parse a canonical 32-byte little-endian scalar (< L; zero allowed). Raises GroupError."""
    if not isinstance(data, (bytes, bytearray, memoryview)) or len(data) != 32:
        raise GroupError("scalar: expected 32 bytes")
    s = int.from_bytes(data, "little")
    if s >= _L:
        raise GroupError("scalar: not canonical (>= group order)")
    return Scalar(s)


def encode_scalar(s: int) -> bytes:
    """The canonical 32-byte little-endian encoding of a scalar (reduced mod L)."""
    return (s % _L).to_bytes(32, "little")


# --- hashing and randomness -----------------------------------------------------------


def hash_to_group(domain: bytes, data: bytes) -> Point:
    """A deterministic point with no known discrete log relative to any other output.

    SHA-512 over (tag, domain, data, counter), each half mapped by Elligator 2
    (crypto_core_ed25519_from_uniform, which clears the cofactor) and the two images
    added, as in the random-oracle construction of RFC 9380. The result is checked to be
    a valid non-identity subgroup element; the counter moves on in the (probability
    ~2^-250) case it is not, so the function is total.
    """
    global _CHECK
    prefix = _lp(_H2G_TAG) + _lp(domain) + _lp(data)
    counter = 0
    while True:
        digest = hashlib.sha512(prefix + counter.to_bytes(4, "big")).digest()
        p = _padd(_uniform(digest[:32]), _uniform(digest[32:]))
        _CHECK += 1
        if p != IDENTITY and _valid(p):
            return Point(p)
        counter += 1


def hash_to_scalar(domain: bytes, data: bytes) -> Scalar:
    """SHA-512 over (tag, domain, data), reduced mod L (bias below 2^-259)."""
    digest = hashlib.sha512(_lp(_H2S_TAG) + _lp(domain) + _lp(data)).digest()
    return Scalar(int.from_bytes(digest, "little") % _L)


def random_scalar() -> Scalar:
    """A uniformly random nonzero scalar from `secrets`."""
    return Scalar(secrets.randbelow(_L - 1) + 1)


# --- point arithmetic -----------------------------------------------------------------


def add(p: Point, q: Point) -> Point:
    """p + q. Raises GroupError if either is not a curve point."""
    try:
        return Point(_padd(p, q))
    except _nx.CryptoError as e:
        raise GroupError("point not in group (addition)") from e


def sub(p: Point, q: Point) -> Point:
    """p - q. Raises GroupError if either is not a curve point."""
    try:
        return Point(_psub(p, q))
    except _nx.CryptoError as e:
        raise GroupError("point not in group (subtraction)") from e


def neg(p: Point) -> Point:
    """-p (flips the sign bit of x; the identity is its own negation)."""
    if p == IDENTITY:
        return p
    return Point(p[:31] + bytes((p[31] ^ 0x80,)))


def mul(s: int, p: Point) -> Point:
    """s * p for a subgroup point p. Raises GroupError if p is not in the subgroup."""
    global _MUL
    s %= _L
    if s == 0 or p == IDENTITY:
        return IDENTITY
    _MUL += 1
    try:
        return Point(_smul(s.to_bytes(32, "little"), p))
    except _nx.CryptoError as e:
        raise GroupError("point not in group (scalar multiplication)") from e


def base_mul(s: int) -> Point:
    """s * GENERATOR."""
    global _BASE
    s %= _L
    if s == 0:
        return IDENTITY
    _BASE += 1
    return Point(_sbase(s.to_bytes(32, "little")))


def msm(scalars: Sequence[int], points: Sequence[Point]) -> Point:
    """Sum of s_i * p_i (a plain loop of multiplications and additions).

    Zero scalars and identity points are skipped. Raises GroupError if a point is not
    in the subgroup, ValueError if the lengths differ.
    """
    global _MUL
    if len(scalars) != len(points):
        raise ValueError("msm: scalars and points differ in length")
    acc: bytes | None = None
    count = 0
    try:
        for s, p in zip(scalars, points):
            s %= _L
            if s == 0 or p == IDENTITY:
                continue
            term = _smul(s.to_bytes(32, "little"), p)
            count += 1
            acc = term if acc is None else _padd(acc, term)
    except _nx.CryptoError as e:
        raise GroupError("point not in group (multi-scalar multiplication)") from e
    finally:
        _MUL += count
    return IDENTITY if acc is None else Point(acc)


def sum_points(points: Sequence[Point]) -> Point:
    """The sum of the points (IDENTITY for none). Raises GroupError for a non-curve point."""
    if not points:
        return IDENTITY
    acc = bytes(points[0])
    try:
        for p in points[1:]:
            acc = _padd(acc, p)
    except _nx.CryptoError as e:
        raise GroupError("point not in group (sum)") from e
    return Point(acc)


# --- scalar arithmetic mod L ----------------------------------------------------------


def scalar_add(a: int, b: int) -> Scalar:
    """a + b mod L."""
    return Scalar((a + b) % _L)


def scalar_sub(a: int, b: int) -> Scalar:
    """a - b mod L."""
    return Scalar((a - b) % _L)


def scalar_mul(a: int, b: int) -> Scalar:
    """a * b mod L."""
    return Scalar((a * b) % _L)


def scalar_neg(a: int) -> Scalar:
    """-a mod L."""
    return Scalar((-a) % _L)


def scalar_inv(a: int) -> Scalar:
    """a^-1 mod L. Raises GroupError for zero."""
    if a % _L == 0:
        raise GroupError("scalar: zero has no inverse")
    return Scalar(pow(a, -1, _L))
