"""Verifying journal files: serial, or with the signatures checked in a second process.

An Ed25519 verification costs more than replaying one action through the engine. pyca
`cryptography` does release the GIL while it verifies (two verifying threads run 1.5x
faster than one), but next to a thread that runs Python - the engine replay - each
verification waits to take the GIL back (the convoy effect): measured, a verifying
thread and a Python thread together took longer than one after the other. So the
parallel path has a worker process verify signatures from the first record on, while
this process replays the engine with the signature step deferred
(protocol.game.read_journal with a SignatureResults). Once the replay is done, this
process verifies from the last record back, until the two meet: both cores stay busy
to the end, whatever their relative speed. Both sides check as protocol.keys.verify
does (libsodium first, with OpenSSL's answers).

The worker is forked once, by the first parallel verification, and serves every later
one of the process (`_Worker`): a fork per verification cost about 1.5 ms, and then
about 3 ms more of copy-on-write faults in this process, whose every refcount write to a
page it still shared with a live child copied that page (the first verification still
pays them: `bench/journal.py`'s verify_cold_s). It is handed each job over a Unix socket
pair, as the descriptor of a memfd holding the job's map: the last job's map again once
the worker has marked that job done (it writes nothing there afterwards; its answers
are cleared first), else a fresh one. It exits when the pipe
ends (this process exits, or closes it: stop_worker), holds none of this process's
other descriptors (it closes them: a copied descriptor would keep a file lock alive)
nor its terminal (it says so with one byte once it has closed them, and the first
verification waits for that byte at its end: `_Worker.settle`), and ignores Ctrl-C (it
goes with its parent). A job whose worker is
gone is never waited for: this process verifies whatever the worker has not; the next
job reaps the dead worker and starts another. A child forked from this process forgets
its parent's worker (and closes its copy of the pipe).

How the two share a job: the map holds the journal's bytes (verify_journal hands them
over before it parses them), the offset of each envelope record as the worker framed
them (by lengths only, at once: it starts while this process parses), one result byte
per envelope (0 unknown, 1 good, 2 bad) and counters: `front`, the number of records
the worker has finished (it writes each result before moving `front`), and `back`, the
first record this process has claimed (it moves `back` before verifying that record).
This process takes the worker's word only for records it framed at the offsets the
parser found (the same bytes), and keeps its own answers apart. The worker stops at the
first record at or past `back`; this process stops at the first record below `front`.
Each stops only on the other's word, so no record is left out; a record may be
verified twice when the two cross, which is harmless. Once they meet, this process
reads the results without waiting for the worker (it stops within one signature, then
waits for the next job): a result is written once and never changes, so a read sees it
or sees it unknown, and any result still unknown (only a weak memory order could hide
one) is verified here. close() sets `back` to 0: the worker drops the job. Both sides
call libsodium's crypto_sign_open through PyNaCl's cffi module with one reused output
buffer (SignatureChecker: the bare check, none of PyNaCl's per-call wrapping), and ask
protocol.keys.verify about any signature it refuses, so the answer is still OpenSSL's.

The worker first makes the opening checks of every record (open_envelope without its
signature step: size, canonical encoding, fields, game id, key, kind, body schema, with
GAME_KINDS as it was when the worker was forked: taken while its revision is the same)
and marks each that passes in a second byte array of the map, before it starts on the
signatures. Those checks need no state,
and the worker runs through them far faster than the replay moves, so the replay
(SignatureResults.opened) only builds the envelope of a record marked as passing
(protocol.envelope.open_checked) and opens every other record itself, in full: the
checks are all made, once, on the same bytes with the same genesis and kinds; they move
from the replay, the critical path, to the worker, which has time to spare (the
signatures alone take less time than the replay). A third counter, `replayed`, says how
far the replay has asked: the worker skips the records it has passed (on a busy
machine the worker may get no core for a while, then catches up), and leaves the
opening checks for the signatures when it has done the last record or this process
claims its first signature.

In a networked game's journal the replay's cost is mostly the card protocol's proofs,
and most of that the shuffle proofs (some 8N + 4 variable-base multiplications for a
deck of N). Before its opening checks, the worker checks the shuffles whose whole
statement the journal's bytes give (_shuffle_statements: a deck's shuffle by each seat
but the first, whose input is the previous seat's output under the joint key of the key
records; a deck's first shuffle and a hand's need the game's state), each one the
replay has not reached (`replayed`), deck by deck, each deck from its last shuffle back
(_worker_order: at the first deck, which the replay reaches at once, the two meet in
the middle). Each check goes to a slot of the map: the statement's digest
(protocol.crypto.shuffle.shuffle_digest: SHA-256 of the joint key, input, output,
proof and context, length-prefixed), then its status (busy, good, bad), then the slot
count `proofs` moves. The replay (protocol.cards_record.proof_verdicts, with this job as
the verdicts) asks before checking a peer's shuffle whether a slot holds the digest of
its own statement with good: only then does it take the worker's word, for a check of
exactly the bytes it would check; one the worker is making, it waits for (it would take
as long again here; never for a worker that is gone); anything else it checks itself,
and a failing check is always its own, so every error is the serial one. The worker's
guesses need no care: a wrong one has another digest and is never asked for.

The verdict is exactly that of the serial check: read_journal reconciles the deferred
signatures in record order, and any record reported as failing is opened again here,
serially, to produce the error. The worker needs fork, memfd and descriptor passing:
Linux only; elsewhere, and whenever the worker cannot be started or reached,
verification is serial.
"""

