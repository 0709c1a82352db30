"""The data and text forms of every game's actions: data `[kind, seat, field...]`, ints only.

An action is a frozen, slotted dataclass whose first field is `seat`, made by `kind`, the
class decorator that names it: class attributes `KIND` (its name) and `SHAPES` (one per
further field). A shape is an integer one ("int", or a
game's own name for an integer it writes otherwise, e.g. the map game's "world"), "ints"
(a tuple of ints: a list) or "pairs" (a tuple of int pairs: a list of two-item lists).
Decoding is strict: 32-bit integers (never a bool), at most 128 items a list, exactly the
fields of the kind; anything else is an ActionParseError naming the field. So
`decode(kinds, encode(a)) == a` for every action, and only such data decodes.

The text form of a field is its game's (`TextForm`): every game writes an int as digits, a
list as `1,2,3` (`-` when empty) and pairs as `1:2,3:4`, and may add integer shapes it
writes otherwise; a game names each field (`key=value`) or writes the values alone. A
game's `Kinds` table holds its classes and its text form, which `kind` stamps on every
class it names there (`TEXT`); classes shared by several games (engine.action's chance
facts) are entered as they are and keep the one they were named with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar, dataclass_transform

from .errors import ActionParseError

__all__ = ["encode", "decode", "field_names", "kind", "Kinds", "TextForm", "NAMED"]

T = TypeVar("T")


# The names of each action class's fields after the seat (dataclasses.fields, once).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of an action class's fields after the seat, in order."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls)[1:])
    return names


Write = Callable[[Any], str]
Read = Callable[[str], Any]


def _read_ints(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(x) for x in text.split(","))


def _read_pairs(text: str) -> tuple[tuple[int, int], ...]:
    if text == "-":
        return ()
    out = []
    for item in text.split(","):
        a, b = item.split(":")  # anything but two parts is a ValueError
        out.append((int(a), int(b)))
    return tuple(out)


_SHARED_SHAPES: dict[str, tuple[Write, Read]] = {
    "int": (str, int),
    "ints": (lambda v: ",".join(map(str, v)) or "-", _read_ints),
    "pairs": (lambda v: ",".join(f"{a}:{b}" for a, b in v) or "-", _read_pairs),
}


class TextForm:
    """How a game writes its actions' fields as text and reads them back: a writer and a
    reader for each shape (the shared ones and the game's own, `shapes`), and whether a
    field is written with its name (`named`: `key=value`) or alone."""

    def __init__(self, *, named: bool, shapes: Mapping[str, tuple[Write, Read]] = {}) -> None:
        self.named = named
        self.shapes = {**_SHARED_SHAPES, **shapes}

    def write(self, shape: str, value: Any) -> str:
        return self.shapes[shape][0](value)

    def read(self, shape: str, text: str, what: str) -> Any:
        """The value of `text` in `shape`; raises ActionParseError naming `what`."""
        try:
            return self.shapes[shape][1](text)
        except ValueError:
            raise ActionParseError(f"{what}: cannot read {text!r} as {shape}") from None

    def values(self, action: Any) -> list[str]:
        """The text of each value of `action` after the seat, in order."""
        return [self.write(shape, getattr(action, n))
                for n, shape in zip(field_names(type(action)), action.SHAPES)]

    def fields(self, action: Any) -> list[str]:
        """The text of each field of `action` after the seat: named, or the values alone."""
        if self.named:
            return [f"{n}={t}" for n, t in zip(field_names(type(action)), self.values(action))]
        return self.values(action)


NAMED = TextForm(named=True)  # the shared shapes, each field with its name


class Kinds:
    """A game's action classes by kind (`table`, in the order they are entered), and its
    text form."""

    def __init__(self, table: dict[str, type[Any]], text: TextForm = NAMED) -> None:
        self.table = table
        self.text = text

    def enter(self, *classes: type[Any]) -> None:
        """Enter classes already named (by `kind`, here or in another game's table)."""
        for cls in classes:
            name: str = getattr(cls, "KIND")
            if name in self.table:
                raise TypeError(f"{name}: two action classes of one kind")
            self.table[name] = cls


@dataclass_transform(frozen_default=True)
def kind(kinds: Kinds, name: str, *shapes: str) -> Callable[[type[T]], type[T]]:
    """The class decorator that makes an action kind of `kinds`' game: a frozen, slotted
    dataclass named `name` (KIND), with a shape for each field after the seat (SHAPES;
    raises TypeError when they differ or the name is taken) and the game's text form
    (TEXT), entered in `kinds`."""
    def wrap(cls: type[T]) -> type[T]:
        made: type[T] = dataclass(frozen=True, slots=True)(cls)
        if len(field_names(made)) != len(shapes):
            raise TypeError(f"{name}: fields and shapes differ")
        setattr(made, "KIND", name)
        setattr(made, "SHAPES", shapes)
        setattr(made, "TEXT", kinds.text)
        kinds.enter(made)
        return made
    return wrap


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
