"""node.verify.SignatureChecker: libsodium called directly, with OpenSSL's answer for
whatever libsodium refuses - the same answers as envelope_signature_ok, on real
signatures, on damaged ones, on bytes too short to hold a key, and on a whole journal
with forged records. And the parallel path's worker process: one per process, serving
verification after verification; answers come without waiting for it; a killed worker
leaves the verdict whole and is replaced; it holds none of its parent's files and exits
with its parent."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import nacl.bindings as nb
import nacl.exceptions
import pytest
from _journal_games import short_game
from _signatures import edge_signatures, keypair, openssl
from node.verify import (
    ParallelSignatures, SignatureChecker, VerifyResult, can_fork, envelope_signature_ok,
    stop_worker, verify_journal, worker_jobs, worker_pid,
)
from protocol.journal import encode_header, encode_note, encode_record, parse_journal

def test_the_checker_answers_as_openssl() -> None:
    public, msg, sigs = edge_signatures()
    honest, broken, odd = sigs
    with pytest.raises(nacl.exceptions.BadSignatureError):
        nb.crypto_sign_open(odd + msg, public)  # libsodium refuses what OpenSSL takes
    assert [openssl(public, s, msg) for s in sigs] == [True, False, True]
    check = SignatureChecker()
    for sig in (honest, broken, odd, honest):  # the buffer is reused: answers stay right
        assert check(msg + sig) == openssl(public, sig, msg) == envelope_signature_ok(msg + sig)


def test_the_checker_refuses_short_or_odd_bytes_without_reading_past_them() -> None:
    public, secret = keypair()
    msg = bytes(39) + public + b"x"
    signed = msg + nb.crypto_sign(msg, secret)[:64]
    check = SignatureChecker()
    assert check(signed)
    for raw in (b"", signed[:64], signed[:70], signed[:134]):
        assert not check(raw) and not envelope_signature_ok(raw)
    assert check(bytearray(signed)) == envelope_signature_ok(bytearray(signed))  # type: ignore[arg-type]


def test_the_checker_agrees_on_every_record_of_a_journal_with_forgeries() -> None:
    rec = short_game()
    raws = list(rec.raws)
    raws[3] = raws[3][:-64] + bytes(64)
    raws[7] = raws[7][:-1] + bytes([raws[7][-1] ^ 1])
    raws[9] = raws[9][:50] + bytes([raws[9][50] ^ 1]) + raws[9][51:]
    check = SignatureChecker()
    answers = [check(raw) for raw in raws]
    assert answers == [envelope_signature_ok(raw) for raw in raws]
    assert [i for i, ok in enumerate(answers) if not ok] == [3, 7, 9]


_NO_FORK = "the parallel verifier forks a worker: Linux, 2+ CPUs"


def _until(what: str, test: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.01)


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_one_worker_answers_each_verification_without_waiting_to_finish() -> None:
    rec = short_game()
    raws = list(rec.raws)
    bad = len(raws) - 3  # near the end: found by whichever side gets there
    raws[bad] = raws[bad][:-64] + bytes(64)
    contents = parse_journal(rec.rebuild(raws))
    last = contents.entries[-1].index
    pids = set()
    for _ in range(3):
        jobs = worker_jobs()
        sig = ParallelSignatures(contents)
        try:
            assert sig.first_failure(last) == contents.entries[bad].index
            assert sig.first_failure(last) == contents.entries[bad].index  # asked again
        finally:
            sig.close()
        assert worker_jobs() == jobs + 1
        pids.add(worker_pid())
    assert len(pids) == 1 and None not in pids  # the same worker served all three
    pid = pids.pop()
    assert pid is not None
    stop_worker()
    assert worker_pid() is None
    with pytest.raises(ChildProcessError):  # stopped and reaped: no such child left
        os.waitpid(pid, os.WNOHANG)


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_a_killed_worker_leaves_the_verdict_whole_and_is_replaced() -> None:
    rec = short_game()
    raws = list(rec.raws)
    raws[40] = raws[40][:-64] + bytes(64)
    journal = rec.rebuild(raws)
    assert verify_journal(journal, parallel=True).error is not None
    pid = worker_pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    _until("the worker killed", lambda: _exited(pid))
    contents = parse_journal(journal)
    sig = ParallelSignatures(contents)  # a new worker: the dead one is reaped first
    try:
        assert worker_pid() not in (None, pid)
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        second = worker_pid()
        assert second is not None
        os.kill(second, signal.SIGKILL)  # this one may die before it does anything
        _until("the second worker killed", lambda: _exited(second))
        assert sig.first_failure(contents.entries[-1].index) == contents.entries[40].index
    finally:
        sig.close()
    result = verify_journal(journal, parallel=True)
    serial = verify_journal(journal, parallel=False)
    assert result.error is not None and serial.error is not None
    assert (result.error.check, result.error.record) == (serial.error.check, serial.error.record)


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_the_worker_holds_no_file_of_its_parent(tmp_path: Path) -> None:
    """A lock the parent takes before its worker starts is free once the parent lets
    it go: the worker closed its copy of every descriptor."""
    stop_worker()
    lock = tmp_path / "lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        assert verify_journal(short_game().journal, parallel=True).error is None
        assert worker_pid() is not None
    finally:
        os.close(fd)  # the parent's release
    other = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises if the worker held it
    finally:
        os.close(other)


_PARENT = """
import sys
from node.verify import verify_journal, worker_pid
assert verify_journal(sys.stdin.buffer.read(), parallel=True).error is None
print(worker_pid(), flush=True)
"""


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_the_worker_exits_with_its_parent() -> None:
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", _PARENT], input=short_game().journal,
                          capture_output=True, cwd=root, timeout=120, check=True)
    pid = int(done.stdout)  # its output ended: the worker held no copy of that pipe
    _until("the worker to exit", lambda: _exited(pid))


def _exited(pid: int) -> bool:
    """True once process pid has exited (reaped, or a zombie its new parent has yet to
    reap)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] in ("Z", "X")
    except OSError:
        return True


