"""The seeded generator every local card source draws from (shared by the games).

Randomness is a documented hash-based generator, never `random`: block k of the stream
named L is SHA-256(b"cosmic/local/v1" || seed || L || k as 8 bytes big-endian); integers
below n are drawn by rejection sampling on 8-byte big-endian chunks of the blocks. So a
seed gives the same draws on every machine and Python version, forever. It is for local
games, whose seed is public: nothing a peer must trust comes from it.
"""

from __future__ import annotations

import hashlib
import struct

__all__ = ["Stream"]

_FOUR_CHUNKS = struct.Struct(">4Q")  # a SHA-256 block as four 8-byte big-endian integers
# The rejection limit of `below(n)` by n (the largest multiple of n up to 2**64), as asked.
_LIMITS: dict[int, int] = {}


class Stream:
    """A deterministic stream of integers from (seed, label)."""

    def __init__(self, seed: bytes, label: str) -> None:
        self.prefix = b"cosmic/local/v1" + seed + label.encode()
        self.block = 0
        self.chunks: list[int] = []  # the unread 8-byte chunks of the last block, last first

    def _chunk(self) -> int:
        if not self.chunks:
            self._refill()
        return self.chunks.pop()

    def _refill(self) -> None:
        block = hashlib.sha256(self.prefix + self.block.to_bytes(8, "big")).digest()
        self.block += 1
        self.chunks = list(reversed(_FOUR_CHUNKS.unpack(block)))

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = (1 << 64) - (1 << 64) % n
            if len(_LIMITS) < 4096:
                _LIMITS[n] = limit
        while True:
            chunks = self.chunks
            if not chunks:
                self._refill()
                chunks = self.chunks
            x = chunks.pop()
            if x < limit:
                return x % n

    def permutation(self, n: int) -> list[int]:
        """Fisher-Yates shuffle of range(n)."""
        out = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
