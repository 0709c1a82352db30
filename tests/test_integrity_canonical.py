"""A float is not canonical msgpack, wherever it is: the spec (docs/journal-format.md,
sections 2 and 5.2) says such bytes are refused with check `canonical`, before any
schema looks at them, and the code does the same, for a properly signed envelope, in a
journal read by `cosmic verify`, and for a body we would seal ourselves."""

from __future__ import annotations

import json
import struct
import subprocess
from pathlib import Path

import pytest

from engine import cosmic as engine
from protocol import canonical
from protocol.envelope import ZERO_HASH, empty_view, open_envelope, seal
from protocol.errors import DecodeError, LocalProtocolError
from protocol.game import GAME_KINDS, make_genesis
from protocol.genesis import Genesis
from protocol.journal import journal_bytes
from protocol.keys import SigningKey
from protocol.schema import Bytes, Enum, Int, List, Record, Schema, SchemaError, Str, Tree

ROOT = Path(__file__).resolve().parent.parent
KEYS = [SigningKey.from_seed(bytes([i + 1]) * 32) for i in range(3)]
GENESIS = make_genesis(engine.Config(3), [(f"p{i}", k.public) for i, k in enumerate(KEYS)],
                       mode="network", salt=bytes(32))
F64 = b"\xcb" + struct.pack(">d", 1.5)  # float64: re-encodes to itself
F32 = b"\xca" + struct.pack(">f", 1.5)  # float32: msgpack-python re-encodes it as float64
e = canonical.encode


def _signed(*fields: bytes, author: int = 0) -> bytes:
    """An envelope of the nine given encoded fields and an empty view (format version
    2, ten fields), signed by the author's real key."""
    signed = b"\x9a" + b"".join(fields) + e(empty_view(GENESIS.n_seats).encode())
    return signed + KEYS[author].sign(signed)


def _header(seq: bytes = b"\x01", author: bytes = b"\x00") -> list[bytes]:
    return [e(2), e(GENESIS.game_id), author, e(KEYS[0].public), seq, e(ZERO_HASH),
            e(bytes(32))]


CASES = {
    "float64 chat text": [*_header(), e("chat"), b"\x92\xff" + F64],
    "float32 chat text": [*_header(), e("chat"), b"\x92\xff" + F32],
    "float64 deep in an action body": [*_header(), e("action"),
                                       b"\x92\x93" + e("launch") + b"\x00" + F64 + e(b"")],
    "float64 as the whole body": [*_header(), e("chat"), F64],
    "float64 as seq": [*_header(seq=F64), e("chat"), e([-1, "hi"])],
    "float64 as the author": [*_header(author=F64), e("chat"), e([-1, "hi"])],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_signed_envelope_holding_a_float_is_refused_as_canonical(name: str) -> None:
    raw = _signed(*CASES[name])
    with pytest.raises(DecodeError) as info:
        open_envelope(raw, GENESIS, GAME_KINDS)
    assert info.value.check == "canonical", str(info.value)
    assert "float" in info.value.message
    assert info.value.author is None and not info.value.proven  # step 2: proves nothing


def test_the_same_envelope_without_the_float_opens() -> None:
    raw = _signed(*_header(), e("chat"), e([-1, "hi"]))
    assert open_envelope(raw, GENESIS, GAME_KINDS).body == [-1, "hi"]


def test_cosmic_verify_names_check_canonical_for_a_float_body(tmp_path: Path) -> None:
    path = tmp_path / "float.journal"
    good = _signed(*_header(), e("chat"), e([-1, "hi"]))
    bad = _signed(*_header(seq=b"\x02"), e("chat"), b"\x92\xff" + F64)
    path.write_bytes(journal_bytes(GENESIS, [good, bad]))
    r = subprocess.run([str(ROOT / ".venv/bin/cosmic"), "verify", "--json", str(path)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stdout + r.stderr
    error = json.loads(r.stdout)["error"]
    assert (error["check"], error["record"]) == ("canonical", 1), error
    assert "float" in error["message"]


def test_sealing_a_float_is_refused_as_canonical() -> None:
    with pytest.raises(LocalProtocolError) as info:
        seal(GENESIS, KEYS[0], 0, 1, ZERO_HASH, bytes(32), "chat", [-1, 1.5],  # type: ignore[list-item]
             kinds=GAME_KINDS)
    assert info.value.check == "canonical"
    with pytest.raises(LocalProtocolError) as info:
        Genesis.create([("a", "red", KEYS[0].public), ("b", "blue", KEYS[1].public)],
                       engine_version="v", rules_hash=bytes(32), options=[("x", 0.5)])  # type: ignore[list-item]
    assert info.value.check == "canonical"


@pytest.mark.parametrize("schema", [Int(0, 9), Str(9), Bytes(4), Enum("a"),
                                    List(Int(0, 9), max_len=3), Record(("a", Int(0, 9))),
                                    Tree()])
def test_schemas_name_a_value_outside_the_value_space_canonical(schema: Schema) -> None:
    value: object
    for outside in (1.5, {"a": 1}):
        value = [outside] if isinstance(schema, (List, Record, Tree)) else outside
        with pytest.raises(SchemaError) as info:
            schema.check(value, "$.body")
        assert info.value.check == "canonical", str(info.value)
    if not isinstance(schema, Tree):  # a value of the space in the wrong place: schema
        value = [b"x"] if isinstance(schema, (List, Record)) else None
        with pytest.raises(SchemaError) as info:
            schema.check(value, "$.body")
        assert info.value.check == "schema"
