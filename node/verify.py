"""Verifying journal files: serial, or with the signatures checked in a second process.

An Ed25519 verification costs more than replaying one action through the engine. pyca
`cryptography` does release the GIL while it verifies (two verifying threads run 1.5x
faster than one), but next to a thread that runs Python - the engine replay - each
verification waits to take the GIL back (the convoy effect): measured, a verifying
thread and a Python thread together took longer than one after the other. So the
parallel path starts one worker process that verifies signatures from the first record
on, while this process replays the engine with the signature step deferred
(protocol.game.read_journal with a SignatureResults). Once the replay is done, this
process verifies from the last record back, until the two meet: both cores stay busy
to the end, whatever their relative speed.

The worker is a fresh, minimal interpreter (`python -I -S`, importing only libsodium's
binding, _WORKER), not a fork: a fork copies this process's page tables, and while the
forked child lives every page this process writes (reference counts) is copied first,
which made the replay 15-20% slower; the fresh worker is ready in a few milliseconds,
on the other core, and shares nothing but the map below. It answers with libsodium
alone; this process turns that into protocol.keys.verify's answer (libsodium first,
OpenSSL's word for what libsodium refuses): a libsodium "good" stands when the key is
one key_problem accepts, and anything else is verified here.

How the two share the work: a shared memory file (memfd) holds two counters, the number
of envelopes, their offsets and bytes, and one result byte per envelope (0 unknown,
1 good for libsodium, 3 refused by it): `front`, the number of records the worker has
finished (it writes each result before moving `front`), and `back`, the first record
this process has claimed (it moves `back` before verifying that record). The worker
stops at the first record at or past `back`; this process stops at the first record
below `front`. Each stops only on the other's word, so no record is left out; a record
may be verified twice when the two cross, which is harmless. A result byte goes once
from unknown to its answer, so whatever this process reads is the worker's answer or
unknown (a weak memory order may hide a late write), and what is unknown when it asks
is verified here: it never waits for the worker, which is killed once not needed.

The verdict is exactly that of the serial check: read_journal reconciles the deferred
signatures in record order, and any record reported as failing is opened again here,
serially, to produce the error. Linux only (memfd); elsewhere, and whenever the worker
cannot be started, verification is serial.
"""

from __future__ import annotations

import bisect
import mmap
import os
import struct
import subprocess
import sys
from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from protocol.errors import ProtocolError
from protocol.genesis import Genesis
from protocol.game import JournalVisitor, VerifyVisitor, Verdict, read_journal
from protocol.journal import RECORD_ENVELOPE, JournalContents, TornTail, parse_journal
from protocol.keys import SIGNATURE_SIZE, key_problem, verify

__all__ = [
    "PARALLEL_MIN_RECORDS", "ParallelSignatures", "VerifyResult", "verify_journal",
    "read_journal_parallel", "envelope_signature_ok", "can_fork",
]

# Below this many envelopes a worker process costs more than it saves.
PARALLEL_MIN_RECORDS = 128

# In a canonical envelope of a game whose id is 32 bytes and whose author index is below
# 128, author_key sits at these bytes (see docs/journal-format.md 5.1): 0x9a, 0x02,
# bin8 header (2) + game id (32), the author as a fixint, bin8 header (2), the key.
_KEY = slice(39, 71)
_UNKNOWN, _SODIUM_GOOD, _SODIUM_BAD = 0, 1, 3

# Workers started by this process (the tests' evidence that the parallel path ran).
workers_started = 0

# The worker: argv[1] the directory holding the nacl package, argv[2] the map's fd.
# Layout of the map: front, back, n (int64 each), n + 1 offsets (int64), n result
# bytes, the envelopes' bytes. libsodium's crypto_sign_open takes signature + message.
_WORKER = r"""
import mmap, sys
sys.path.append(sys.argv[1])
from nacl._sodium import ffi, lib
lib.sodium_init()  # picks the fast implementations for this CPU (as nacl.bindings does)
m = mmap.mmap(int(sys.argv[2]), 0)
v = memoryview(m)
c = v[:24].cast("q")
n = c[2]
off = v[24:24 + 8 * (n + 1)].cast("q")
res = v[24 + 8 * (n + 1):24 + 8 * (n + 1) + n]
out = ffi.new("unsigned char[]", max([off[i + 1] - off[i] for i in range(n)] + [1]))
mlen = ffi.new("unsigned long long *")
sign_open = lib.crypto_sign_open
for i in range(n):
    if c[1] <= i:
        break
    raw = m[off[i]:off[i + 1]]
    sm = raw[-64:] + raw[:-64]
    res[i] = 1 if len(raw) > 71 and sign_open(out, mlen, sm, len(sm), raw[39:71]) == 0 else 3
    c[0] = i + 1
"""

