# The genesis: the signed-by-nobody, agreed-by-all description of one game.
#
# Invariants:
# - A Genesis is valid by construction: __post_init__ checks every field (types,
#   lengths, 2..10 seats indexed 0..n-1, unique keys, names and colours, every key a
#   valid Ed25519 public key (protocol.keys.key_problem: no small-order or non-canonical
#   key anyone could sign as), rules and option keys strictly sorted) and raises
#   LocalProtocolError; decode() raises
#   DecodeError for bytes from outside. Either way no invalid Genesis exists.
# - Its bytes are canonical msgpack of the array
#       [version, salt, seats, rules, engine_version, rules_hash, options]
#   with seats = [[index, name, colour, key], ...] and options = [[key, value], ...],
#   so equal games have equal bytes and decode(encode(g)) == g.
# - game_id = SHA-256(b"cosmic/genesis/v1" || genesis bytes). The 32-byte random salt
#   makes two games between the same players with the same settings distinct, so an
#   envelope of one game can never be replayed into another.
# - Equality and hashing are those of the bytes.
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from protocol import canonical
from protocol.canonical import Value
from protocol.errors import DecodeError, LocalProtocolError
from protocol.keys import key_problem
from protocol.schema import NAME, Bytes, Int, List, Record, SchemaError, Str, Tree

__all__ = [
    "GENESIS_VERSION",
    "GAME_ID_TAG",
    "MIN_SEATS",
    "MAX_SEATS",
    "MAX_GENESIS_SIZE",
    "Seat",
    "Genesis",
]

GENESIS_VERSION = 1
GAME_ID_TAG = b"cosmic/genesis/v1"
MIN_SEATS = 2
MAX_SEATS = 10
MAX_GENESIS_SIZE = 64 * 1024
MAX_RULES = 64
MAX_OPTIONS = 64

SEAT_NAME_CHARS = 32  # a seat's name: 1 to this many characters of safe text
SEAT_NAME = Str(SEAT_NAME_CHARS, min_len=1)
_SEAT = Record(
    ("index", Int(0, MAX_SEATS - 1)),
    ("name", SEAT_NAME),
    ("colour", Str(16, min_len=1, pattern=r"[a-z][a-z0-9-]*")),
    ("key", Bytes(32)),
)
_IDENT = Str(64, min_len=1, pattern=NAME)
_OPTION_VALUE = Tree(max_depth=4, max_len=64, max_nodes=1024, max_str=256, max_bytes=1024)
_GENESIS = Record(
    ("version", Int(0, 2**16 - 1)),
    ("salt", Bytes(32)),
    ("seats", List(_SEAT, min_len=MIN_SEATS, max_len=MAX_SEATS)),
    ("rules", List(_IDENT, max_len=MAX_RULES)),
    ("engine_version", Str(64, min_len=1, pattern=r"[0-9A-Za-z./+_-]+")),
    ("rules_hash", Bytes(32)),
    ("options", List(Record(("key", _IDENT), ("value", _OPTION_VALUE)), max_len=MAX_OPTIONS)),
)


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: its index (0..n-1), the player's name and colour, its Ed25519 key."""

    index: int
    name: str
    colour: str
    key: bytes

    def to_value(self) -> list[Value]:
        return [self.index, self.name, self.colour, self.key]


def _problems(value: list[Any]) -> tuple[str, str] | None:
    """(check, why) a genesis value (already schema-checked) is invalid, or None."""
    version, _salt, seats, rules, _engine, _rules_hash, options = value
    if version != GENESIS_VERSION:
        return "version", f"unknown genesis version {version}"
    for position, seat in enumerate(seats):
        if seat[0] != position:
            return "schema", f"seat at position {position} has index {seat[0]}"
    for what, column in (("name", 1), ("colour", 2), ("key", 3)):
        if len({seat[column] for seat in seats}) != len(seats):
            return "schema", f"two seats have the same {what}"
    for seat in seats:
        why = key_problem(seat[3])
        if why is not None:
            return "point", f"seat {seat[0]}'s key is not a valid Ed25519 public key: {why}"
    if any(a >= b for a, b in zip(rules, rules[1:])):
        return "schema", "rules are not strictly sorted"
    keys = [k for k, _ in options]
    if any(a >= b for a, b in zip(keys, keys[1:])):
        return "schema", "option keys are not strictly sorted"
    return None


