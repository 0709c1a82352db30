# A tiny schema language for message bodies (and the genesis), checked before any use.
#
# Invariants:
# - A schema describes values of the canonical value space (protocol.canonical): no
#   maps, so a record is an array whose positions are its fields. An array of another
#   length than the record's field count is refused, so unknown (extra) fields are
#   never carried silently.
# - Every schema bounds its value: integers have a range, bytes and strings a maximum
#   length, arrays a maximum length, Tree a depth and node count. Nothing is unbounded.
# - Types are exact: bool is not an int, bytes are not str. Arrays may be list or tuple
#   (tuple only on the sending side; decoded values hold lists).
# - check() raises SchemaError naming the path of an offending value
#   ("$.body[2].cards[0]"); it never raises anything else, whatever the value. A value
#   outside the canonical value space (a float, a dict...) is check "canonical", as
#   canonical.decode() and encode() name it, wherever it sits; a value of the space in
#   the wrong place is "schema".
# - Strings default to "safe text": no C0/C1 control characters and no line or bidi
#   overrides, so a peer's text cannot drive a terminal or disguise itself.
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from protocol.errors import ProtocolError

__all__ = [
    "SchemaError",
    "Schema",
    "Nil",
    "Bool",
    "Int",
    "Bytes",
    "Str",
    "Enum",
    "List",
    "Record",
    "Optional",
    "Variant",
    "Tree",
    "SAFE_TEXT",
    "NAME",
    "strict_depth",
]

# Text without C0/C1 controls, NEL, line/paragraph separators or bidi overrides/isolates.
SAFE_TEXT = r"[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*"
# Identifiers: kinds, purposes, rule and option names.
NAME = r"[a-z0-9][a-z0-9_.:/-]*"


class SchemaError(ProtocolError):
    """A value does not match its schema; `path` names where."""

    def __init__(self, path: str, message: str, check: str = "schema") -> None:
        super().__init__(check, f"{path}: {message}")
        self.path = path


def _type_name(value: object) -> str:
    return type(value).__name__


# The Python types of canonical values (protocol.canonical): anything else is no value.
_VALUE_TYPES = frozenset({type(None), bool, int, bytes, str, list, tuple})


def _wrong_type(path: str, expected: str, value: object) -> SchemaError:
    """The error for a value that is not of the `expected` type."""
    if type(value) not in _VALUE_TYPES:
        return SchemaError(path, f"type {_type_name(value)} is not allowed in canonical "
                           "msgpack", "canonical")
    return SchemaError(path, f"expected {expected}, got {_type_name(value)}")


class Schema:
    """Base of all schemas: check(value) raises SchemaError or returns None."""

    def check(self, value: object, path: str = "$") -> None:
        raise NotImplementedError

    def is_valid(self, value: object) -> bool:
        try:
            self.check(value)
        except SchemaError:
            return False
        return True


class Nil(Schema):
    """Exactly None."""

    def check(self, value: object, path: str = "$") -> None:
        if value is not None:
            raise _wrong_type(path, "nil", value)

    def __repr__(self) -> str:
        return "Nil()"


class Bool(Schema):
    """Exactly True or False."""

    def check(self, value: object, path: str = "$") -> None:
        if type(value) is not bool:
            raise _wrong_type(path, "bool", value)

    def __repr__(self) -> str:
        return "Bool()"


class Int(Schema):
    """An int (not a bool) in [min, max]."""

    def __init__(self, min: int, max: int) -> None:
        if min > max:
            raise ValueError("Int: min > max")
        self.min = min
        self.max = max

    def check(self, value: object, path: str = "$") -> None:
        if type(value) is not int:
            raise _wrong_type(path, "int", value)
        if not self.min <= value <= self.max:
            raise SchemaError(path, f"{value} is outside [{self.min}, {self.max}]")

    def __repr__(self) -> str:
        return f"Int({self.min}, {self.max})"


