# Fiat-Shamir transcripts: the challenges of every proof in protocol.crypto.
#
# Invariants:
# - A transcript is one running SHA-512 over framed records. A record is an opcode byte
#   (APPEND, CHALLENGE or PROVER), a one-byte label length, the label, an 8-byte
#   big-endian data length and the data. Every variable-length part is length-prefixed,
#   so two different record sequences never hash the same bytes.
# - Every transcript starts with the proof's domain tag and the caller's context (the
#   protocol layer puts the game id, round and author there), then the whole statement
#   (every public point and ciphertext), then the prover's commitments. A challenge
#   depends on everything appended before it.
# - challenge() hashes a copy of the state plus a CHALLENGE record, reduces the 64-byte
#   digest mod L (bias below 2^-259) and appends the digest to the running state, so a
#   later challenge also depends on every earlier one.
# - challenges(n) derives n scalars from one such digest as SHA-512(digest || i), so the
#   per-element weights of a shuffle cost one short hash each.
# - prover_rng(rng, label) gives the prover's nonces for its next commitment: `rng`
#   derived (Rng.derive) from a digest of the state so far plus a PROVER record, which
#   leaves the transcript unchanged (the verifier never sees it). So a seat whose
#   randomness is derived from a seed never uses one nonce for two different statements
#   (the reason RFC 6979 hashes the message into its nonce): with (challenge, response)
#   pairs for two challenges under one nonce anyone could solve for the witness.
# - Point lists are appended as a count and the concatenated 32-byte encodings; a
#   wrong-length element is a programming error and raises ValueError.
from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .group import ORDER, Point, Rng, Scalar

__all__ = ["Transcript"]

_APPEND = b"\x01"
_CHALLENGE = b"\x02"
_PROVER = b"\x03"
_PROTOCOL = b"cosmic/crypto/transcript/v1"


def _record(op: bytes, label: bytes, data: bytes) -> bytes:
    if len(label) > 255:
        raise ValueError("transcript: label longer than 255 bytes")
    return op + bytes((len(label),)) + label + len(data).to_bytes(8, "big") + data


class Transcript:
    """A Fiat-Shamir transcript bound to a domain tag and a caller context."""

    __slots__ = ("_h",)

    def __init__(self, domain: bytes, context: bytes) -> None:
        self._h = hashlib.sha512()
        self._h.update(_record(_APPEND, b"protocol", _PROTOCOL))
        self._h.update(_record(_APPEND, b"domain", bytes(domain)))
        self._h.update(_record(_APPEND, b"context", bytes(context)))

    def append(self, label: bytes, data: bytes) -> None:
        """Absorb one labelled byte string."""
        self._h.update(_record(_APPEND, label, bytes(data)))

    def append_int(self, label: bytes, value: int) -> None:
        """Absorb a non-negative integer below 2^64 (a count or an index)."""
        self.append(label, value.to_bytes(8, "big"))

    def append_points(self, label: bytes, points: Sequence[Point]) -> None:
        """Absorb a list of points (count, then the 32-byte encodings)."""
        blob = b"".join(points)
        if len(blob) != 32 * len(points):
            raise ValueError("transcript: a point is not 32 bytes")
        self.append(label, len(points).to_bytes(8, "big") + blob)

    def _digest(self, label: bytes) -> bytes:
        h = self._h.copy()
        h.update(_record(_CHALLENGE, label, b""))
        digest = h.digest()
        self._h.update(_record(_APPEND, b"challenge-output", digest))
        return digest

    def prover_rng(self, rng: Rng, label: bytes) -> Rng:
        """The prover's source of nonces, bound to everything absorbed so far (the
        domain, the context and the statement); the transcript itself is unchanged."""
        h = self._h.copy()
        h.update(_record(_PROVER, label, b""))
        return rng.derive(h.digest())

    def challenge(self, label: bytes) -> Scalar:
        """A challenge scalar bound to everything absorbed so far."""
        return Scalar(int.from_bytes(self._digest(label), "little") % ORDER)

    def challenges(self, label: bytes, n: int) -> list[Scalar]:
        """n challenge scalars bound to everything absorbed so far."""
        seed = self._digest(label)
        sha512 = hashlib.sha512
        return [
            Scalar(int.from_bytes(sha512(seed + i.to_bytes(4, "big")).digest(), "little") % ORDER)
            for i in range(n)
        ]
