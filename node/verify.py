"""Verifying journal files: serial, or with the signatures checked in a second process.

An Ed25519 verification costs more than replaying one action through the engine. pyca
`cryptography` does release the GIL while it verifies (two verifying threads run 1.5x
faster than one), but next to a thread that runs Python - the engine replay - each
verification waits to take the GIL back (the convoy effect): measured, a verifying
thread and a Python thread together took longer than one after the other. So the
parallel path forks one worker process that verifies signatures from the first record
on, while this process replays the engine with the signature step deferred
(protocol.game.read_journal with a SignatureResults). Once the replay is done, this
process verifies from the last record back, until the two meet: both cores stay busy
to the end, whatever their relative speed. Both sides check as protocol.keys.verify
does (libsodium first, with OpenSSL's answers).

How the two share the work: an anonymous shared memory map holds one result byte per
envelope (0 unknown, 1 good, 2 bad) and two counters: `front`, the number of records
the worker has finished (it writes each result before moving `front`), and `back`, the
first record this process has claimed (it moves `back` before verifying that record).
The worker stops at the first record at or past `back`; this process stops at the first
record below `front`. Each stops only on the other's word, so no record is left out; a
record may be verified twice when the two cross, which is harmless. Once they meet,
this process reads the results without waiting for the worker to exit (it stops within
one signature; close() does not wait for it either, reap_workers reaps it later): a
result is written once and never changes, so a read sees it or sees it unknown, and
any result still unknown (only a weak memory order could hide one) is verified here.
Both sides call libsodium's crypto_sign_open through PyNaCl's cffi module with one
reused output buffer (SignatureChecker: the bare check, none of PyNaCl's per-call
wrapping), and ask protocol.keys.verify about any signature it refuses, so the answer
is still OpenSSL's.

The worker first makes the opening checks of every record (open_envelope without its
signature step: size, canonical encoding, fields, game id, key, kind, body schema) and
marks each that passes in a second byte array of the map, before it starts on the
signatures. Those checks need no state, and the worker runs through them far faster
than the replay moves, so the replay (SignatureResults.opened) only builds the envelope
of a record marked as passing (protocol.envelope.open_checked) and opens every other
record itself, in full: the checks are all made, once, on the same bytes with the same
genesis and kinds; they move from the replay, the critical path, to the worker, which
has time to spare (the signatures alone take less time than the replay). A third
counter, `replayed`, says how far the replay has asked: the worker skips the records
it has passed (on a busy machine the worker may get no core for a while, then catches
up), and leaves the opening checks for the signatures when it has done the last record
or this process claims its first signature.

The verdict is exactly that of the serial check: read_journal reconciles the deferred
signatures in record order, and any record reported as failing is opened again here,
serially, to produce the error. Forking needs a POSIX system; Linux only, where fork is
cheap and safe for this (the worker only verifies and exits with os._exit); elsewhere,
and whenever the fork fails, verification is serial.
"""

from __future__ import annotations

import bisect
import gc
import mmap
import os
import sys
from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from nacl._sodium import ffi as _ffi, lib as _lib

from protocol.errors import ProtocolError
from protocol.genesis import Genesis
from protocol.envelope import MAX_ENVELOPE_SIZE, KindRegistry, check_opening
from protocol.game import GAME_KINDS, JournalVisitor, VerifyVisitor, Verdict, read_journal
from protocol.journal import RECORD_ENVELOPE, JournalContents, TornTail, parse_journal
from protocol.keys import SIGNATURE_SIZE, verify

__all__ = [
    "PARALLEL_MIN_RECORDS", "ParallelSignatures", "VerifyResult", "verify_journal",
    "read_journal_parallel", "envelope_signature_ok", "SignatureChecker", "can_fork",
    "reap_workers",
]

# Below this many envelopes a worker process costs more than it saves.
PARALLEL_MIN_RECORDS = 128

# In a canonical envelope of a game whose id is 32 bytes and whose author index is below
# 128, author_key sits at these bytes (see docs/journal-format.md 5.1): 0x9a, 0x02,
# bin8 header (2) + game id (32), the author as a fixint, bin8 header (2), the key.
_KEY = slice(39, 71)
_SHORTEST = _KEY.stop + SIGNATURE_SIZE
_UNKNOWN, _GOOD, _BAD = 0, 1, 2

T = TypeVar("T")


def envelope_signature_ok(raw: bytes) -> bool:
    """True iff raw's signature verifies under the author key at its fixed position.

    Agrees with open_envelope's signature step for every envelope that passes the
    checks before it (which fix that position); meaningless for other bytes. The check
    is protocol.keys.verify's (libsodium first, OpenSSL's answer).
    """
    return verify(raw[_KEY], raw[-SIGNATURE_SIZE:], raw[:-SIGNATURE_SIZE])


class SignatureChecker:
    """envelope_signature_ok, faster: libsodium's crypto_sign_open called directly, its
    output in one buffer kept for every call; a signature libsodium refuses is asked of
    envelope_signature_ok, so the answer is the same (OpenSSL's). One per process: the
    buffer is not shared."""

    def __init__(self) -> None:
        self._out = _ffi.new("unsigned char[]", MAX_ENVELOPE_SIZE)
        self._length = _ffi.new("unsigned long long *")

    def __call__(self, raw: bytes) -> bool:
        n = len(raw)
        cut = n - SIGNATURE_SIZE
        if (type(raw) is bytes and _SHORTEST <= n <= MAX_ENVELOPE_SIZE  # every read in bounds
                and _lib.crypto_sign_open(self._out, self._length, raw[cut:] + raw[:cut], n,
                                          raw[_KEY]) == 0):
            return True
        return envelope_signature_ok(raw)