@dataclass(frozen=True, eq=False)
class Genesis:
    """The description of one game; see the module comment for its invariants."""

    seats: tuple[Seat, ...]
    rules: tuple[str, ...]
    engine_version: str
    rules_hash: bytes
    salt: bytes
    options: tuple[tuple[str, Value], ...] = ()
    version: int = GENESIS_VERSION
    encoded: bytes = field(init=False, repr=False)
    game_id: bytes = field(init=False, repr=False)

    def __post_init__(self) -> None:
        value = self.to_value()
        try:
            _GENESIS.check(value, "genesis")
        except SchemaError as exc:
            raise LocalProtocolError(exc.check, exc.message) from None
        problem = _problems(cast(list[Any], value))
        if problem is not None:
            raise LocalProtocolError(*problem)
        encoded = canonical.encode(value)
        if len(encoded) > MAX_GENESIS_SIZE:
            raise LocalProtocolError("size", f"genesis of {len(encoded)} bytes is too large")
        object.__setattr__(self, "encoded", encoded)
        object.__setattr__(self, "game_id", hashlib.sha256(GAME_ID_TAG + encoded).digest())

    @classmethod
    def create(
        cls,
        players: Sequence[tuple[str, str, bytes]],
        *,
        rules: Iterable[str] = (),
        engine_version: str,
        rules_hash: bytes,
        options: Iterable[tuple[str, Value]] = (),
        salt: bytes | None = None,
    ) -> Genesis:
        """A genesis for players [(name, colour, public key), ...] in seat order.

        Sorts rules and options and draws a fresh salt unless one is given.
        Raises LocalProtocolError if any field is invalid.
        """
        seats = tuple(Seat(i, name, colour, key) for i, (name, colour, key) in enumerate(players))
        return cls(
            seats=seats,
            rules=tuple(sorted(rules)),
            engine_version=engine_version,
            rules_hash=rules_hash,
            salt=secrets.token_bytes(32) if salt is None else salt,
            options=tuple(sorted(options, key=lambda kv: kv[0])),
        )

    def to_value(self) -> list[Value]:
        """The genesis as a canonical value (the array described above)."""
        return [
            self.version,
            self.salt,
            [s.to_value() if isinstance(s, Seat) else s for s in self.seats],
            list(self.rules),
            self.engine_version,
            self.rules_hash,
            [[k, v] for k, v in self.options],
        ]

    def encode(self) -> bytes:
        """The canonical bytes (computed once at construction)."""
        return self.encoded

    @classmethod
    def decode(cls, data: bytes) -> Genesis:
        """The genesis encoded in data.

        Raises DecodeError: "size", "canonical", "schema", "version" or "point" (a seat
        key that is not a valid Ed25519 public key).
        """
        value = canonical.decode(data, max_size=MAX_GENESIS_SIZE)
        try:
            _GENESIS.check(value, "genesis")  # the shape Seat(*s) and cls() need
        except SchemaError as exc:
            raise DecodeError(exc.check, exc.message) from None
        fields = cast(list[Any], value)
        version, salt, seats, rules, engine_version, rules_hash, options = fields
        try:
            return cls(
                seats=tuple(Seat(*s) for s in seats),
                rules=tuple(rules),
                engine_version=engine_version,
                rules_hash=rules_hash,
                salt=salt,
                options=tuple((k, v) for k, v in options),
                version=version,
            )
        except LocalProtocolError as exc:  # __post_init__'s checks (_problems): once
            raise DecodeError(exc.check, exc.message) from None

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    def seat_key(self, index: int) -> bytes:
        """The public key of seat index. Raises IndexError if there is no such seat."""
        if not 0 <= index < len(self.seats):
            raise IndexError(f"no seat {index}")
        return self.seats[index].key

    def seat_of_key(self, key: bytes) -> int | None:
        """The seat whose key is key, or None."""
        for seat in self.seats:
            if seat.key == key:
                return seat.index
        return None

    def option(self, key: str, default: Value = None) -> Value:
        """The value of option key, or default."""
        for k, v in self.options:
            if k == key:
                return v
        return default

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Genesis) and other.encoded == self.encoded

    def __hash__(self) -> int:
        return hash(self.encoded)
