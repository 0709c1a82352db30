# The journal's byte format (bytes only: the node writes, fsyncs and truncates files).
#
# Invariants:
# - Layout: header, then records, appended one after another.
#     header = b"COSMICJ\x00" | u16 version (1) | u32 n | genesis bytes (n) | u32 crc
#     record = u32 n | u32 ncheck | body (n bytes: u8 type, payload) | u32 crc
#   Integers are big-endian; CRC-32 is zlib's (IEEE 802.3). ncheck = CRC-32 of the 4
#   bytes of n, so a damaged length is recognised as damage and never mistaken for a
#   torn tail; crc = CRC-32 of every preceding byte of that header or record. The CRCs
#   catch torn and damaged writes; authenticity comes from the envelopes' signatures.
# - Record types: 1 = envelope (payload is the envelope's exact stored bytes),
#   2 = note (node-local, unsigned; verifiers skip it), 3 = evidence (the exact bytes of
#   an envelope the node refused for a proven fault; not part of the game: the game's
#   replay skips it, verify judges it on its own at its place, protocol/evidence.py).
#   Any other type is damage.
# - 1 <= n <= MAX_RECORD_BODY. A crash can only tear the last record, so these are a
#   torn tail, cut off and reported (TornTail), never raised: fewer than 8 bytes left;
#   a good length whose record runs past the end; a final record with a bad crc; an
#   all-zero remainder. Everything else - a bad ncheck, an impossible length, a bad crc
#   with bytes after it, an unknown type, a bad header - raises JournalError naming the
#   record index and byte offset.
# - parse_journal() and JournalReader (fed in fragments) share one parser and agree.
from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from protocol.envelope import MAX_ENVELOPE_SIZE
from protocol.errors import DecodeError, JournalError, LocalProtocolError
from protocol.genesis import MAX_GENESIS_SIZE, Genesis

__all__ = [
    "MAGIC",
    "JOURNAL_VERSION",
    "RECORD_ENVELOPE",
    "RECORD_NOTE",
    "RECORD_EVIDENCE",
    "MAX_RECORD_BODY",
    "JournalRecord",
    "TornTail",
    "JournalContents",
    "JournalReader",
    "encode_header",
    "encode_record",
    "encode_note",
    "encode_evidence",
    "journal_append_bytes",
    "journal_bytes",
    "parse_journal",
]

MAGIC = b"COSMICJ\x00"
JOURNAL_VERSION = 1
RECORD_ENVELOPE = 1
RECORD_NOTE = 2
RECORD_EVIDENCE = 3
MAX_RECORD_BODY = 1 + MAX_ENVELOPE_SIZE
_RECORD_TYPES = frozenset({RECORD_ENVELOPE, RECORD_NOTE, RECORD_EVIDENCE})
_HEAD = struct.Struct(">8sHI")  # magic, version, genesis length
_U32 = struct.Struct(">I")
_PREFIX_STRUCT = struct.Struct(">II")  # u32 n, u32 ncheck
_PREFIX = _PREFIX_STRUCT.size


@dataclass(frozen=True, slots=True)
class JournalRecord:
    """Record `index` (0-based) of `type`, starting at byte `offset` of the journal."""

    index: int
    offset: int
    type: int
    data: bytes


@dataclass(frozen=True, slots=True)
class TornTail:
    """A cut-off last record: valid data ends at `offset`; `dropped` bytes follow it.

    reason is "length-prefix", "truncated", "checksum" or "zero-fill". The node
    truncates the file to `offset` before appending.
    """

    index: int
    offset: int
    dropped: int
    reason: str


@dataclass(frozen=True, slots=True)
class JournalContents:
    """A parsed journal: its genesis, every intact record, where they end, any torn tail."""

    genesis: Genesis
    entries: tuple[JournalRecord, ...]
    end: int
    torn: TornTail | None

    @property
    def records(self) -> list[bytes]:
        """The stored bytes of every envelope record, in order."""
        return [r.data for r in self.entries if r.type == RECORD_ENVELOPE]

    @property
    def notes(self) -> list[JournalRecord]:
        return [r for r in self.entries if r.type == RECORD_NOTE]

    @property
    def evidence(self) -> list[JournalRecord]:
        """Every evidence record (a refused envelope's bytes), in order."""
        return [r for r in self.entries if r.type == RECORD_EVIDENCE]


def encode_header(genesis: Genesis) -> bytes:
    """The journal header for genesis."""
    body = _HEAD.pack(MAGIC, JOURNAL_VERSION, len(genesis.encoded)) + genesis.encoded
    return body + _U32.pack(zlib.crc32(body))


