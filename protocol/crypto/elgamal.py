# ElGamal over the prime-order group, for card faces (Barnett & Smart, "Mental Poker
# Revisited", 2003).
#
# Invariants:
# - A card face is a Point: card_face(i) = hash_to_group(FACE_DOMAIN, i), so nobody
#   knows a discrete log between two faces. face_lookup() maps faces back to indices.
# - Each seat holds a key share x_i with public share X_i = x_i G (registered with a
#   Schnorr proof, proofs.py, so nobody can pick a rogue share); the joint key is
#   Y = sum of X_i, and nobody knows its secret unless every seat colludes.
# - A ciphertext is (c1, c2) = (r G, M + r Y). remask adds a fresh encryption of zero,
#   (s G, s Y), which keeps M and hides the link. A decryption share of seat i is
#   x_i c1; M = c2 - sum of every seat's share, so a card opens only with all shares.
# - The public starting deck is the trivial encryption (G, M + Y) of every face, with
#   r = 1: anyone can recompute and check it; the first proven shuffle re-masks it.
# - Wire form: a ciphertext is c1 || c2 (64 bytes); a list is their concatenation.
#   decode_ciphertexts() validates every point (decode_point) and the count.
from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .group import (
    GENERATOR,
    IDENTITY,
    GroupError,
    Point,
    Scalar,
    add,
    base_mul,
    decode_point,
    hash_to_group,
    mul,
    sub,
    sum_points,
)

__all__ = [
    "FACE_DOMAIN",
    "Ciphertext",
    "card_face",
    "face_lookup",
    "joint_key",
    "encrypt",
    "trivial_encrypt",
    "open_deck",
    "remask",
    "decryption_share",
    "unmask",
    "encode_ciphertexts",
    "decode_ciphertexts",
]

FACE_DOMAIN = b"cosmic/crypto/card-face/v1"


@dataclass(frozen=True, slots=True)
class Ciphertext:
    """An ElGamal ciphertext (c1, c2) = (r G, M + r Y)."""

    c1: Point
    c2: Point

    def to_bytes(self) -> bytes:
        """c1 || c2, 64 bytes."""
        return self.c1 + self.c2

    @classmethod
    def from_bytes(cls, data: bytes) -> Ciphertext:
        """Parse and validate 64 bytes. Raises GroupError."""
        if len(data) != 64:
            raise GroupError(f"ciphertext: expected 64 bytes, got {len(data)}")
        return cls(decode_point(data[:32]), decode_point(data[32:]))


@functools.lru_cache(maxsize=4096)
def card_face(index: int) -> Point:
    """The face point of card number `index` (0 <= index < 2^32). Raises ValueError."""
    if not 0 <= index < 2**32:
        raise ValueError(f"card index out of range: {index}")
    return hash_to_group(FACE_DOMAIN, index.to_bytes(4, "big"))


def face_lookup(indices: Iterable[int]) -> dict[Point, int]:
    """Map from face point to card index, for reading an opened card."""
    return {card_face(i): i for i in indices}


def joint_key(shares: Sequence[Point]) -> Point:
    """Y = the sum of the seats' public key shares. Raises GroupError if none or identity."""
    if not shares:
        raise GroupError("joint key: no key shares")
    y = sum_points(shares)
    if y == IDENTITY:
        raise GroupError("joint key: the shares sum to the identity")
    return y


def encrypt(y: Point, m: Point, r: Scalar) -> Ciphertext:
    """(r G, M + r Y)."""
    return Ciphertext(base_mul(r), add(m, mul(r, y)))


def trivial_encrypt(y: Point, m: Point) -> Ciphertext:
    """The public encryption (G, M + Y) with r = 1, which anyone can recompute."""
    return Ciphertext(GENERATOR, add(m, y))


def open_deck(y: Point, indices: Sequence[int]) -> list[Ciphertext]:
    """The public starting deck: trivial encryptions of the faces, in the given order."""
    return [trivial_encrypt(y, card_face(i)) for i in indices]


def remask(y: Point, ct: Ciphertext, r: Scalar) -> Ciphertext:
    """ct + (r G, r Y): the same card under fresh randomness."""
    return Ciphertext(add(ct.c1, base_mul(r)), add(ct.c2, mul(r, y)))


def decryption_share(x: Scalar, ct: Ciphertext) -> Point:
    """x_i c1, one seat's share for opening ct."""
    return mul(x, ct.c1)


def unmask(ct: Ciphertext, shares: Sequence[Point]) -> Point:
    """c2 minus the sum of the shares: the face, once every seat's share is in."""
    if not shares:
        return ct.c2
    return sub(ct.c2, sum_points(shares))


def encode_ciphertexts(cts: Sequence[Ciphertext]) -> bytes:
    """The concatenation of c1 || c2 for each ciphertext."""
    return b"".join([ct.c1 + ct.c2 for ct in cts])


def decode_ciphertexts(data: bytes, count: int | None = None) -> list[Ciphertext]:
    """Parse and validate a list of ciphertexts (optionally exactly `count`). Raises GroupError."""
    raw = bytes(data)
    if len(raw) % 64 != 0:
        raise GroupError(f"ciphertexts: length {len(raw)} is not a multiple of 64")
    n = len(raw) // 64
    if count is not None and n != count:
        raise GroupError(f"ciphertexts: expected {count}, got {n}")
    out: list[Ciphertext] = []
    for i in range(n):
        try:
            c1 = decode_point(raw[64 * i : 64 * i + 32])
            c2 = decode_point(raw[64 * i + 32 : 64 * i + 64])
        except GroupError as e:
            raise GroupError(f"ciphertext {i}: {e}") from e
        out.append(Ciphertext(c1, c2))
    return out