_exited: list[int] = []  # released workers, stopped or stopping, not yet reaped


def reap_workers() -> None:
    """Reap every released worker that has exited (never waits). Each ParallelSignatures
    calls it when it starts and when it closes, so at most the workers of the last
    verification outlive it, as zombies, for about a millisecond after they stop."""
    for pid in list(_exited):
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # reaped by someone else already
            done = pid
        if done:
            try:
                _exited.remove(pid)
            except ValueError:  # another thread took it off meanwhile
                pass


def can_fork() -> bool:
    """True where the parallel path runs (Linux, with more than one CPU)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork") and (os.cpu_count() or 1) > 1


class ParallelSignatures:
    """A protocol.game.SignatureResults backed by one forked worker (see the module doc),
    which also makes the opening checks with `kinds` (those of the journal's reader).

    Raises OSError if the worker cannot be started. Call close() in every case.
    """

    def __init__(self, contents: JournalContents, kinds: KindRegistry = GAME_KINDS) -> None:
        envelopes = [e for e in contents.entries if e.type == RECORD_ENVELOPE]
        self._indices = [e.index for e in envelopes]
        self._position = {e.index: i for i, e in enumerate(envelopes)}
        self._raws = [e.data for e in envelopes]
        self._genesis, self._kinds = contents.genesis, kinds
        self._check = SignatureChecker()
        n = len(envelopes)
        self._map = mmap.mmap(-1, 24 + 2 * max(n, 1))  # anonymous and shared with the child
        view = memoryview(self._map)
        self._counters = view[:24].cast("q")  # front, back, replayed
        self._results = view[24:24 + n]
        self._opened = view[24 + n:24 + 2 * n]
        self._counters[0], self._counters[1], self._counters[2] = 0, n, 0
        reap_workers()
        self._pid: int | None = None
        self.worker_signatures = 0  # how many the worker verified (known once released)
        self._met = False
        self._pid = os.fork()
        if self._pid == 0:  # the worker: verify from the front, never return
            try:
                self._work()
            finally:
                os._exit(0)

    def _work(self) -> None:
        counters, results, raws = self._counters, self._results, self._raws
        n = len(raws)
        genesis, kinds, opened = self._genesis, self._kinds, self._opened
        i = 0
        while counters[1] == n:  # first the opening checks, until the replay is over
            i = max(i, counters[2])  # never one the replay has passed
            if i >= n:
                break
            try:
                check_opening(raws[i], genesis, kinds)
                opened[i] = _GOOD
            except Exception:  # the parent opens it itself, and reports what fails
                opened[i] = _BAD
            i += 1
        check = SignatureChecker()
        for i in range(n):
            if counters[1] <= i:  # this record is claimed by the parent
                return
            results[i] = _GOOD if check(raws[i]) else _BAD
            counters[0] = i + 1

    def _release_worker(self) -> None:
        """Stop the worker (if still at work) and reap it, without waiting for its exit."""
        if self._pid:
            self._counters[1] = 0
            self.worker_signatures = self._counters[0]
            _exited.append(self._pid)
            self._pid = None
        reap_workers()

    def _verify_here(self, i: int) -> None:
        if self._results[i] == _UNKNOWN:
            self._results[i] = _GOOD if self._check(self._raws[i]) else _BAD

    def _meet(self) -> None:
        """Verify from the last record back until the worker's front. The worker then
        stops on its own (within one signature) and is never waited for (close,
        reap_workers): its exit overlaps the rest of the work instead of holding it up."""
        if self._met:
            return
        self._met = True
        counters = self._counters
        for i in reversed(range(len(self._raws))):
            counters[1] = i
            if counters[0] > i:
                break
            self._verify_here(i)

    def opened(self, record: int, kinds: KindRegistry) -> bool:
        i = self._position.get(record)
        if i is None:
            return False
        self._counters[2] = i + 1  # the replay is here: the worker need not open this one
        return kinds is self._kinds and self._opened[i] == _GOOD

    def first_failure(self, upto: int) -> int | None:
        last = bisect.bisect_right(self._indices, upto)  # envelopes 0..last-1 matter
        if last == len(self._raws):
            self._meet()
        # After _meet every record below the worker's front has its result: it writes
        # each one before it moves the front, and a result, once written, never changes
        # (both sides would write the same). Only a weak memory order could still hide
        # one, which is then verified here.
        if self._results[:last].tobytes().count(_GOOD) == last:  # the usual case, at C speed
            return None
        for i in range(last):
            self._verify_here(i)
            if self._results[i] == _BAD:
                return self._indices[i]
        return None

    def close(self) -> None:
        """Stop and release the worker, and this side of the map. Never waits: a worker
        that has not exited yet (it stops within one check, then the kernel takes about
        a millisecond to tear it down) is reaped by the next reap_workers()."""
        self._release_worker()
        self._counters.release()
        self._results.release()
        self._opened.release()
        self._map.close()


def read_journal_parallel(contents: JournalContents, visitor: JournalVisitor[T],
                          parallel: bool | None = None) -> T:
    """read_journal(), in parallel when it pays (parallel=None) or as told.

    The cyclic garbage collector is off while it reads (and in the worker): a replay
    makes no reference cycles (a collection after a whole verification with the
    collector off finds nothing unreachable), so its passes over the young objects
    (about 0.75 ms for 545 records) free nothing; refcounting frees everything. Were a
    visitor to make cycles, the first collection after the reading takes them.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _read_journal_parallel(contents, visitor, parallel)
    finally:
        if collecting:
            gc.enable()


def _read_journal_parallel(contents: JournalContents, visitor: JournalVisitor[T],
                           parallel: bool | None) -> T:
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