def encode_record(data: bytes, rtype: int = RECORD_ENVELOPE) -> bytes:
    """One framed record holding data. Raises LocalProtocolError for a bad type or size."""
    if rtype not in _RECORD_TYPES:
        raise LocalProtocolError("record", f"unknown record type {rtype}")
    if type(data) is not bytes or not 0 < len(data) < MAX_RECORD_BODY:
        raise LocalProtocolError("size", "a record payload is 1..MAX_ENVELOPE_SIZE bytes")
    n = _U32.pack(len(data) + 1)
    framed = n + _U32.pack(zlib.crc32(n)) + bytes((rtype,)) + data
    return framed + _U32.pack(zlib.crc32(framed))


def encode_note(data: bytes) -> bytes:
    """A node-local note record (never put secrets in a journal that will be shared)."""
    return encode_record(data, RECORD_NOTE)


def encode_evidence(envelope: bytes) -> bytes:
    """An evidence record: the exact bytes of an envelope refused for a proven fault."""
    return encode_record(envelope, RECORD_EVIDENCE)


def journal_append_bytes(envelopes: Iterable[bytes]) -> bytes:
    """The bytes to append to a journal for envelopes (their exact stored bytes), in order."""
    return b"".join(encode_record(e) for e in envelopes)


def journal_bytes(genesis: Genesis, envelopes: Iterable[bytes] = ()) -> bytes:
    """A whole journal: header and one record per envelope."""
    return encode_header(genesis) + journal_append_bytes(envelopes)


class JournalReader:
    """Incremental journal parser: feed() bytes in any fragments, next() records out.

    next() returns the next intact record, or None when more bytes are needed. After
    the last fragment, finish() reports a torn tail (or None). Damage raises
    JournalError from next() or finish().
    """

    def __init__(self) -> None:
        self._buf = bytearray()
        self._base = 0  # journal offset of _buf[0]
        self._pos = 0  # read position in _buf
        self._index = 0
        self._genesis: Genesis | None = None
        self._finished = False

    @property
    def genesis(self) -> Genesis | None:
        """The genesis, once the header has been read."""
        return self._genesis

    @property
    def offset(self) -> int:
        """Journal offset just past the last record returned (or the header)."""
        return self._base + self._pos

    def feed(self, data: bytes) -> None:
        """Add the next fragment of the journal."""
        if self._finished:
            raise LocalProtocolError("record", "feed() after finish()")
        if self._pos and self._pos >= len(self._buf) // 2:
            del self._buf[: self._pos]  # drop consumed bytes now and then
            self._base += self._pos
            self._pos = 0
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise LocalProtocolError("record", f"feed() takes bytes, not {type(data).__name__}")
        self._buf += data

    def _header(self) -> bool:
        buf = self._buf
        have = len(buf)
        if bytes(buf[: min(have, 8)]) != MAGIC[: min(have, 8)]:
            raise JournalError("header", "not a cosmic journal (bad magic)", index=None, offset=0)
        if have < _HEAD.size:
            return False
        _, version, n = _HEAD.unpack_from(buf, 0)
        if version != JOURNAL_VERSION:
            raise JournalError("version", f"unknown journal version {version}", index=None, offset=8)
        if n > MAX_GENESIS_SIZE:
            raise JournalError("header", f"genesis length {n} is too large", index=None, offset=10)
        end = _HEAD.size + n
        if have < end + 4:
            return False
        (crc,) = _U32.unpack_from(buf, end)
        if zlib.crc32(buf[:end]) != crc:
            raise JournalError("header", "header checksum mismatch", index=None, offset=end)
        try:
            self._genesis = Genesis.decode(bytes(buf[_HEAD.size : end]))
        except DecodeError as exc:
            raise JournalError("header", f"bad genesis: {exc}", index=None, offset=_HEAD.size) from None
        self._pos = end + 4
        return True

    def next(self) -> JournalRecord | None:
        """The next intact record, or None if more bytes (or finish()) are needed."""
        if self._genesis is None and not self._header():
            return None
        buf, pos = self._buf, self._pos
        size = len(buf)
        if size - pos < _PREFIX:
            return None
        n, ncheck = _PREFIX_STRUCT.unpack_from(buf, pos)
        offset = self._base + pos
        if zlib.crc32(buf[pos : pos + 4]) != ncheck:
            if not any(buf[pos:]):
                return None  # an all-zero tail so far: torn if nothing else follows
            raise JournalError("record", "damaged record length", index=self._index, offset=offset)
        if n == 0 or n > MAX_RECORD_BODY:
            raise JournalError(
                "record", f"impossible record length {n}", index=self._index, offset=offset
            )
        end = pos + _PREFIX + n
        if size < end + 4:
            return None
        good = zlib.crc32(buf[pos:end]) == _U32.unpack_from(buf, end)[0]
        if not good:
            if size == end + 4:
                return None  # the last bytes so far: torn if nothing else follows
            raise JournalError("record", "record checksum mismatch", index=self._index, offset=offset)
        rtype = buf[pos + _PREFIX]
        if rtype not in _RECORD_TYPES:
            raise JournalError("record", f"unknown record type {rtype}", index=self._index, offset=offset)
        record = JournalRecord(self._index, offset, rtype, bytes(buf[pos + _PREFIX + 1 : end]))
        self._index += 1
        self._pos = end + 4
        return record

    def finish(self) -> TornTail | None:
        """Declare the end of the data; report a torn tail, if any.

        Call when next() has returned None. Raises JournalError for an incomplete
        header.
        """
        self._finished = True
        if self._genesis is None and not self._header():
            raise JournalError("header", "the journal ends inside its header", index=None, offset=0)
        if self.next() is not None:
            raise LocalProtocolError("record", "finish() with unread records: call next() first")
        buf, pos = self._buf, self._pos
        dropped = len(buf) - pos
        if dropped == 0:
            return None
        if not any(buf[pos:]):
            reason = "zero-fill"
        elif dropped < _PREFIX:
            reason = "length-prefix"
        elif dropped < _PREFIX + _U32.unpack_from(buf, pos)[0] + 4:
            reason = "truncated"
        else:
            reason = "checksum"
        return TornTail(self._index, self._base + pos, dropped, reason)