class Bytes(Schema):
    """Bytes of exactly `size`, or of min_len..max_len."""

    def __init__(
        self, size: int | None = None, *, max_len: int | None = None, min_len: int = 0
    ) -> None:
        if size is not None:
            min_len = max_len = size
        if max_len is None:
            raise ValueError("Bytes needs a size or a max_len")
        self.size = size
        self.min_len = min_len
        self.max_len = max_len

    def check(self, value: object, path: str = "$") -> None:
        if type(value) is not bytes:
            raise _wrong_type(path, "bytes", value)
        n = len(value)
        if n > self.max_len:
            raise SchemaError(path, f"{n} bytes, at most {self.max_len} allowed", "size")
        if n < self.min_len:
            raise SchemaError(path, f"{n} bytes, at least {self.min_len} needed")

    def __repr__(self) -> str:
        if self.size is not None:
            return f"Bytes({self.size})"
        return f"Bytes(max_len={self.max_len}, min_len={self.min_len})"


class Str(Schema):
    """A str of min_len..max_len code points matching pattern (safe text by default)."""

    def __init__(self, max_len: int, *, min_len: int = 0, pattern: str = SAFE_TEXT) -> None:
        self.max_len = max_len
        self.min_len = min_len
        self.pattern = pattern
        self._re = re.compile(pattern)

    def check(self, value: object, path: str = "$") -> None:
        if type(value) is not str:
            raise _wrong_type(path, "str", value)
        n = len(value)
        if n > self.max_len:
            raise SchemaError(path, f"{n} characters, at most {self.max_len} allowed", "size")
        if n < self.min_len:
            raise SchemaError(path, f"{n} characters, at least {self.min_len} needed")
        if self._re.fullmatch(value) is None:
            raise SchemaError(path, f"{value[:40]!r} has characters not allowed here")

    def __repr__(self) -> str:
        return f"Str({self.max_len}, min_len={self.min_len}, pattern={self.pattern!r})"


class Enum(Schema):
    """One of a fixed set of strings."""

    def __init__(self, *values: str) -> None:
        self.values = frozenset(values)
        self._order = tuple(values)

    def check(self, value: object, path: str = "$") -> None:
        if type(value) is not str or value not in self.values:
            if type(value) not in _VALUE_TYPES:
                raise _wrong_type(path, "str", value)
            raise SchemaError(path, f"expected one of {list(self._order)}")

    def __repr__(self) -> str:
        return f"Enum({', '.join(map(repr, self._order))})"


class List(Schema):
    """An array of min_len..max_len items, each matching `item`."""

    def __init__(self, item: Schema, *, max_len: int, min_len: int = 0) -> None:
        self.item = item
        self.max_len = max_len
        self.min_len = min_len

    def check(self, value: object, path: str = "$") -> None:
        if type(value) is not list and type(value) is not tuple:
            raise _wrong_type(path, "array", value)
        n = len(value)
        if n > self.max_len:
            raise SchemaError(path, f"{n} items, at most {self.max_len} allowed", "size")
        if n < self.min_len:
            raise SchemaError(path, f"{n} items, at least {self.min_len} needed")
        item = self.item
        # Fast paths, checked by C loops: arrays of fixed-size bytes (ciphertexts, proof
        # points) and of ints are the bulk of the card protocol's bodies.
        if type(item) is Bytes and n:
            if set(map(type, value)) == {bytes}:
                lengths = set(map(len, value))
                if min(lengths) >= item.min_len and max(lengths) <= item.max_len:
                    return
        elif type(item) is Int and n:
            if set(map(type, value)) == {int} and min(value) >= item.min and max(value) <= item.max:
                return
        for i, v in enumerate(value):
            item.check(v, f"{path}[{i}]")

    def __repr__(self) -> str:
        return f"List({self.item!r}, max_len={self.max_len}, min_len={self.min_len})"