T = TypeVar("T")


def envelope_signature_ok(raw: bytes) -> bool:
    """True iff raw's signature verifies under the author key at its fixed position.

    Agrees with open_envelope's signature step for every envelope that passes the
    checks before it (which fix that position); meaningless for other bytes. The check
    is protocol.keys.verify's (libsodium first, OpenSSL's answer).
    """
    return verify(raw[_KEY], raw[-SIGNATURE_SIZE:], raw[:-SIGNATURE_SIZE])


def can_fork() -> bool:
    """True where the parallel path runs (Linux, with more than one CPU). (The worker is
    no longer forked; the name stays for its callers.)"""
    return (sys.platform.startswith("linux") and hasattr(os, "memfd_create")
            and bool(sys.executable) and (os.cpu_count() or 1) > 1)


def _nacl_dir() -> str:
    import nacl
    return os.path.dirname(os.path.dirname(os.path.abspath(nacl.__file__)))


class ParallelSignatures:
    """A protocol.game.SignatureResults backed by one worker process (see the module doc).

    Raises OSError if the worker cannot be started. Call close() in every case.
    """

    def __init__(self, contents: JournalContents) -> None:
        global workers_started
        envelopes = [e for e in contents.entries if e.type == RECORD_ENVELOPE]
        self._indices = [e.index for e in envelopes]
        self._raws = raws = [e.data for e in envelopes]
        n = len(envelopes)
        self._answers: list[bool | None] = [None] * n  # this process's final answers
        self._keys: dict[bytes, bool] = {}  # author key -> key_problem accepts it
        table = 24 + 8 * (n + 1)
        offsets, pos = [], table + n
        for raw in raws:
            offsets.append(pos)
            pos += len(raw)
        offsets.append(pos)
        self._proc: subprocess.Popen[bytes] | None = None
        fd = os.memfd_create("cosmic-verify")
        try:
            os.ftruncate(fd, pos)
            self._map = mmap.mmap(fd, pos)
            self._map[:table] = struct.pack(f"3q{n + 1}q", 0, n, n, *offsets)
            self._map[table + n:pos] = b"".join(raws)
            view = memoryview(self._map)
            self._counters = view[:16].cast("q")  # front, back
            self._results = view[table:table + n]
            view.release()
            try:
                self._proc = subprocess.Popen(
                    [sys.executable, "-I", "-S", "-c", _WORKER, _nacl_dir(), str(fd)],
                    pass_fds=(fd,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL)
            except BaseException:
                self._release()
                raise
        finally:
            os.close(fd)
        workers_started += 1

    def _key_ok(self, key: bytes) -> bool:
        ok = self._keys.get(key)
        if ok is None:
            ok = self._keys[key] = key_problem(key) is None
        return ok

    def _answer(self, i: int) -> bool:
        """Record i's signature verifies (protocol.keys.verify's answer)."""
        got = self._answers[i]
        if got is None:
            raw = self._raws[i]
            if self._results[i] == _SODIUM_GOOD:
                got = self._key_ok(raw[_KEY])  # what libsodium takes, OpenSSL takes
            else:  # unknown, or refused by libsodium: OpenSSL's word, here
                got = envelope_signature_ok(raw)
            self._answers[i] = got
        return got

    def _stop(self) -> None:
        """Stop the worker (if still at work) and reap it."""
        if self._proc is not None:
            self._counters[1] = 0
            self._proc.kill()
            self._proc.wait()
            self._proc = None

    def _meet(self) -> None:
        """Verify from the last record back until the worker's front, then stop it."""
        counters = self._counters
        for i in reversed(range(len(self._raws))):
            counters[1] = i
            if counters[0] > i:
                break
            if self._results[i] == _UNKNOWN:
                self._answer(i)
        self._stop()

    def first_failure(self, upto: int) -> int | None:
        last = bisect.bisect_right(self._indices, upto)  # envelopes 0..last-1 matter
        if last == len(self._raws):
            self._meet()
        for i in range(last):
            if not self._answer(i):
                return self._indices[i]
        return None

    def _release(self) -> None:
        self._counters.release()
        self._results.release()
        self._map.close()

    def close(self) -> None:
        self._stop()
        self._release()


def read_journal_parallel(contents: JournalContents, visitor: JournalVisitor[T],
                          parallel: bool | None = None) -> T:
    """read_journal(), in parallel when it pays (parallel=None) or as told."""
    n = sum(1 for e in contents.entries if e.type == RECORD_ENVELOPE)
    if parallel is None:
        parallel = n >= PARALLEL_MIN_RECORDS
    if not parallel or n == 0 or not can_fork():
        return read_journal(contents, visitor)
    try:
        signatures = ParallelSignatures(contents)
    except OSError:  # no process to be had: serial it is
        return read_journal(contents, visitor)
    try:
        return read_journal(contents, visitor, signatures=signatures)
    finally:
        signatures.close()


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """The outcome of verifying one journal file.

    Verifying means the whole game: a journal without error that stops before the game's
    end or before its end-of-game audit, or whose last record is torn, holds a game in
    progress (`incomplete` says why); only with `complete` is the game fully checked.
    """

    path: str
    genesis: Genesis | None  # None when the header does not read
    verdict: Verdict | None  # None when an error was found
    error: ProtocolError | None
    torn: TornTail | None
    last_record: int | None = None  # index of the last intact record (notes too), if any

    @property
    def turn(self) -> int | None:
        """The turn the verified records reach (None without a verdict)."""
        return None if self.verdict is None else self.verdict.state.turns

    @property
    def incomplete(self) -> str | None:
        """Why the journal does not hold the whole game, or None: it does, or an error
        was found (then `error` says what)."""
        v = self.verdict
        if self.error is not None or v is None:
            return None
        why = []
        if self.torn is not None:
            t = self.torn
            why.append(f"its last record is torn ({t.reason}): record {t.index}, from byte "
                       f"{t.offset} ({t.dropped} bytes), is lost")
        at = ("the journal holds no record" if self.last_record is None
              else f"the journal stops after record {self.last_record}")
        if v.outcome is None:
            why.append(f"{at} (turn {v.state.turns}), before the game's end")
        elif not v.audited:
            why.append(f"{at}: the game is over, but its end-of-game audit is missing (not "
                       "every seat's key share is in)")
        return "; ".join(why) or None

    @property
    def complete(self) -> bool:
        """No error, and the whole game is there: to its end and its end-of-game audit."""
        return self.error is None and self.verdict is not None and self.incomplete is None


class _ProgressVisitor(VerifyVisitor):
    """A lenient VerifyVisitor that tells `tick` how many records it has read."""

    def __init__(self, tick: Callable[[int], None]) -> None:
        super().__init__(strict=False)
        self.tick = tick

    def stop(self, records: int) -> bool:
        self.tick(records)
        return False


def verify_journal(journal: str | os.PathLike[str] | bytes, *, parallel: bool | None = None,
                   progress: Callable[[int], Callable[[int], None] | None] | None = None
                   ) -> VerifyResult:
    """Verify a journal file (or its bytes): every check, with the first error found, and
    whether it holds the whole game (VerifyResult.complete, .incomplete).

    `progress(total)`, if given, is called once the file is parsed with its number of
    records; the callback it returns (if any) is told, before each record is read, how
    many have been read (a progress display).
    Raises OSError if the file cannot be read; every fault in its bytes is reported in
    the result, never raised.
    """
    if isinstance(journal, bytes):
        path, data = "<bytes>", journal
    else:
        path, data = str(journal), Path(journal).read_bytes()
    try:
        contents = parse_journal(data)
    except ProtocolError as exc:
        return VerifyResult(path, None, None, exc, None)
    tick = progress(len(contents.entries)) if progress is not None else None
    visitor = VerifyVisitor(strict=False) if tick is None else _ProgressVisitor(tick)
    verdict = read_journal_parallel(contents, visitor, parallel)
    last = contents.entries[-1].index if contents.entries else None
    return VerifyResult(path, contents.genesis, verdict, visitor.error, contents.torn, last)
