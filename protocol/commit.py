# Commit-reveal and the random beacon (sans-IO).
#
# Invariants:
# - commitment = SHA-256 over the length-prefixed parts
#       b"cosmic/commit/v1", game_id, purpose (UTF-8), author (u16 big-endian seat),
#       nonce (32 secret bytes from an Rng: `secrets`, or derived from a seat's secret
#       seed so that a restarted seat regenerates it), payload
#   each part preceded by its length as u32 big-endian, so no two different inputs share
#   one byte string. Binding the game, purpose and author means a commitment cannot be
#   copied to another game, another use or another seat.
# - A Beacon has two phases: every listed seat commits to 32 secret random bytes; only
#   once every commit is in may anyone reveal (a reveal seen earlier is refused as
#   "too-early", so nobody can choose their value after seeing another). Its value is
#       SHA-256(lp(b"cosmic/beacon/v1") || lp(game_id) || lp(purpose) || value_0 || ...)
#   (lp = u32 big-endian length prefix) over the 32-byte revealed values in seat-list
#   order, so the order of arrival never matters.
#   One honest seat makes it unpredictable; a seat that never reveals stalls it, and
#   missing() names who.
# - RandomStream turns a 32-byte seed into unbiased integers by rejection sampling over
#   SHA-256(b"cosmic/stream/v1" || seed || label || counter) blocks; deterministic.
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

from protocol.crypto.group import SYSTEM_RNG, Rng
from protocol.errors import LocalProtocolError, RemoteProtocolError

__all__ = [
    "COMMIT_TAG",
    "BEACON_TAG",
    "STREAM_TAG",
    "NONCE_SIZE",
    "commitment_digest",
    "make_commitment",
    "check_reveal",
    "Beacon",
    "beacon_contribution",
    "RandomStream",
]

COMMIT_TAG = b"cosmic/commit/v1"
BEACON_TAG = b"cosmic/beacon/v1"
STREAM_TAG = b"cosmic/stream/v1"
NONCE_SIZE = 32
BEACON_VALUE_SIZE = 32

T = TypeVar("T")


def _lp(part: bytes) -> bytes:
    return len(part).to_bytes(4, "big") + part


def _check_inputs(game_id: bytes, author: int, purpose: str, nonce: bytes) -> None:
    if type(game_id) is not bytes or len(game_id) != 32:
        raise LocalProtocolError("schema", "game_id is 32 bytes")
    if type(author) is not int or not 0 <= author < 2**16:
        raise LocalProtocolError("schema", f"author {author!r} is not a seat index")
    if type(purpose) is not str:
        raise LocalProtocolError("schema", "purpose is a str")
    if type(nonce) is not bytes or len(nonce) != NONCE_SIZE:
        raise LocalProtocolError("schema", "nonce is 32 bytes")


def commitment_digest(
    game_id: bytes, author: int, purpose: str, nonce: bytes, payload: bytes
) -> bytes:
    """The 32-byte commitment to payload. Raises LocalProtocolError for malformed inputs."""
    _check_inputs(game_id, author, purpose, nonce)
    if not isinstance(payload, bytes):
        raise LocalProtocolError("schema", "payload is bytes")
    return hashlib.sha256(
        _lp(COMMIT_TAG) + _lp(game_id) + _lp(purpose.encode("utf-8"))
        + _lp(author.to_bytes(2, "big")) + _lp(nonce) + _lp(payload)
    ).digest()


def make_commitment(game_id: bytes, author: int, purpose: str, payload: bytes,
                    rng: Rng = SYSTEM_RNG) -> tuple[bytes, bytes]:
    """(digest, nonce): a commitment to payload with a secret nonce from `rng` (fresh from
    `secrets` by default) to keep for the reveal."""
    nonce = rng.token(NONCE_SIZE)
    return commitment_digest(game_id, author, purpose, nonce, payload), nonce


def check_reveal(
    game_id: bytes,
    author: int,
    purpose: str,
    digest: bytes,
    nonce: bytes,
    payload: bytes,
    *,
    seq: int | None = None,
) -> None:
    """Raise RemoteProtocolError("commitment") unless (nonce, payload) opens digest."""
    if type(nonce) is not bytes or len(nonce) != NONCE_SIZE or type(payload) is not bytes:
        raise RemoteProtocolError(
            "commitment", "malformed reveal", author=author, seq=seq, proven=True
        )
    expected = commitment_digest(game_id, author, purpose, nonce, payload)
    if not hmac.compare_digest(expected, digest):
        raise RemoteProtocolError(
            "commitment",
            f"reveal for {purpose!r} does not match the commitment {digest.hex()[:16]}",
            author=author, seq=seq, proven=True,
        )


def beacon_contribution(game_id: bytes, seat: int, purpose: str,
                        rng: Rng = SYSTEM_RNG) -> tuple[bytes, bytes, bytes]:
    """(value, nonce, digest): a secret 32-byte beacon value from `rng` (fresh from
    `secrets` by default) and its commitment."""
    value = rng.token(BEACON_VALUE_SIZE)
    digest, nonce = make_commitment(game_id, seat, purpose, value, rng)
    return value, nonce, digest