class Record(Schema):
    """An array with one position per named field, exactly as many as fields."""

    def __init__(self, *fields: tuple[str, Schema]) -> None:
        self.fields = tuple(fields)
        self.names = tuple(name for name, _ in fields)
        self._schemas = tuple(schema for _, schema in fields)
        # Each field's path under the paths met (an envelope's "body" every time), kept
        # rather than formatted at each check; a few only (a record in a list has one
        # path per index).
        self._paths: dict[str, tuple[str, ...]] = {}

    def check(self, value: object, path: str = "$") -> None:
        if type(value) is not list and type(value) is not tuple:
            raise _wrong_type(path, "record array", value)
        if len(value) != len(self.fields):
            raise SchemaError(
                path, f"{len(value)} fields, expected {len(self.fields)} {list(self.names)}"
            )
        paths = self._paths.get(path)
        if paths is None:
            paths = tuple(f"{path}.{name}" for name in self.names)
            if len(self._paths) < 16:
                self._paths[path] = paths
        for schema, v, p in zip(self._schemas, value, paths):
            schema.check(v, p)

    def __repr__(self) -> str:
        return f"Record({', '.join(f'({n!r}, {s!r})' for n, s in self.fields)})"


class Optional(Schema):
    """None, or a value matching `inner`."""

    def __init__(self, inner: Schema) -> None:
        self.inner = inner

    def check(self, value: object, path: str = "$") -> None:
        if value is not None:
            self.inner.check(value, path)

    def __repr__(self) -> str:
        return f"Optional({self.inner!r})"


class Variant(Schema):
    """A tagged union: [tag, field, ...] where tag picks a Record of the remaining fields."""

    def __init__(self, cases: Mapping[str, Sequence[tuple[str, Schema]]]) -> None:
        self.cases = {tag: Record(*fields) for tag, fields in cases.items()}

    def check(self, value: object, path: str = "$") -> None:
        if (type(value) is not list and type(value) is not tuple) or not value:
            raise _wrong_type(path, "a tagged array", value)
        tag = value[0]
        record = self.cases.get(tag) if type(tag) is str else None
        if record is None and type(tag) not in _VALUE_TYPES:
            raise _wrong_type(f"{path}[0]", "str", tag)
        if record is None:
            raise SchemaError(f"{path}[0]", f"unknown tag, expected one of {sorted(self.cases)}")
        record.check(value[1:], f"{path}<{tag}>")

    def __repr__(self) -> str:
        return f"Variant({self.cases!r})"