def _outcome(result: VerifyResult) -> tuple[object, ...]:
    error = result.error
    return (None if error is None else (type(error).__name__, error.check,
                                        getattr(error, "record", None), str(error)),
            result.torn, result.complete, result.last_record)


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_the_worker_frames_the_bytes_as_the_parser_does_or_is_not_taken_at_its_word() -> None:
    """verify_journal hands the worker the journal's bytes before parsing them: with
    notes between records, a torn tail, a bad signature, damage the parser refuses or
    a forged record, the parallel verdict is the serial one."""
    rec = short_game()
    raws = list(rec.raws)
    head = encode_header(rec.genesis)

    def noted(raws: list[bytes]) -> bytes:
        return head + b"".join(encode_record(r) + encode_note(b"note %d" % k) if k % 7 == 0
                               else encode_record(r) for k, r in enumerate(raws))

    bad = list(raws)
    bad[50] = bad[50][:-64] + bytes(64)
    forged = list(raws)
    forged[20] = rec.resign(20, lambda f: f.__setitem__(7, "nope"))
    damaged = bytearray(rec.journal)
    damaged[len(damaged) // 2] ^= 0xFF
    journals = [rec.journal, noted(raws), noted(raws)[:-100],
                rec.journal + encode_record(raws[5])[:30], rec.rebuild(bad), noted(bad),
                rec.rebuild(forged), noted(forged), bytes(damaged), head]
    for journal in journals:
        jobs = worker_jobs()
        parallel = verify_journal(journal, parallel=True)
        assert worker_jobs() == jobs + 1  # handed to the worker (and closed, if refused)
        assert _outcome(parallel) == _outcome(verify_journal(journal, parallel=False))
    assert [_outcome(verify_journal(j, parallel=True))[0] is None for j in journals] == [
        True, True, True, True, False, False, False, False, False, True]


@pytest.mark.skipif(not can_fork(), reason=_NO_FORK)
def test_the_next_job_reuses_the_last_map_without_its_answers() -> None:
    """A job's map (its memfd) serves the next job once the worker is done with it,
    emptied of the last job's answers: a journal whose bad records are among those this
    process checks itself (the last ones) is refused after good journals, every time."""
    import node.verify as nv

    rec = short_game()
    raws = list(rec.raws)
    for k in (len(raws) - 2, len(raws) - 20):
        raws[k] = raws[k][:-64] + bytes(64)
    good, bad = rec.journal, rec.rebuild(raws)
    serial = _outcome(verify_journal(bad, parallel=False))
    assert serial[0] is not None
    fds = set()
    for _ in range(4):
        for journal in (good, good, bad):
            time.sleep(0.05)  # the worker marks its last job done
            result = verify_journal(journal, parallel=True)
            assert _outcome(result) == (_outcome(verify_journal(good, parallel=False))
                                        if journal is good else serial)
            spare = nv._SPARE[0]
            assert spare is not None
            fds.add(spare[0])
    assert len(fds) == 1  # one memfd served them all


@pytest.mark.skipif(not can_fork(), reason="the parallel path runs on Linux with 2+ CPUs")
def test_a_short_journal_of_large_records_starts_no_worker() -> None:
    """A networked game's card messages are large: a journal of a few dozen records can
    weigh what a few hundred small ones do. The worker is started on the count of its
    envelope records, not on its bytes (a one-shot `cosmic verify` of a short game paid
    the fork for nothing): fewer than PARALLEL_MIN_RECORDS is verified here alone."""
    from node.verify import PARALLEL_MIN_RECORDS

    rec = short_game()
    head = encode_header(rec.genesis)
    big = rec.raws[0] + bytes(2000)  # framed as an envelope; it fails to open, later
    few = head + b"".join(encode_record(big) for _ in range(PARALLEL_MIN_RECORDS - 1))
    assert len(few) > 10 * PARALLEL_MIN_RECORDS * 100
    jobs = worker_jobs()
    assert verify_journal(few).error is not None
    assert worker_jobs() == jobs  # no job handed over
    enough = few + encode_record(big)
    assert verify_journal(enough).error is not None
    assert worker_jobs() == jobs + 1
