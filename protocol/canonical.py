# Canonical msgpack: the one byte encoding of every signed or hashed value.
#
# Invariants:
# - The value space is small: None, bool, int in [-2**63, 2**64 - 1], bytes, str (valid
#   UTF-8, no lone surrogates) and arrays of those (list or tuple on the way in, list on
#   the way out). No floats, no maps (records are arrays with fixed positions), no ext
#   types, nesting at most MAX_DEPTH arrays deep.
# - Every value has exactly one encoding: the smallest msgpack form of each integer,
#   length and string (msgpack-python's packer with use_bin_type=True produces it), str
#   for text and bin for bytes.
# - decode() accepts a byte string only if it is exactly one value, of the value space
#   above, and encode(decode(b)) == b. Anything else raises DecodeError; no other
#   exception escapes it. A float, a map or an ext anywhere is check "canonical" (as
#   docs/journal-format.md says), before any schema looks at the value.
from __future__ import annotations

from typing import Any, Union

import msgpack

from protocol.errors import DecodeError, LocalProtocolError, ProtocolError

# msgpack.packb(obj, use_bin_type=True) without making a Packer each time: one packer
# with the same settings (it resets its buffer after every value, and after an error).
_PACK = msgpack.Packer(use_bin_type=True).pack

__all__ = [
    "Value",
    "INT_MIN",
    "INT_MAX",
    "MAX_DEPTH",
    "DEFAULT_MAX_SIZE",
    "encode",
    "decode",
]

Value = Union[None, bool, int, bytes, str, list["Value"], tuple["Value", ...]]

INT_MIN = -(2**63)
INT_MAX = 2**64 - 1
MAX_DEPTH = 32  # arrays nested deeper than this are refused both ways
DEFAULT_MAX_SIZE = 1 << 20  # decode() refuses larger inputs unless told otherwise


def _encode_violation(obj: object, depth: int) -> str | None:
    """Return why obj is outside the value space, or None if it is inside."""
    t = type(obj)
    if obj is None or t is bool or t is bytes or t is str:
        return None
    if t is int:
        if INT_MIN <= obj <= INT_MAX:  # type: ignore[operator]
            return None
        return f"integer {obj} out of range"
    if t is list or t is tuple:
        if depth >= MAX_DEPTH:
            return f"arrays nested deeper than {MAX_DEPTH}"
        for item in obj:  # type: ignore[attr-defined]
            why = _encode_violation(item, depth + 1)
            if why is not None:
                return why
        return None
    return f"type {t.__name__} is not allowed in canonical msgpack"


def encode(obj: Value) -> bytes:
    """Encode obj as canonical msgpack.

    Raises LocalProtocolError(check="canonical") for a value outside the value space.
    """
    why = _encode_violation(obj, 0)
    if why is not None:
        raise LocalProtocolError("canonical", why)
    try:
        return _PACK(obj)  # type: ignore[no-any-return]
    except (ValueError, TypeError, OverflowError, UnicodeError) as exc:
        # e.g. a str holding a lone surrogate, which has no UTF-8 form
        raise LocalProtocolError("canonical", f"cannot encode: {exc}") from None


def _refuse_ext(code: int, data: bytes) -> object:
    raise DecodeError("canonical", f"ext type {code} is not allowed")


def _refuse_map(pairs: object) -> object:
    raise DecodeError("canonical", "maps are not allowed")


def _unpack(data: bytes, max_size: int, max_depth: int = MAX_DEPTH, *,
            values: bool = True) -> object:
    """Strictly unpack exactly one msgpack value, check it re-encodes to data and lies
    in the value space (no float anywhere: a float64 re-encodes to itself, so only the
    walk finds it). Package-private: decode() and open_envelope() use it.

    values=False leaves the walk to the caller, who must raise _value_error(value) (when
    not None) before any other error it finds, and on success unless its own checks
    accept nothing outside the value space (protocol.envelope). The errors are the same
    as with the walk made here: this one makes it before reporting a re-encoding that
    differs.
    """
    if type(data) is not bytes:
        if isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        else:
            raise DecodeError("canonical", f"expected bytes, got {type(data).__name__}")
    n = len(data)
    if n > max_size:
        raise DecodeError("size", f"{n} bytes is over the limit of {max_size}")
    if n == 0:
        raise DecodeError("canonical", "empty input")
    try:
        obj = msgpack.unpackb(
            data,
            raw=False,
            use_list=True,
            strict_map_key=True,
            ext_hook=_refuse_ext,
            object_pairs_hook=_refuse_map,
            max_str_len=n,
            max_bin_len=n,
            max_array_len=n,
            max_map_len=0,
            max_ext_len=0,
        )
    except ProtocolError:
        raise
    except msgpack.ExtraData:
        raise DecodeError("canonical", "trailing bytes after the value") from None
    except msgpack.StackError:
        raise DecodeError("size", "nested too deeply") from None
    except Exception as exc:  # the unpacker may raise many types; none may escape
        raise DecodeError("canonical", f"malformed msgpack: {type(exc).__name__}") from None
    if values:
        error = _value_error(obj, max_depth)
        if error is not None:
            raise error
    try:
        again = _PACK(obj)
    except Exception as exc:  # e.g. recursion limit on very deep arrays
        error = None if values else _value_error(obj, max_depth)
        raise (error or DecodeError("size", f"cannot re-encode: {type(exc).__name__}")
               ) from None
    if again != data:
        raise (None if values else _value_error(obj, max_depth)) or DecodeError(
            "canonical", "not the canonical encoding of its value")
    return obj


def _value_error(obj: object, max_depth: int = MAX_DEPTH) -> DecodeError | None:
    """The error of a decoded value outside the value space, or None."""
    why = _decode_violation(obj, max_depth)
    if why is None:
        return None
    return DecodeError("size" if why.startswith("arrays nested") else "canonical", why)


_SCALARS = frozenset({type(None), bool, int, bytes, str})


def _decode_violation(obj: object, max_depth: int) -> str | None:
    """Return why a decoded value is outside the value space (iterative, no recursion)."""
    if type(obj) is not list:
        return None if type(obj) in _SCALARS else _not_allowed(obj)
    stack: list[tuple[list[Any], int]] = [(obj, 0)]
    while stack:
        array, depth = stack.pop()
        if depth >= max_depth:
            return f"arrays nested deeper than {max_depth}"
        for item in array:
            t = type(item)
            if t is list:
                stack.append((item, depth + 1))
            elif t not in _SCALARS:
                return _not_allowed(item)
    return None


def _not_allowed(value: object) -> str:
    # floats, Timestamp (ext -1) and anything else the unpacker may produce
    return f"type {type(value).__name__} is not allowed in canonical msgpack"


def decode(data: bytes, max_size: int = DEFAULT_MAX_SIZE, max_depth: int = MAX_DEPTH) -> Value:
    """Decode one canonical msgpack value from data.

    Raises DecodeError: check "size" over max_size bytes or max_depth nesting,
    "canonical" for malformed input, trailing bytes, a type outside the value space or
    any encoding other than the canonical one.
    """
    return _unpack(data, max_size, max_depth)  # type: ignore[return-value]
