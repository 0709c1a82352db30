"""node.verify.SignatureChecker: libsodium called directly, with OpenSSL's answer for
whatever libsodium refuses - the same answers as envelope_signature_ok, on real
signatures, on damaged ones, on bytes too short to hold a key, and on a whole journal
with forged records. And ParallelSignatures answers once the two sides meet, without
waiting for its worker to exit, nor does close(): reap_workers reaps it once it has."""

from __future__ import annotations

import os
import time

import nacl.bindings as nb
import nacl.exceptions
import pytest
from _journal_games import short_game
from _signatures import edge_signatures, keypair, openssl
from node.verify import (
    ParallelSignatures, SignatureChecker, _exited, can_fork, envelope_signature_ok, reap_workers,
)
from protocol.journal import parse_journal

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


@pytest.mark.skipif(not can_fork(), reason="the parallel verifier forks: Linux, 2+ CPUs")
def test_the_parallel_answer_comes_without_waiting_for_the_worker_to_exit() -> None:
    rec = short_game()
    raws = list(rec.raws)
    bad = len(raws) - 3  # near the end: found by whichever side gets there
    raws[bad] = raws[bad][:-64] + bytes(64)
    contents = parse_journal(rec.rebuild(raws))
    last = contents.entries[-1].index
    for _ in range(3):
        sig = ParallelSignatures(contents)
        try:
            assert sig.first_failure(last) == contents.entries[bad].index
            assert sig.first_failure(last) == contents.entries[bad].index  # asked again
            pid = sig._pid
            assert pid is not None  # answered, its worker not yet reaped
        finally:
            sig.close()
        assert sig._pid is None
        for _ in range(500):  # reaped once it has exited (within 5 s on a busy machine)
            reap_workers()
            if pid not in _exited:
                break
            time.sleep(0.01)
        with pytest.raises(ChildProcessError):  # no such child left: it was reaped
            os.waitpid(pid, os.WNOHANG)