from __future__ import annotations

import array
import bisect
import fcntl
import functools
import gc
import itertools
import mmap
import os
import signal
import socket
import struct
import sys
import threading
import time
from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

from nacl._sodium import ffi as _ffi, lib as _lib

from protocol.cards_record import proof_verdicts
from protocol.cards_wire import KEY, SHUFFLE, context
from protocol.crypto.elgamal import Ciphertext, joint_key
from protocol.crypto.group import CryptoError, Point, decode_point
from protocol.crypto.shuffle import shuffle_digest, verify_shuffle_raw
from protocol.errors import ProtocolError
from protocol.genesis import Genesis
from protocol.envelope import (
    MAX_ENVELOPE_SIZE, Envelope, KindRegistry, check_opening, open_envelope,
)
from protocol.evidence import Finding
from protocol.game import (
    GAME_KINDS, JournalVisitor, VerifyVisitor, Verdict, game_mode, read_journal,
)
from protocol.journal import (
    MAGIC, RECORD_ENVELOPE, JournalContents, TornTail, parse_journal,
)
from protocol.keys import SIGNATURE_SIZE, verify

__all__ = [
    "PARALLEL_MIN_RECORDS", "ParallelSignatures", "VerifyResult", "verify_journal",
    "read_journal_parallel", "envelope_signature_ok", "SignatureChecker", "can_fork",
    "worker_pid", "worker_jobs", "stop_worker",
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


@functools.cache
def can_fork() -> bool:
    """True where the parallel path runs (Linux, with more than one CPU). Asked once: the
    CPU count reads a file each time."""
    return (sys.platform.startswith("linux") and hasattr(os, "fork")
            and hasattr(os, "memfd_create") and hasattr(socket, "send_fds")
            and (os.cpu_count() or 1) > 1)


# A job's map: sixteen counters (int64); the shuffle verdicts' slots (below); then, for
# up to `cap` envelopes, one result byte
# and one opening byte each, and (from an 8-byte boundary) each envelope record's offset
# in the journal as the worker found it; then the journal's bytes. `replayed`, which this
# process writes at every record, has a cache line (64 bytes) of its own: in the first
# line it would be taken from the worker's core at each of its writes of `front`, and
# back, about a thousand times a verification.
_FRONT, _BACK, _FOUND, _SIZE, _CAP, _CLAIMED, _DONE, _PROOFS = range(8)
_REPLAYED = 8
_COUNTERS = 16
# After the counters, the worker's shuffle verdicts: _SLOTS slots of a statement's
# digest (protocol.crypto.shuffle.shuffle_digest) and its status byte; _PROOFS counts
# the slots written (each is written whole, digest then status, before it is counted).
_SLOTS, _SLOT = 512, 40
_BUSY = 3  # a slot's status while the worker checks it (then _GOOD or _BAD)
_WAIT = 2.0  # the longest the replay waits for a shuffle check under way in the worker
_SMALLEST = 8 + 1 + 75 + 4  # the smallest envelope record: framing, type, envelope, crc
_JOURNAL_HEAD = struct.Struct(">8sHI")  # magic, version, genesis length
_U32 = struct.Struct(">I")


def _layout(cap: int) -> tuple[int, int, int]:
    """Where a job's map for up to cap envelopes holds its results, its offsets, its
    journal."""
    results = 8 * _COUNTERS + _SLOTS * _SLOT
    offsets = results + -(-2 * cap // 8) * 8
    return results, offsets, offsets + 8 * cap


def _frame(data: bytes, cap: int) -> tuple[bytes, list[int], list[bytes]]:
    """A quick framing of a journal's bytes (the worker's, to start at once): the genesis
    bytes, and the offset and stored bytes of each envelope record, at most cap. Lengths
    only, no checksum: protocol.journal's parser is the judge, and this process takes
    the worker's word only for records it framed at the same offsets (the same bytes)."""
    if len(data) < _JOURNAL_HEAD.size or data[:8] != MAGIC:
        return b"", [], []
    _, _, size = _JOURNAL_HEAD.unpack_from(data, 0)
    genesis = data[_JOURNAL_HEAD.size:_JOURNAL_HEAD.size + size]
    pos = _JOURNAL_HEAD.size + size + 4
    end_of_data = len(data)
    unpack = _U32.unpack_from
    offsets: list[int] = []
    raws: list[bytes] = []
    while pos + 9 <= end_of_data and len(raws) < cap:
        (n,) = unpack(data, pos)
        end = pos + 8 + n
        if n == 0 or end + 4 > end_of_data:
            break
        if data[pos + 8] == RECORD_ENVELOPE:
            offsets.append(pos)
            raws.append(data[pos + 9:end])
        pos = end + 4
    return genesis, offsets, raws


def _holds_envelopes(data: bytes, k: int) -> bool:
    """Whether a journal's bytes frame at least k envelope records (lengths only, as
    _frame; it stops at the k-th). A networked game's card messages are large: its bytes
    alone would start a worker for a journal too short to use it, and the fork and its
    copy-on-write faults cost a one-shot `cosmic verify` more than it saves."""
    if len(data) < k * _SMALLEST:
        return False
    if len(data) < _JOURNAL_HEAD.size or data[:8] != MAGIC:
        return True  # the parser says what is wrong; the worker costs nothing then
    _, _, size = _JOURNAL_HEAD.unpack_from(data, 0)
    pos = _JOURNAL_HEAD.size + size + 4
    end_of_data = len(data)
    unpack = _U32.unpack_from
    while pos + 9 <= end_of_data:
        (n,) = unpack(data, pos)
        end = pos + 8 + n
        if n == 0 or end + 4 > end_of_data:
            return False
        if data[pos + 8] == RECORD_ENVELOPE:
            k -= 1
            if not k:
                return True
        pos = end + 4
    return False


def _journal_of(contents: JournalContents) -> tuple[bytes, list[int]]:
    """Bytes the worker frames as contents' envelope records (checksums left zero: it
    reads none), and the offset of each."""
    encoded = contents.genesis.encoded
    parts = [_JOURNAL_HEAD.pack(MAGIC, 1, len(encoded)), encoded, bytes(4)]
    pos = _JOURNAL_HEAD.size + len(encoded) + 4
    offsets = []
    for e in contents.entries:
        if e.type == RECORD_ENVELOPE:
            offsets.append(pos)
            parts += (_U32.pack(len(e.data) + 1), bytes(4), b"\x01", e.data, bytes(4))
            pos += len(e.data) + 13
    return b"".join(parts), offsets


class _Worker:
    """This process's checker: a child process forked once, serving one job after the
    other (see the module doc). Raises OSError if it cannot be started."""

    def __init__(self) -> None:
        here, there = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.kinds = _kinds_snapshot(GAME_KINDS)  # the registry the worker checks with
        try:
            pid = os.fork()
        except OSError:
            here.close()
            there.close()
            raise
        if pid == 0:  # the worker: serve until the parent is gone, never return
            try:
                here.close()
                _serve(there)
            finally:
                os._exit(0)
        there.close()
        self.pid: int | None = pid
        self.owner = os.getpid()
        self.sock = here
        self._settled = False  # it said it holds none of our files (settle)

    def alive(self) -> bool:
        """False once the worker has exited (then reaped) or is not our child."""
        if self.pid is None:
            return False
        try:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:  # reaped by someone else: gone
            done = self.pid
        if done:
            self.pid = None
            self.sock.close()
        return self.pid is not None

    def settle(self, timeout: float = 5.0) -> None:
        """Wait, the first time only, for the worker's word that it has closed its copy of
        every file of ours (its first act): from then on a lock we let go of is free. Its
        byte is there long before a job ends, so this does not wait in practice; a worker
        that died says nothing, and holds nothing either."""
        if self._settled or self.pid is None:
            return
        self._settled = True
        self.sock.settimeout(timeout)
        try:
            self.sock.recv(1)
        except OSError:
            pass
        finally:
            self.sock.settimeout(None)

    def send(self, fd: int) -> None:
        """Hand the worker a job's map. Raises OSError if it is gone."""
        socket.send_fds(self.sock, [b"j"], [fd])
        _JOBS[0] += 1

    def stop(self, timeout: float = 5.0) -> None:
        """Close the pipe (the worker exits at its end) and reap the worker; kill it if it
        has not exited within timeout seconds."""
        self.sock.close()
        pid, self.pid = self.pid, None
        if pid is None:
            return
        deadline = time.monotonic() + timeout
        while True:
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                return
            if done:
                return
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return
            time.sleep(0.001)


_WORKER: list[_Worker | None] = [None]
_JOBS = [0]  # jobs handed to a worker by this process
_STARTING = threading.Lock()


def _worker() -> _Worker:
    """This process's worker, started (again) if there is none alive. Raises OSError."""
    with _STARTING:
        worker = _WORKER[0]
        if worker is not None and worker.owner == os.getpid() and worker.alive():
            return worker
        if not _WORKER_FORGETS_AT_FORK:
            os.register_at_fork(after_in_child=_forget_worker)
            _WORKER_FORGETS_AT_FORK.append(True)
        worker = _WORKER[0] = _Worker()
        return worker


_WORKER_FORGETS_AT_FORK: list[bool] = []


def _forget_worker() -> None:
    """In a child forked from this process: the worker is the parent's, not ours. Close
    our copy of its pipe, so that it still sees the end of it when the parent exits."""
    worker = _WORKER[0]
    _WORKER[0] = None
    _JOBS[0] = 0
    if worker is not None:
        worker.sock.close()
    spare, _SPARE[0] = _SPARE[0], None  # no lock: another thread may have held it
    if spare is not None:  # the parent's: our copies only (the memfd is shared)
        _drop(spare)


def worker_pid() -> int | None:
    """The process id of this process's live worker, or None (none started, or gone)."""
    worker = _WORKER[0]
    return worker.pid if worker is not None and worker.owner == os.getpid() else None


def worker_jobs() -> int:
    """How many verifications this process has handed to a worker (of its own)."""
    return _JOBS[0]


def stop_worker() -> None:
    """Stop this process's worker, if any, and reap it (the next parallel verification
    starts a new one). A process need not call it: the worker exits with it."""
    with _STARTING:
        worker = _WORKER[0]
        _WORKER[0] = None
        if worker is not None and worker.owner == os.getpid():
            worker.stop()


# The map of the last job closed, with its memfd: the next job's if the worker has
# marked it done (it writes nothing there after that) and it is large enough, which
# spares a fresh memfd and the page faults of filling it. One tuple, swapped whole.
_SPARE: list[tuple[int, mmap.mmap] | None] = [None]
_SPARE_LOCK = threading.Lock()  # two threads never take the same map


def _take_spare(size: int) -> tuple[int, mmap.mmap] | None:
    with _SPARE_LOCK:
        spare, _SPARE[0] = _SPARE[0], None
    if spare is None:
        return None
    fd, job = spare
    if len(job) >= size and struct.unpack_from("q", job, 8 * _DONE)[0] == 1:
        return spare
    _drop(spare)
    return None


def _keep_spare(fd: int, job: mmap.mmap) -> None:
    with _SPARE_LOCK:
        spare, _SPARE[0] = _SPARE[0], (fd, job)
    if spare is not None:
        _drop(spare)


def _drop(spare: tuple[int, mmap.mmap]) -> None:
    fd, job = spare
    job.close()
    os.close(fd)


def _kinds_snapshot(kinds: KindRegistry) -> tuple[int, int]:
    """What tells a registry apart from the one the worker was forked with: its identity
    and its revision (a registry only grows)."""
    return id(kinds), kinds.revision


def _serve(sock: socket.socket) -> None:
    """The worker's life: take jobs until the parent closes the pipe (or dies). It holds
    no file of its parent's (a lock held through a copied descriptor would outlive the
    parent's release of it), no terminal, and leaves Ctrl-C to its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    fd = fcntl.fcntl(sock.detach(), fcntl.F_DUPFD_CLOEXEC, 3)
    null = os.open(os.devnull, os.O_RDWR)
    for std in (0, 1, 2):
        os.dup2(null, std)
    for name in os.listdir("/proc/self/fd"):
        other = int(name)
        if other > 2 and other != fd:
            try:
                os.close(other)
            except OSError:  # the directory listdir read, closed already
                pass
    pipe = socket.socket(fileno=fd)
    try:
        pipe.sendall(b"r")  # none of the parent's files is held here any more (settle)
    except OSError:
        return
    gc.disable()
    check = SignatureChecker()
    genesis: dict[bytes, Genesis] = {}
    while True:
        message, fds, _, _ = socket.recv_fds(pipe, 16, 4)
        if not message:  # the parent closed the pipe, or exited
            return
        for extra in fds[1:]:
            os.close(extra)
        if not fds:
            continue
        try:
            job = mmap.mmap(fds[0], 0)
        except (OSError, ValueError):
            continue
        finally:
            os.close(fds[0])
        try:
            _work(job, check, genesis)
        except Exception:  # the parent checks whatever the worker leaves undone
            pass
        job.close()


def _work(job: mmap.mmap, check: SignatureChecker, cache: dict[bytes, Genesis]) -> None:
    """One job: frame the journal, make the opening checks ahead of the replay, then
    verify signatures from the front."""
    views = [memoryview(job)]  # every view of the map, released before it is closed
    try:
        counters = views[0][:8 * _COUNTERS].cast("q")
        views.append(counters)
        cap = counters[_CAP]
        at_results, at_offsets, at_data = _layout(cap)
        data = bytes(views[0][at_data:at_data + counters[_SIZE]])
        encoded, offsets, raws = _frame(data, cap)
        found = len(raws)
        where = views[0][at_offsets:at_offsets + 8 * found].cast("q")
        views.append(where)
        where[:] = array.array("q", offsets)
        counters[_FOUND] = found  # after the offsets: the parent compares them with its own
        genesis = cache.get(encoded)
        if genesis is None:
            cache.clear()
            genesis = cache[encoded] = Genesis.decode(encoded)
        results = views[0][at_results:at_results + found]
        opened = views[0][at_results + cap:at_results + cap + found]
        slots = views[0][8 * _COUNTERS:8 * _COUNTERS + _SLOTS * _SLOT]
        views += (results, opened, slots)
        _check_shuffles(counters, slots, raws, genesis)
        i = 0
        while not counters[_CLAIMED] and counters[_BACK]:  # until the replay is over
            i = max(i, counters[_REPLAYED])  # never one the replay has passed
            if i >= found:
                break
            try:
                check_opening(raws[i], genesis, GAME_KINDS)
                opened[i] = _GOOD
            except Exception:  # the parent opens it itself, and reports what fails
                opened[i] = _BAD
            i += 1
        for i in range(found):
            if counters[_BACK] <= i:  # this record is claimed by the parent
                return
            results[i] = _GOOD if check(raws[i]) else _BAD
            counters[_FRONT] = i + 1
    finally:
        if len(views) > 1:
            views[1][_DONE] = 1  # the last write: the parent may now reuse the map
        for view in reversed(views):
            view.release()


_SHUFFLE_TAG, _KEY_TAG = SHUFFLE.encode(), KEY.encode()


_Statement = tuple[int, Point, int, bytes, bytes, bytes, bytes]
# A shuffle (record, y, its input's record, input, output, proof, context): its check
# is verify_shuffle_raw(y, the input's ciphertexts, output, proof, context).

# Shuffle records at most this far apart are one run (a deck's shuffles, seat by seat).
_RUN_GAP = 8


def _shuffle_statements(raws: list[bytes], genesis: Genesis) -> list[_Statement]:
    """The peer shuffles whose statement the journal's bytes alone give, in record order.
    A deck's shuffle by seat k > 0 takes seat k - 1's output of the same operation, under
    the joint key of the key records; anything else (a deck's first shuffle, a hand's)
    needs the game's state and is left to the replay. A guess here costs nothing when
    wrong: the replay takes a verdict only for a check of the same bytes
    (shuffle_digest). A local game has no card protocol: nothing to look for."""
    if game_mode(genesis) != "network":
        return []
    keys: dict[int, bytes] = {}
    by_op: dict[int, list[tuple[int, Envelope]]] = {}
    for i, raw in enumerate(raws):
        if _SHUFFLE_TAG not in raw and _KEY_TAG not in raw:
            continue
        try:
            env = open_envelope(raw, genesis, GAME_KINDS, check_signature=False)
        except ProtocolError:
            continue
        if env.kind == KEY:
            keys.setdefault(env.author, env.body[2])
        elif env.kind == SHUFFLE:
            by_op.setdefault(env.body[0], []).append((i, env))
    try:
        y = joint_key([decode_point(keys[s]) for s in range(genesis.n_seats)])
    except (KeyError, CryptoError):
        return []
    out = []
    for op, shuffles in by_op.items():
        for (source, before), (i, env) in zip(shuffles, shuffles[1:]):
            if env.author == before.author + 1:
                out.append((i, y, source, before.body[1], env.body[1], env.body[2],
                            context(genesis.game_id, op, env.author, "shuffle")))
    return sorted(out, key=lambda st: st[0])


def _worker_order(statements: list[_Statement]) -> list[_Statement]:
    """The order the worker checks shuffles in: run by run (records at most _RUN_GAP
    apart: a deck's shuffles) from the first, each run from its last shuffle back. The
    replay takes a run from its front, so at the game's first deck (reached at once) the
    two meet in its middle, and the worker, which has far less to do per record than
    the replay, is ahead of it at every later one."""
    runs: list[list[_Statement]] = []
    for st in statements:
        if runs and st[0] - runs[-1][-1][0] <= _RUN_GAP:
            runs[-1].append(st)
        else:
            runs.append([st])
    return [st for run in runs for st in reversed(run)]


def _check_shuffles(counters: memoryview, slots: memoryview, raws: list[bytes],
                    genesis: Genesis) -> None:
    """The worker's shuffle checks (_worker_order), each one the replay has not reached,
    until the job ends."""
    try:
        statements = _worker_order(_shuffle_statements(raws, genesis))
    except Exception:  # a journal the replay refuses: it checks everything itself
        return
    for i, y, _, data, out, proof, ctx in statements:
        if counters[_CLAIMED] or not counters[_BACK]:
            return
        k = counters[_PROOFS]
        if k >= _SLOTS:
            return
        if counters[_REPLAYED] > i:  # the replay is there: it checks this one itself
            continue
        if type(data) is not bytes or not data or len(data) % 64:
            continue
        # The input as bytes, not validated: the replay asks only about a deck it holds,
        # whose points it has validated (the outputs of a shuffle it accepted); the same
        # bytes make the same check (the multiplications validate them here too), and
        # other bytes have another digest.
        deck = [Ciphertext(Point(data[j:j + 32]), Point(data[j + 32:j + 64]))
                for j in range(0, len(data), 64)]
        at = k * _SLOT
        slots[at:at + 32] = shuffle_digest(y, deck, out, proof, ctx)
        slots[at + 32] = _BUSY
        counters[_PROOFS] = k + 1
        try:
            verify_shuffle_raw(y, deck, out, proof, ctx)
            slots[at + 32] = _GOOD
        except Exception:  # the replay checks it itself, and reports what fails
            slots[at + 32] = _BAD


class ParallelSignatures:
    """A protocol.game.SignatureResults backed by this process's worker (see the module
    doc), which also makes the opening checks (with GAME_KINDS: only those are taken,
    and only while the registry is the one the worker has).

    Given a journal's bytes, the worker starts on them at once, before this process has
    parsed them; bind() then gives it the parsed contents (before any question). Given
    the contents, it is bound at once. Raises OSError if the worker cannot be started or
    reached. Call close() in every case.
    """

    def __init__(self, journal: bytes | JournalContents,
                 kinds: KindRegistry = GAME_KINDS) -> None:
        self._kinds = kinds
        self.worker_signatures = 0  # how many the worker verified (known once closed)
        self._met = False
        self._good: set[bytes] = set()  # digests of shuffles the worker checked, passing
        self._final = 0  # the slots below this one are final and taken into _good
        self._agree: int | None = None  # records framed alike by the worker and by us
        worker = self._worker = _worker()
        self._trusted = kinds is GAME_KINDS and _kinds_snapshot(kinds) == worker.kinds
        offsets = None
        if isinstance(journal, JournalContents):
            data, offsets = _journal_of(journal)
        else:
            data = journal
        cap = len(data) // _SMALLEST + 1
        at_results, at_offsets, at_data = _layout(cap)
        size = at_data + len(data)
        spare = _take_spare(size)
        if spare is not None:  # no answer of its last job may be read as this one's
            self._fd, self._map = spare
            self._map[at_results:at_offsets] = bytes(at_offsets - at_results)
        else:
            self._fd = os.memfd_create("cosmic-verify", os.MFD_CLOEXEC)
        try:
            if spare is None:
                os.ftruncate(self._fd, size)
                self._map = mmap.mmap(self._fd, size)
            self._map[at_data:size] = data
            view = memoryview(self._map)
            self._counters = view[:8 * _COUNTERS].cast("q")
            self._slots = view[8 * _COUNTERS:8 * _COUNTERS + _SLOTS * _SLOT]
            self._shared = view[at_results:at_results + cap]
            self._opened = view[at_results + cap:at_results + 2 * cap]
            self._where = view[at_offsets:at_data].cast("q")
            view.release()
            counters = self._counters
            counters[_FRONT], counters[_BACK], counters[_REPLAYED] = 0, cap, 0
            counters[_FOUND], counters[_SIZE], counters[_CAP] = -1, len(data), cap
            counters[_CLAIMED], counters[_DONE], counters[_PROOFS] = 0, 0, 0
            try:
                worker.send(self._fd)
            except OSError:  # gone since we looked: once more, with a new one
                worker = self._worker = _worker()
                worker.send(self._fd)
        except BaseException:
            self.close()
            raise
        if isinstance(journal, JournalContents):
            self.bind(journal, offsets)

    def bind(self, contents: JournalContents, offsets: list[int] | None = None) -> None:
        """The journal's parsed contents (`offsets`: of its envelope records, in the bytes
        the worker was given, when those are not the journal's own)."""
        envelopes = [e for e in contents.entries if e.type == RECORD_ENVELOPE]
        self._indices = [e.index for e in envelopes]
        self._position = {e.index: i for i, e in enumerate(envelopes)}
        self._raws = [e.data for e in envelopes]
        self._mine = array.array("q", [e.offset for e in envelopes] if offsets is None
                                 else offsets)
        self._results = bytearray(len(envelopes))  # this process's own answers
        self._check = SignatureChecker()
        self._counters[_BACK] = len(envelopes)

    def _agreed(self) -> int:
        """How many of the first records the worker framed as we did (0 until it has
        framed them): only its answers on those are taken."""
        if self._agree is None:
            found = self._counters[_FOUND]
            if found < 0:
                return 0
            k = min(found, len(self._mine))
            agree = k
            if self._where[:k].tobytes() != self._mine[:k].tobytes():
                agree = next(i for i in range(k) if self._where[i] != self._mine[i])
            self._agree = agree
        return self._agree

    def _verify_here(self, i: int) -> None:
        if not self._results[i] and not (i < self._agreed() and self._shared[i]):
            self._results[i] = _GOOD if self._check(self._raws[i]) else _BAD

    def _answer(self, i: int) -> int:
        mine = self._results[i]
        return mine if mine or i >= self._agreed() else self._shared[i]

    def _meet(self) -> None:
        """Verify from the last record back until the worker's front. The worker then
        stops on its own (within one signature) and is never waited for."""
        if self._met:
            return
        self._met = True
        counters = self._counters
        counters[_CLAIMED] = 1
        agree = self._agreed()
        for i in reversed(range(len(self._raws))):
            counters[_BACK] = i
            if counters[_FRONT] > i and i < agree:
                break
            self._verify_here(i)

    def opened(self, record: int, kinds: KindRegistry) -> bool:
        i = self._position.get(record)
        if i is None:
            return False
        self._counters[_REPLAYED] = i + 1  # the replay is here: the worker need not open it
        agree = self._agree if self._agree is not None else self._agreed()
        return kinds is GAME_KINDS and self._trusted and i < agree and self._opened[i] == _GOOD

    def shuffle_verified(self, digest: bytes) -> bool:
        """True if the worker's check of the shuffle statement with this digest passed
        (protocol.cards_record.ProofVerdicts). One it is making is waited for (it is
        under way, and would take this process as long from the start), but never for a
        worker that is gone, nor for more than _WAIT seconds."""
        slots, counters = self._slots, self._counters
        k = self._final
        count = min(counters[_PROOFS], _SLOTS)
        while k < count:  # absorb the slots the worker has finished, in order
            status = slots[k * _SLOT + 32]
            if status == _BUSY:
                break
            if status == _GOOD:
                self._good.add(slots[k * _SLOT:k * _SLOT + 32].tobytes())
            k += 1
        self._final = k
        if digest in self._good:
            return True
        for k in range(self._final, count):
            at = k * _SLOT
            if slots[at + 32] == _BUSY and slots[at:at + 32] == digest:
                deadline = time.monotonic() + _WAIT
                while slots[at + 32] == _BUSY:
                    time.sleep(0.0002)
                    if time.monotonic() > deadline or not self._worker.alive():
                        return False
                return slots[at + 32] == _GOOD
            if slots[at + 32] == _GOOD and slots[at:at + 32] == digest:
                return True
        return False

    def first_failure(self, upto: int) -> int | None:
        last = bisect.bisect_right(self._indices, upto)  # envelopes 0..last-1 matter
        if last == len(self._raws):
            self._meet()
        # After _meet every record below the worker's front has its result: it writes
        # each one before it moves the front, and a result, once written, never changes.
        # Only a weak memory order could still hide one, which is then verified here.
        shared = min(last, self._agreed())
        both = (int.from_bytes(self._shared[:shared].tobytes() + bytes(last - shared))
                | int.from_bytes(self._results[:last])).to_bytes(last)
        if both.count(_GOOD) == last:  # the usual case, at C speed
            return None
        for i in range(last):
            self._verify_here(i)
            if self._answer(i) == _BAD:
                return self._indices[i]
        return None

    def close(self) -> None:
        """Tell the worker to stop this job (it does within one check) and release this
        side of the map. Waits only for a worker's first word (_Worker.settle), which
        has come long before in practice."""
        worker = getattr(self, "_worker", None)
        if worker is not None:
            worker.settle()
        counters = getattr(self, "_counters", None)
        if counters is None:  # it never went to the worker
            if hasattr(self, "_map"):
                self._map.close()
            if hasattr(self, "_fd"):
                os.close(self._fd)
                del self._fd
            return
        counters[_BACK] = 0
        self.worker_signatures = counters[_FRONT]
        for view in (self._where, self._opened, self._shared, self._slots, counters):
            view.release()
        del self._counters
        _keep_spare(self._fd, self._map)  # the next job's, once the worker is done with it
        del self._fd, self._map


def read_journal_parallel(contents: JournalContents, visitor: JournalVisitor[T],
                          parallel: bool | None = None) -> T:
    """read_journal(), in parallel when it pays (parallel=None) or as told.

    The cyclic garbage collector is off while it reads (and in the worker): a replay
    makes no reference cycles (a collection after a whole verification with the
    collector off finds nothing unreachable), so its passes over the young objects
    (about 0.75 ms for 545 records) free nothing; refcounting frees everything. Were a
    visitor to make cycles, the first collection after the reading takes them.
    """
    return _read(contents, visitor, parallel, None)[0]


class _LastDeferred:
    """A job's answers (a protocol.game.SignatureResults), but for the reading's last
    question: whether a signature fails up to the journal's last envelope. That one is
    answered None at once and noted (`pending`), for the caller to ask the job once the
    reading is over: the verifier's finish() and the freeing of its records then run
    while the worker still verifies, not after it has stopped (this process alone). A
    caller that defers it throws the reading away when a signature fails and reads the
    journal again serially (_read): the verdict is still exactly the serial one."""

    def __init__(self, job: ParallelSignatures, last: int) -> None:
        self.job, self.last, self.pending = job, last, False

    def opened(self, record: int, kinds: KindRegistry) -> bool:
        return self.job.opened(record, kinds)

    def first_failure(self, upto: int) -> int | None:
        if upto == self.last:
            self.pending = True
            return None
        return self.job.first_failure(upto)


def _read(contents: JournalContents, visitor: JournalVisitor[T], parallel: bool | None,
          job: ParallelSignatures | None,
          again: Callable[[], JournalVisitor[T]] | None = None) -> tuple[T, JournalVisitor[T]]:
    """read_journal_parallel with the job started on the journal's bytes, if any (it is
    closed here), and the visitor whose result it is.

    With `again`, the signatures' last question is deferred (_LastDeferred); if one
    fails, the journal is read again serially with a visitor of again()'s."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        n = sum(1 for e in contents.entries if e.type == RECORD_ENVELOPE)
        if parallel is None:
            parallel = n >= PARALLEL_MIN_RECORDS
        if not parallel or n == 0 or not can_fork():
            return read_journal(contents, visitor), visitor
        if job is None:
            try:
                job = ParallelSignatures(contents)
            except OSError:  # no process to be had: serial it is
                return read_journal(contents, visitor), visitor
        else:
            job.bind(contents)
        if again is None:
            with proof_verdicts(job):
                return read_journal(contents, visitor, signatures=job), visitor
        last = next(e.index for e in reversed(contents.entries) if e.type == RECORD_ENVELOPE)
        answers = _LastDeferred(job, last)
        with proof_verdicts(job):
            result = read_journal(contents, visitor, signatures=answers)
        if collecting:
            _collect_due()
        if answers.pending and job.first_failure(last) is not None:
            gc.disable()
            visitor = again()  # a signature fails: the serial reading says which and how
            return read_journal(contents, visitor), visitor
        return result, visitor
    finally:
        if job is not None:
            job.close()
        if collecting:
            gc.enable()


def _collect_due() -> None:
    """Turn the cyclic collector back on, and make at once the collection that the
    reading's allocations have made due (0.15-0.2 ms for the bench's journal, about 1 ms
    when it is a generation-1 collection): the one the next allocation of a tracked
    object would start anyway, in the generation CPython would pick (the youngest two;
    when the oldest could be due, which depends on counts Python does not show, it is
    left to that allocation). Made here, before the last signatures' meet, it runs while
    the worker still verifies, instead of after the two have met, with this process
    alone at work."""
    gc.enable()
    (young, middle, old), (first, second, third) = gc.get_count(), gc.get_threshold()
    if first and young > first and old <= third:
        gc.collect(1 if middle > second else 0)


def _early_job(data: bytes, parallel: bool | None) -> ParallelSignatures | None:
    """A job started on a journal's bytes before they are parsed, when the parallel path
    may be taken (a journal this long may hold PARALLEL_MIN_RECORDS envelopes)."""
    if parallel is False or not can_fork() or (
            parallel is None and not _holds_envelopes(data, PARALLEL_MIN_RECORDS)):
        return None
    try:
        return ParallelSignatures(data)
    except OSError:
        return None


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
    # What each evidence record showed (refused envelopes, judged at their place: see
    # protocol/evidence.py); with an error, those before its record only.
    evidence: tuple[Finding, ...] = ()

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
    def awaited(self) -> int | None:
        """In a journal that stops before its end, the seat whose envelope the game needed
        next (a stalled game: the seat that stalled it), else None."""
        if self.incomplete is None or self.verdict is None:
            return None
        return self.verdict.awaited

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
    job = _early_job(data, parallel)  # the worker frames the bytes while we parse them
    try:
        contents = parse_journal(data)
        tick = progress(len(contents.entries)) if progress is not None else None
    except BaseException as exc:
        if job is not None:
            job.close()
        if isinstance(exc, ProtocolError):
            return VerifyResult(path, None, None, exc, None)
        raise
    first = VerifyVisitor(strict=False) if tick is None else _ProgressVisitor(tick)
    verdict, read = _read(contents, first, parallel, job,
                          again=lambda: VerifyVisitor(strict=False))
    visitor = cast(VerifyVisitor, read)  # first, or the serial reading's (again)
    last = contents.entries[-1].index if contents.entries else None
    return VerifyResult(path, contents.genesis, verdict, visitor.error, contents.torn, last,
                        tuple(visitor.evidence))
