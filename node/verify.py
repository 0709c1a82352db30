"""Verifying journal files: serial, or with the signatures checked in a second process.

An Ed25519 verification costs more than replaying one action through the engine, and
pyca `cryptography` holds the GIL for most of it when another thread runs Python, so
threads do not overlap the two (measured: bench/journal.py). The parallel path
therefore sends chunks of envelope bytes to one worker process that verifies their
signatures while this process replays the engine with the signature step deferred
(protocol.game.read_journal with a SignatureResults). Once the replay is done, this
process takes back the chunks the worker has not started (from the end) and verifies
them itself, so both cores stay busy until the end.

The verdict is exactly that of the serial check: read_journal reconciles the deferred
signatures in record order, and any record a worker reports as failing is checked
again here, serially, to produce the error.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from protocol.errors import ProtocolError
from protocol.genesis import Genesis
from protocol.game import JournalVisitor, VerifyVisitor, Verdict, read_journal
from protocol.journal import RECORD_ENVELOPE, JournalContents, TornTail, parse_journal
from protocol.keys import SIGNATURE_SIZE, verify

__all__ = [
    "PARALLEL_MIN_RECORDS", "ParallelSignatures", "VerifyResult", "verify_journal",
    "read_journal_parallel", "envelope_signature_ok",
]

# Below this many envelopes a worker process costs more than it saves.
PARALLEL_MIN_RECORDS = 128
_CHUNK = 32  # envelopes per task: small enough to balance, large enough to amortise IPC

# In a canonical envelope of a game whose id is 32 bytes and whose author index is below
# 128, author_key sits at these bytes (see docs/journal-format.md 5.1): 0x99, 0x01,
# bin8 header (2) + game id (32), the author as a fixint, bin8 header (2), the key.
_KEY = slice(39, 71)

T = TypeVar("T")


def envelope_signature_ok(raw: bytes) -> bool:
    """True iff raw's signature verifies under the author key at its fixed position.

    Agrees with open_envelope's signature step for every envelope that passes the
    checks before it (which fix that position); meaningless for other bytes.
    """
    return verify(raw[_KEY], raw[-SIGNATURE_SIZE:], raw[:-SIGNATURE_SIZE])


def _verify_chunk(raws: Sequence[bytes]) -> list[bool]:
    return [envelope_signature_ok(r) for r in raws]


def _context() -> multiprocessing.context.BaseContext:
    # fork starts a worker in a few milliseconds with everything imported; spawn (the
    # only choice on some platforms) costs a fresh interpreter but still works.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class ParallelSignatures:
    """A protocol.game.SignatureResults backed by one worker process."""

    def __init__(self, contents: JournalContents, chunk: int = _CHUNK) -> None:
        envelopes = [e for e in contents.entries if e.type == RECORD_ENVELOPE]
        self._chunks = [envelopes[i:i + chunk] for i in range(0, len(envelopes), chunk)]
        self._results: list[list[bool] | None] = [None] * len(self._chunks)
        self._pool = ProcessPoolExecutor(max_workers=1, mp_context=_context())
        self._futures: list[Future[list[bool]]] = [
            self._pool.submit(_verify_chunk, [e.data for e in c]) for c in self._chunks
        ]

    def _steal(self) -> None:
        """Verify here, last first, every chunk the worker has not started."""
        for i in reversed(range(len(self._chunks))):
            if self._results[i] is None and self._futures[i].cancel():
                self._results[i] = _verify_chunk([e.data for e in self._chunks[i]])

    def _result(self, i: int) -> list[bool]:
        got = self._results[i]
        if got is None:
            got = self._results[i] = self._futures[i].result()
        return got

    def first_failure(self, upto: int) -> int | None:
        self._steal()
        for i, chunk in enumerate(self._chunks):
            if chunk[0].index > upto:
                break
            for entry, ok in zip(chunk, self._result(i)):
                if entry.index > upto:
                    return None
                if not ok:
                    return entry.index
        return None

    def close(self) -> None:
        # Nothing the worker still does is needed: do not wait for it.
        self._pool.shutdown(wait=False, cancel_futures=True)


def read_journal_parallel(contents: JournalContents, visitor: JournalVisitor[T],
                          parallel: bool | None = None) -> T:
    """read_journal(), in parallel when it pays (parallel=None) or as told."""
    n = sum(1 for e in contents.entries if e.type == RECORD_ENVELOPE)
    if parallel is None:
        parallel = n >= PARALLEL_MIN_RECORDS and (os.cpu_count() or 1) > 1
    if not parallel or n == 0:
        return read_journal(contents, visitor)
    signatures = ParallelSignatures(contents)
    try:
        return read_journal(contents, visitor, signatures=signatures)
    finally:
        signatures.close()


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """The outcome of verifying one journal file."""

    path: str
    genesis: Genesis | None  # None when the header does not read
    verdict: Verdict | None  # None when an error was found
    error: ProtocolError | None
    torn: TornTail | None


def verify_journal(journal: str | os.PathLike[str] | bytes, *, parallel: bool | None = None
                   ) -> VerifyResult:
    """Verify a journal file (or its bytes): every check, with the first error found.

    Raises OSError if the file cannot be read; every fault in its bytes is reported in
    the result, never raised.
    """
    if isinstance(journal, bytes):
        path, data = "<bytes>", journal
    else:
        path, data = str(journal), Path(journal).read_bytes()
    visitor = VerifyVisitor(strict=False)
    try:
        contents = parse_journal(data)
    except ProtocolError as exc:
        return VerifyResult(path, None, None, exc, None)
    verdict = read_journal_parallel(contents, visitor, parallel)
    return VerifyResult(path, contents.genesis, verdict, visitor.error, contents.torn)
