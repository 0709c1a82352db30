# The prime-order group of the card protocol: the ed25519 subgroup of order L, through
# libsodium (PyNaCl: its cffi module for the hot calls, nacl.bindings for the rest), with
# thin functions over bytes.
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
#   the libsodium call. random_scalar() is nonzero and comes from an Rng.
# - Secret randomness comes from an Rng passed by the caller: SYSTEM_RNG (the default
#   everywhere) draws from `secrets`; a DeterministicRng derives every draw from a secret
#   seed and a label (HMAC-SHA512 in counter mode), so a seat that restarts regenerates
#   exactly the secrets it drew before (docs/security.md, "Derived secrets"). There is no
#   global "current" Rng: each function that draws takes one as an argument.
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
import hmac
import secrets
from collections.abc import Sequence
from typing import Any, NamedTuple, NewType

import nacl.bindings as _nb
import nacl.exceptions as _nx
from nacl._sodium import ffi as _ffi, lib as _lib

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
    "Rng",
    "SYSTEM_RNG",
    "DeterministicRng",
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

_uniform = _nb.crypto_core_ed25519_from_uniform

# The four calls the protocol makes tens of thousands of times go to libsodium through
# PyNaCl's own cffi module, without nacl.bindings' per-call availability checks and
# eagerly formatted messages (1-2 us a call, some 3% of a setup): the same inputs are
# refused with the same exceptions (nacl.exceptions.TypeError for anything but 32 bytes,
# RuntimeError when libsodium refuses; both are CryptoErrors).
_N = 32


def _args(*values: object) -> None:
    for v in values:
        if not isinstance(v, bytes) or len(v) != _N:
            raise _nx.TypeError(f"Input must be a {_N} long bytes sequence")


def _point_out(fn: Any, *inputs: bytes) -> bytes:
    """Call libsodium's `fn(out, *inputs)` for a 32-byte result, as nacl.bindings does:
    inputs checked, a non-zero return raised."""
    _args(*inputs)
    out = _ffi.new("unsigned char[]", _N)
    if fn(out, *inputs) != 0:
        raise _nx.RuntimeError("Unexpected library error")
    return bytes(_ffi.buffer(out, _N))


def _smul(n: bytes, p: bytes) -> bytes:
    """nacl.bindings.crypto_scalarmult_ed25519_noclamp."""
    return _point_out(_lib.crypto_scalarmult_ed25519_noclamp, n, p)


def _sbase(n: bytes) -> bytes:
    """nacl.bindings.crypto_scalarmult_ed25519_base_noclamp."""
    return _point_out(_lib.crypto_scalarmult_ed25519_base_noclamp, n)


def _padd(p: bytes, q: bytes) -> bytes:
    """nacl.bindings.crypto_core_ed25519_add."""
    return _point_out(_lib.crypto_core_ed25519_add, p, q)


def _psub(p: bytes, q: bytes) -> bytes:
    """nacl.bindings.crypto_core_ed25519_sub."""
    return _point_out(_lib.crypto_core_ed25519_sub, p, q)


def _valid(p: bytes) -> bool:
    """nacl.bindings.crypto_core_ed25519_is_valid_point."""
    _args(p)
    return bool(_lib.crypto_core_ed25519_is_valid_point(p) == 1)

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


class Rng:
    """A source of secret randomness. This base class draws from `secrets`: every call is
    fresh, and derive() returns the source itself. See DeterministicRng."""

    __slots__ = ()

    def token(self, n: int) -> bytes:
        """n secret random bytes."""
        return secrets.token_bytes(n)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). Raises ValueError if n < 1."""
        if n < 1:
            raise ValueError(f"below({n}) needs n >= 1")
        return secrets.randbelow(n)

    def scalar(self) -> Scalar:
        """A uniform nonzero scalar."""
        return Scalar(self.below(_L - 1) + 1)

    def derive(self, data: bytes) -> Rng:
        """A source for one use bound to `data` (a statement, a payload): draws that must
        differ whenever `data` differs, as RFC 6979 hashes the message into a nonce. Fresh
        randomness needs no binding, so the `secrets` source returns itself."""
        return self


# The default source of every function that draws: `secrets`.
SYSTEM_RNG = Rng()

_RNG_BLOCK_TAG = b"cosmic/crypto/rng/block/v1"
_RNG_DERIVE_TAG = b"cosmic/crypto/rng/derive/v1"


class DeterministicRng(Rng):
    """Secret randomness derived from a secret seed and a label: the same (seed, label)
    always gives the same draws, in the same order; without the seed they are
    unpredictable (HMAC-SHA512 is a PRF).

    The stream is block i = HMAC-SHA512(seed, lp(BLOCK_TAG) || lp(label) || u64 i), for
    i = 0, 1, ... (lp: 8-byte big-endian length prefix); bytes are consumed in order.
    token(n) takes the next n bytes; below(n) rejection-samples the low k bits of the
    next ceil(k/8) bytes, big-endian (k = bit length of n - 1); scalar() is the next 64
    bytes, little-endian, mod (L - 1), plus 1 (bias below 2^-259). derive(data) takes
    the next 32 bytes t and starts a new stream with the seed
    HMAC-SHA512(seed, lp(DERIVE_TAG) || lp(label) || lp(t) || lp(data)) and an empty
    label: unique per use (t) and bound to data.
    """

    __slots__ = ("_seed", "_label", "_prefix", "_counter", "_buffer")

    def __init__(self, seed: bytes, label: bytes) -> None:
        """Raises ValueError for a seed shorter than 32 bytes."""
        if not isinstance(seed, bytes) or len(seed) < 32:
            raise ValueError("a deterministic Rng needs a secret seed of at least 32 bytes")
        self._seed = seed
        self._label = bytes(label)
        self._prefix = _lp(_RNG_BLOCK_TAG) + _lp(self._label)
        self._counter = 0
        self._buffer = b""

    def token(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hmac.new(self._seed, self._prefix + self._counter.to_bytes(8, "big"),
                             hashlib.sha512).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError(f"below({n}) needs n >= 1")
        k = (n - 1).bit_length()
        if k == 0:
            return 0
        size, mask = (k + 7) // 8, (1 << k) - 1
        while True:
            x = int.from_bytes(self.token(size), "big") & mask
            if x < n:
                return x

    def scalar(self) -> Scalar:
        return Scalar(int.from_bytes(self.token(64), "little") % (_L - 1) + 1)

    def derive(self, data: bytes) -> DeterministicRng:
        msg = _lp(_RNG_DERIVE_TAG) + _lp(self._label) + _lp(self.token(32)) + _lp(bytes(data))
        seed = hmac.new(self._seed, msg, hashlib.sha512).digest()
        return DeterministicRng(seed, b"")


def random_scalar(rng: Rng = SYSTEM_RNG) -> Scalar:
    """A uniformly random nonzero scalar from `rng` (`secrets` by default)."""
    return rng.scalar()


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
