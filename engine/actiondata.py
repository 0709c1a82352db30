"""The data form of every game's actions: `[kind, seat, field...]`, lists of ints only.

An action is a frozen dataclass whose first field is `seat`, with class attributes `KIND`
(its name) and `SHAPES` (one per further field). A shape is an integer one ("int", or a
game's own name for an integer it writes otherwise, e.g. the map game's "world"), "ints"
(a tuple of ints: a list) or "pairs" (a tuple of int pairs: a list of two-item lists).
Decoding is strict: 32-bit integers (never a bool), at most 128 items a list, exactly the
fields of the kind; anything else is an ActionParseError naming the field. So
`decode(kinds, encode(a)) == a` for every action, and only such data decodes. The text
forms are each game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, Generic, TypeVar

from .errors import ActionParseError

__all__ = ["encode", "decode", "field_names", "Kinds"]

T = TypeVar("T")

C = TypeVar("C", bound=type)


class Kinds(Generic[C]):
    """A game's action classes by kind; `kind(name, *shapes)` is the class decorator
    that names one (KIND, SHAPES: a shape for each field after the seat, checked) and
    enters it here."""

    def __init__(self, table: dict[str, C]) -> None:
        self.table = table

    def kind(self, name: str, *shapes: str) -> Callable[[C], C]:
        def wrap(cls: C) -> C:
            if len(fields(cls)) != len(shapes) + 1:
                raise TypeError(f"{name}: fields and shapes differ")
            if name in self.table:
                raise TypeError(f"{name}: two action classes of one kind")
            setattr(cls, "KIND", name)
            setattr(cls, "SHAPES", shapes)
            self.table[name] = cls
            return cls
        return wrap


# The names of each action class's fields after the seat (dataclasses.fields, once).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of an action class's fields after the seat, in order."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls)[1:])
    return names


def encode(action: Any) -> list[Any]:
    """The data form of `action`."""
    out: list[Any] = [action.KIND, action.seat]
    for name, shape in zip(field_names(type(action)), action.SHAPES):
        v = getattr(action, name)
        if shape == "ints":
            out.append(list(v))
        elif shape == "pairs":
            out.append([list(p) for p in v])
        else:
            out.append(v)
    return out


def _int(v: object, what: str) -> int:
    if type(v) is not int or not -(2**31) <= v < 2**31:
        raise ActionParseError(f"{what}: expected a 32-bit integer, got {v!r}")
    return v


def _seq(v: object, what: str, limit: int = 128) -> list[object]:
    if not isinstance(v, (list, tuple)):
        raise ActionParseError(f"{what}: expected a list, got {type(v).__name__}")
    if len(v) > limit:
        raise ActionParseError(f"{what}: more than {limit} items")
    return list(v)


def decode(kinds: Mapping[str, type[T]], data: object) -> T:
    """Decode `[kind, seat, field...]` with the game's kinds (name -> class) strictly;
    raises ActionParseError on any deviation."""
    items = _seq(data, "action")
    if not items or not isinstance(items[0], str):
        raise ActionParseError("action: the first item must be the kind name")
    cls = kinds.get(items[0])
    if cls is None:
        raise ActionParseError(f"action: unknown kind {items[0]!r}")
    shapes: tuple[str, ...] = getattr(cls, "SHAPES")
    kind: str = getattr(cls, "KIND")
    if len(items) != 2 + len(shapes):
        raise ActionParseError(
            f"{kind}: expected {len(shapes)} fields after the seat, got {len(items) - 2}")
    seat = _int(items[1], f"{kind}.seat")
    values: list[Any] = []
    for name, shape, raw in zip(field_names(cls), shapes, items[2:]):
        if shape not in ("ints", "pairs") and type(raw) is int and -(2**31) <= raw < 2**31:
            values.append(raw)  # _int's case, without naming the field
            continue
        what = f"{kind}.{name}"
        if shape == "ints":
            values.append(tuple(_int(x, what) for x in _seq(raw, what)))
        elif shape == "pairs":
            pairs = []
            for p in _seq(raw, what):
                pp = _seq(p, what)
                if len(pp) != 2:
                    raise ActionParseError(f"{what}: each item must be a pair")
                pairs.append((_int(pp[0], what), _int(pp[1], what)))
            values.append(tuple(pairs))
        else:
            values.append(_int(raw, what))
    make: Callable[..., T] = cls
    return make(seat, *values)
