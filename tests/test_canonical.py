"""Canonical msgpack: round trips, known bytes, and every kind of refusal."""
from __future__ import annotations

import msgpack  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import canonical
from protocol.canonical import INT_MAX, INT_MIN, MAX_DEPTH, decode, encode
from protocol.errors import DecodeError, LocalProtocolError, ProtocolError

# Known encodings, from the msgpack spec's smallest forms.
KNOWN = [
    (None, b"\xc0"),
    (False, b"\xc2"),
    (True, b"\xc3"),
    (0, b"\x00"),
    (127, b"\x7f"),
    (128, b"\xcc\x80"),
    (-1, b"\xff"),
    (-32, b"\xe0"),
    (-33, b"\xd0\xdf"),
    (256, b"\xcd\x01\x00"),
    (INT_MAX, b"\xcf" + b"\xff" * 8),
    (INT_MIN, b"\xd3\x80" + b"\x00" * 7),
    (b"", b"\xc4\x00"),
    (b"ab", b"\xc4\x02ab"),
    ("", b"\xa0"),
    ("a", b"\xa1a"),
    ("é", b"\xa2\xc3\xa9"),
    ("x" * 32, b"\xd9\x20" + b"x" * 32),
    ([], b"\x90"),
    ([1, "a", b"b"], b"\x93\x01\xa1a\xc4\x01b"),
    ([[None]], b"\x91\x91\xc0"),
]


@pytest.mark.parametrize("value,data", KNOWN)
def test_known_encodings(value: canonical.Value, data: bytes) -> None:
    assert encode(value) == data
    assert decode(data) == value


def test_tuple_encodes_as_array_and_decodes_as_list() -> None:
    data = encode((1, (2, 3)))
    assert data == encode([1, [2, 3]])
    assert decode(data) == [1, [2, 3]]


@pytest.mark.parametrize(
    "value",
    [
        1.5,
        {"a": 1},
        {},
        {1, 2},
        INT_MAX + 1,
        INT_MIN - 1,
        "\ud800",  # a lone surrogate has no UTF-8 form
        bytearray(b"x"),
        msgpack.ExtType(1, b"x"),  # a namedtuple: must not pass as an array
        [1, [2, [3.0]]],
        object(),
    ],
)
def test_encode_refuses_values_outside_the_space(value: object) -> None:
    with pytest.raises(LocalProtocolError) as info:
        encode(value)  # type: ignore[arg-type]
    assert info.value.check == "canonical"


def nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_depth_limit_both_ways() -> None:
    ok = nested(MAX_DEPTH)
    assert decode(encode(ok)) == ok  # type: ignore[arg-type]
    with pytest.raises(LocalProtocolError):
        encode(nested(MAX_DEPTH + 1))  # type: ignore[arg-type]
    deepest_ok = b"\x91" * MAX_DEPTH + b"\xc0"
    assert encode(decode(deepest_ok)) == deepest_ok
    deep = b"\x91" * (MAX_DEPTH + 1) + b"\xc0"
    with pytest.raises(DecodeError) as info:
        decode(deep)
    assert info.value.check == "size"
    with pytest.raises(DecodeError) as info:
        decode(b"\x91" * 100_000 + b"\xc0", max_size=1 << 20)
    assert info.value.check == "size"


@pytest.mark.parametrize(
    "data,check",
    [
        (b"", "canonical"),
        (b"\x01\x02", "canonical"),  # trailing bytes
        (b"\xcc\x05", "canonical"),  # 5 in a uint8 form: not the smallest
        (b"\xcd\x00\x80", "canonical"),  # 128 in a uint16 form
        (b"\xd0\x05", "canonical"),  # 5 as int8
        (b"\xd9\x01a", "canonical"),  # "a" as str8
        (b"\xc5\x00\x01b", "canonical"),  # b"b" as bin16
        (b"\xdc\x00\x01\x01", "canonical"),  # [1] as array16
        (b"\xa1\xff", "canonical"),  # invalid UTF-8
        (b"\xa3\xed\xa0\x80", "canonical"),  # UTF-8-encoded surrogate
        (b"\x81\x01\x02", "canonical"),  # a map
        (b"\x80", "canonical"),  # an empty map
        (b"\xca\x00\x00\x00\x00", "canonical"),  # float32
        (b"\xcb" + b"\x00" * 8, "canonical"),  # float64
        (b"\xd4\x01\x00", "canonical"),  # fixext1
        (b"\xd6\xff\x00\x00\x00\x00", "canonical"),  # timestamp ext -1
        (b"\xc1", "canonical"),  # never-used byte
        (b"\x92\x01", "canonical"),  # truncated array
        (b"\xdd\xff\xff\xff\xff", "canonical"),  # huge array claim, no items
        (b"\xc6\xff\xff\xff\xff", "canonical"),  # huge bin claim
    ],
)
def test_decode_refusals(data: bytes, check: str) -> None:
    with pytest.raises(DecodeError) as info:
        decode(data)
    assert info.value.check == check


def test_decode_size_limit() -> None:
    data = encode(b"x" * 100)
    assert decode(data, max_size=len(data)) == b"x" * 100
    with pytest.raises(DecodeError) as info:
        decode(data, max_size=len(data) - 1)
    assert info.value.check == "size"


def test_decode_refuses_non_bytes() -> None:
    with pytest.raises(DecodeError):
        decode("not bytes")  # type: ignore[arg-type]
    assert decode(bytearray(b"\x01")) == 1  # type: ignore[arg-type]


values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=INT_MIN, max_value=INT_MAX)
    | st.binary(max_size=40)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=6),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(values)
def test_round_trip(value: canonical.Value) -> None:
    data = encode(value)
    assert decode(data) == value
    assert encode(decode(data)) == data


def wide(value: canonical.Value) -> bytes:
    """value in the widest msgpack forms: valid msgpack, the same value, not canonical."""
    if value is None or type(value) is bool:
        return encode(value)
    if type(value) is int:
        if value < 0:
            return b"\xd3" + value.to_bytes(8, "big", signed=True)
        return b"\xcf" + value.to_bytes(8, "big")
    if type(value) is bytes:
        return b"\xc6" + len(value).to_bytes(4, "big") + value
    if type(value) is str:
        raw = value.encode("utf-8")
        return b"\xdb" + len(raw).to_bytes(4, "big") + raw
    assert isinstance(value, (list, tuple))
    return b"\xdd" + len(value).to_bytes(4, "big") + b"".join(wide(v) for v in value)


@settings(max_examples=300, deadline=None)
@given(values)
def test_wider_forms_of_a_value_are_refused(value: canonical.Value) -> None:
    data = wide(value)
    assert msgpack.unpackb(data, raw=False) == value  # really the same value
    if data != encode(value):
        with pytest.raises(DecodeError) as info:
            decode(data)
        assert info.value.check == "canonical"