class Beacon:
    """A shared random value from every listed seat's commit, then reveal (sans-IO).

    add_commit/add_reveal return True when they changed something, False for an exact
    repeat, and raise RemoteProtocolError otherwise (nothing changes on an error).
    """

    def __init__(self, game_id: bytes, seats: Sequence[int], purpose: str) -> None:
        if len(set(seats)) != len(seats) or not seats:
            raise LocalProtocolError("schema", "beacon seats must be distinct and not empty")
        self.game_id = game_id
        self.seats = tuple(seats)
        self.purpose = purpose
        self._commits: dict[int, bytes] = {}
        self._reveals: dict[int, bytes] = {}
        self._value: bytes | None = None

    @property
    def phase(self) -> str:
        """"commit" until every commit is in, then "reveal", then "done"."""
        if self._value is not None:
            return "done"
        return "reveal" if len(self._commits) == len(self.seats) else "commit"

    def missing(self) -> tuple[int, ...]:
        """The seats that stall the beacon now: those yet to commit, else yet to reveal."""
        have = self._commits if self.phase == "commit" else self._reveals
        return tuple(s for s in self.seats if s not in have)

    def add_commit(self, seat: int, digest: bytes, *, seq: int | None = None) -> bool:
        """Record seat's commitment. Raises "author" (not listed) or "commitment" (a
        different second commitment, or a malformed digest)."""
        if seat not in self.seats:
            raise RemoteProtocolError("author", "seat is not part of this beacon", author=seat, seq=seq)
        if type(digest) is not bytes or len(digest) != 32:
            raise RemoteProtocolError("commitment", "a commitment is 32 bytes", author=seat, seq=seq)
        held = self._commits.get(seat)
        if held is not None:
            if held == digest:
                return False
            raise RemoteProtocolError(
                "commitment", "a second, different beacon commitment", author=seat, seq=seq, proven=True
            )
        self._commits[seat] = digest
        return True

    def add_reveal(self, seat: int, nonce: bytes, value: bytes, *, seq: int | None = None) -> bool:
        """Record seat's reveal. Raises "author", "too-early" (some commit is still
        missing; recoverable) or "commitment" (does not open the seat's commitment)."""
        if seat not in self.seats:
            raise RemoteProtocolError("author", "seat is not part of this beacon", author=seat, seq=seq)
        if len(self._commits) != len(self.seats):
            raise RemoteProtocolError(
                "too-early",
                f"reveal before every commit is in (missing: {list(self.missing())})",
                author=seat, seq=seq,
            )
        if type(value) is not bytes or len(value) != BEACON_VALUE_SIZE:
            raise RemoteProtocolError(
                "commitment", "a beacon value is 32 bytes", author=seat, seq=seq, proven=True
            )
        check_reveal(self.game_id, seat, self.purpose, self._commits[seat], nonce, value, seq=seq)
        if seat in self._reveals:
            return False  # the reveal opened the same commitment: the same value
        self._reveals[seat] = value
        if len(self._reveals) == len(self.seats):
            h = hashlib.sha256(
                _lp(BEACON_TAG) + _lp(self.game_id) + _lp(self.purpose.encode("utf-8"))
            )
            for s in self.seats:
                h.update(self._reveals[s])
            self._value = h.digest()
        return True

    @property
    def value(self) -> bytes | None:
        """The beacon value once every reveal is in, else None."""
        return self._value

    def stream(self, label: str = "") -> RandomStream:
        """A RandomStream seeded by the value. Raises LocalProtocolError before "done"."""
        if self._value is None:
            raise LocalProtocolError("too-early", f"beacon not done; waiting for {list(self.missing())}")
        return RandomStream(self._value, label)

    def draw(self, n: int, label: str = "") -> int:
        """An unbiased integer in [0, n) (the first of stream(label))."""
        return self.stream(label).below(n)


class RandomStream:
    """Deterministic unbiased integers from a seed (rejection sampling over SHA-256).

    Block i is SHA-256(STREAM_TAG || seed || u32 len(label) || label || u64 i); bytes are
    consumed in order. below(n): let k = bit length of n-1; if k == 0 the answer is 0
    and nothing is consumed; else take ceil(k/8) bytes as a big-endian integer, keep its
    low k bits, and answer it if it is < n, else try again with the next bytes.
    """

    def __init__(self, seed: bytes, label: str = "") -> None:
        label_bytes = label.encode("utf-8")
        self._prefix = STREAM_TAG + seed + len(label_bytes).to_bytes(4, "big") + label_bytes
        self._counter = 0
        self._buffer = b""

    def _take(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hashlib.sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n). Raises LocalProtocolError if n < 1."""
        if type(n) is not int or n < 1:
            raise LocalProtocolError("schema", f"below({n!r}) needs n >= 1")
        k = (n - 1).bit_length()
        if k == 0:
            return 0
        size, mask = (k + 7) // 8, (1 << k) - 1
        while True:
            x = int.from_bytes(self._take(size), "big") & mask
            if x < n:
                return x

    def choose_index(self, k: int) -> int:
        """An index in range(k), uniformly."""
        return self.below(k)

    def permutation(self, n: int) -> list[int]:
        """A uniform permutation of range(n) (Fisher-Yates, from the last position down)."""
        items = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """items in the order of permutation(len(items))."""
        return [items[i] for i in self.permutation(len(items))]