def parse_journal(data: bytes) -> JournalContents:
    """Parse a whole journal.

    Returns its genesis, every intact record and any torn tail (see TornTail). Raises
    JournalError for a bad header or damage anywhere but the tail.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise JournalError("header", f"expected bytes, got {type(data).__name__}", index=None)
    intact = _parse_intact(data) if type(data) is bytes else None
    if intact is not None:
        return intact
    reader = JournalReader()
    reader.feed(data)
    entries: list[JournalRecord] = []
    while (record := reader.next()) is not None:
        entries.append(record)
    torn = reader.finish()
    genesis = reader.genesis
    if genesis is None:  # finish() raises first; kept for the type checker
        raise JournalError("header", "no header", index=None, offset=0)
    return JournalContents(genesis, tuple(entries), reader.offset, torn)


def _parse_intact(data: bytes) -> JournalContents | None:
    """parse_journal(data) for a journal without damage or torn tail, in one pass over
    the bytes (no buffer, no copy but each record's payload); None at the first thing
    out of the ordinary, which JournalReader then parses from the start and reports
    (its errors and torn tails are the reader's, in the reader's order). Every check of
    the reader is made: magic, version, genesis length, header checksum, genesis; each
    record's length, extent, ncheck, checksum and type."""
    size = len(data)
    if size < _HEAD.size or data[:8] != MAGIC:
        return None
    _, version, n = _HEAD.unpack_from(data, 0)
    if version != JOURNAL_VERSION or n > MAX_GENESIS_SIZE:
        return None
    pos = _HEAD.size + n
    if size < pos + 4 or zlib.crc32(data[:pos]) != _U32.unpack_from(data, pos)[0]:
        return None
    try:
        genesis = Genesis.decode(data[_HEAD.size:pos])
    except DecodeError:
        return None
    pos += 4
    crc32, prefix, u32 = zlib.crc32, _PREFIX_STRUCT.unpack_from, _U32.unpack_from
    types, new, entries = _RECORD_TYPES, _NEW, []
    index = 0
    while pos < size:
        if size - pos < _PREFIX:
            return None
        n, ncheck = prefix(data, pos)
        end = pos + _PREFIX + n
        if (not 0 < n <= MAX_RECORD_BODY or end + 4 > size
                or crc32(data[pos:pos + 4]) != ncheck
                or crc32(data[pos:end]) != u32(data, end)[0]):
            return None
        rtype = data[pos + _PREFIX]
        if rtype not in types:
            return None
        record = new(JournalRecord)  # JournalRecord(...) through its slots: see _SET_INDEX
        _SET_INDEX(record, index)
        _SET_OFFSET(record, pos)
        _SET_TYPE(record, rtype)
        _SET_DATA(record, data[pos + _PREFIX + 1:end])
        entries.append(record)
        index += 1
        pos = end + 4
    return JournalContents(genesis, tuple(entries), pos, None)


# A frozen dataclass's __init__ sets each field through object.__setattr__, which costs
# more than the record's checksum: _parse_intact sets JournalRecord's slots directly.
_NEW = object.__new__
_SET_INDEX, _SET_OFFSET, _SET_TYPE, _SET_DATA = (
    getattr(JournalRecord, name).__set__ for name in ("index", "offset", "type", "data"))