class Tree(Schema):
    """A bounded generic value: nested arrays of None, bool, int, str and bytes.

    For bodies whose exact shape another layer checks (the engine's action data): it
    bounds depth, array length, total node count, string and bytes length and refuses
    every type outside the canonical value space.
    """

    def __init__(
        self,
        *,
        max_depth: int = 8,
        max_len: int = 256,
        max_nodes: int = 4096,
        max_str: int = 256,
        max_bytes: int = 4096,
        int_min: int = -(2**63),
        int_max: int = 2**63 - 1,
        pattern: str = SAFE_TEXT,
    ) -> None:
        self.max_depth = max_depth
        self.max_len = max_len
        self.max_nodes = max_nodes
        self.max_str = max_str
        self.max_bytes = max_bytes
        self.int_min = int_min
        self.int_max = int_max
        self._re = re.compile(pattern)

    def _fast_ok(self, value: object) -> bool:
        """One quick pass without paths; check() explains a failure with a second pass."""
        t = type(value)
        if t is not list and t is not tuple:
            return self._scalar_ok(value)
        fullmatch = self._re.fullmatch
        lo, hi, max_str, max_bytes = self.int_min, self.int_max, self.max_str, self.max_bytes
        max_len, max_depth = self.max_len, self.max_depth
        nodes = 1
        stack: list[tuple[Any, int]] = [(value, 1)]
        while stack:
            array, depth = stack.pop()
            if depth > max_depth or len(array) > max_len:
                return False
            nodes += len(array)
            if nodes > self.max_nodes:
                return False
            for v in array:
                t = type(v)
                if t is int:
                    if not lo <= v <= hi:
                        return False
                elif t is str:
                    if len(v) > max_str or fullmatch(v) is None:
                        return False
                elif t is bytes:
                    if len(v) > max_bytes:
                        return False
                elif t is list or t is tuple:
                    stack.append((v, depth + 1))
                elif v is not None and t is not bool:
                    return False
        return True

    def _scalar_ok(self, v: Any) -> bool:
        t = type(v)
        if t is int:
            return bool(self.int_min <= v <= self.int_max)
        if t is str:
            return len(v) <= self.max_str and self._re.fullmatch(v) is not None
        if t is bytes:
            return len(v) <= self.max_bytes
        return v is None or t is bool

    def check(self, value: object, path: str = "$") -> None:
        if self._fast_ok(value):
            return
        self._explain(value, path)
        raise SchemaError(path, "value outside the bounds of this tree")  # not reached

    def _explain(self, value: object, path: str) -> None:
        # Iterative; a child's path is kept as (parent path, index) and only rendered
        # into a string when there is an error to report.
        stack: list[tuple[Any, Any, int]] = [(value, path, 0)]
        nodes = 0
        while stack:
            v, p, depth = stack.pop()
            nodes += 1
            if nodes > self.max_nodes:
                raise SchemaError(path, f"more than {self.max_nodes} values", "size")
            t = type(v)
            if t is list or t is tuple:
                if depth >= self.max_depth:
                    raise SchemaError(_render(p), f"nested deeper than {self.max_depth}", "size")
                if len(v) > self.max_len:
                    raise SchemaError(_render(p), f"{len(v)} items, at most {self.max_len}", "size")
                stack.extend([(item, (p, i), depth + 1) for i, item in enumerate(v)])
            elif t is int:
                if not self.int_min <= v <= self.int_max:
                    raise SchemaError(_render(p), f"{v} out of range")
            elif t is str:
                if len(v) > self.max_str:
                    raise SchemaError(_render(p), f"string over {self.max_str} characters", "size")
                if self._re.fullmatch(v) is None:
                    raise SchemaError(_render(p), "string has characters not allowed here")
            elif t is bytes:
                if len(v) > self.max_bytes:
                    raise SchemaError(_render(p), f"bytes over {self.max_bytes}", "size")
            elif v is not None and t is not bool:
                raise _wrong_type(_render(p), "a value", v)

    def __repr__(self) -> str:
        return (
            f"Tree(max_depth={self.max_depth}, max_len={self.max_len}, "
            f"max_nodes={self.max_nodes}, max_str={self.max_str}, max_bytes={self.max_bytes})"
        )


def _render(path: Any) -> str:
    """Render a Tree path kept as nested (parent, index) pairs around a root string."""
    indices: list[int] = []
    while type(path) is tuple:
        path, i = path
        indices.append(i)
    return str(path) + "".join(f"[{i}]" for i in reversed(indices))


def strict_depth(schema: Schema) -> int | None:
    """How deep the arrays a schema accepts may nest (a scalar's: 0), when every value
    it accepts lies in canonical msgpack's value space (None, bool, int, bytes, str and
    arrays of them: no float, no other type anywhere), or None when that is not known:
    a schema of another class than this module's exact ones. Each of this module's
    schemas checks the exact type of every value it accepts."""
    t = type(schema)
    if t in (Nil, Bool, Int, Bytes, Str, Enum):
        return 0
    if t is Tree:
        return cast(Tree, schema).max_depth
    inner: list[Schema]
    if t is List:
        inner = [cast(List, schema).item]
    elif t is Record:
        inner = [s for _, s in cast(Record, schema).fields]
    elif t is Optional:
        return strict_depth(cast(Optional, schema).inner)
    elif t is Variant:
        inner = [s for r in cast(Variant, schema).cases.values() for _, s in r.fields]
    else:
        return None
    depths = [strict_depth(s) for s in inner]
    if any(d is None for d in depths):
        return None
    return 1 + max((d for d in depths if d is not None), default=0)
