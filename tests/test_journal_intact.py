"""parse_journal reads a journal without damage in one pass (protocol.journal._parse_intact)
and gives anything else to the incremental reader: both must say the same of every
journal, byte for byte, whole or cut or damaged anywhere."""

from __future__ import annotations

import struct
import zlib

import pytest

from protocol.errors import JournalError
from protocol.journal import (
    JournalContents, JournalReader, _parse_intact, encode_evidence, encode_header, encode_note,
    encode_record, parse_journal,
)

from _journal_games import short_game


def _by_reader(data: bytes) -> JournalContents | JournalError:
    """What the incremental reader alone makes of data, fed whole."""
    reader = JournalReader()
    try:
        reader.feed(data)
        entries = []
        while (record := reader.next()) is not None:
            entries.append(record)
        torn = reader.finish()
    except JournalError as exc:
        return exc
    assert reader.genesis is not None
    return JournalContents(reader.genesis, tuple(entries), reader.offset, torn)


def _framed(rtype: int, payload: bytes) -> bytes:
    """A record of any type, framed and checksummed as protocol.journal frames them."""
    n = struct.pack(">I", len(payload) + 1)
    framed = n + struct.pack(">I", zlib.crc32(n)) + bytes((rtype,)) + payload
    return framed + struct.pack(">I", zlib.crc32(framed))


def _parsed(data: bytes) -> JournalContents | JournalError:
    try:
        return parse_journal(data)
    except JournalError as exc:
        return exc


def _same(a: JournalContents | JournalError, b: JournalContents | JournalError) -> bool:
    if isinstance(a, JournalError) or isinstance(b, JournalError):
        return (type(a) is type(b) and str(a) == str(b)
                and getattr(a, "index", None) == getattr(b, "index", None)
                and getattr(a, "offset", None) == getattr(b, "offset", None))
    return (a.genesis == b.genesis and a.entries == b.entries and a.end == b.end
            and a.torn == b.torn)


@pytest.fixture(scope="module")
def journal() -> bytes:
    rec = short_game()
    # notes and an evidence record between the envelopes: every record type
    return (encode_header(rec.genesis) + b"".join(encode_record(r) for r in rec.raws[:10])
            + encode_note(b"a note") + encode_evidence(rec.raws[3])
            + b"".join(encode_record(r) for r in rec.raws[10:]))


def test_an_intact_journal_is_read_in_one_pass_as_the_reader_reads_it(journal: bytes) -> None:
    fast = _parse_intact(journal)
    assert fast is not None and fast.torn is None
    assert _same(fast, _by_reader(journal)) and _same(parse_journal(journal), fast)
    assert {r.type for r in fast.entries} == {1, 2, 3}


def test_a_cut_or_damaged_journal_is_the_readers_to_report(journal: bytes) -> None:
    cuts = [journal[:n] for n in range(0, len(journal), 97)]
    flips = []
    for at in range(0, len(journal), 131):
        damaged = bytearray(journal)
        damaged[at] ^= 0x40
        flips.append(bytes(damaged))
    tails = [journal + bytes(9), journal + b"\x00\x00\x00\x05", journal + struct.pack(">I", 7)]
    # well framed, checksums right, but of no record type: damage wherever it stands
    odd = [journal[:at] + _framed(9, b"odd") + journal[at:] for at in (len(journal) // 2,)]
    odd.append(journal + _framed(9, b"odd"))
    for data in cuts + flips + tails + odd:
        assert _same(_parsed(data), _by_reader(data)), len(data)
    assert _parse_intact(journal[:-3]) is None  # a torn tail: the reader says where
