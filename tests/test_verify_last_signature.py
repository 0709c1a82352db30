"""verify_journal in parallel asks its worker about the signatures up to the last record
only once the reading is over (node.verify._LastDeferred), and reads the journal again
serially when one fails: its result must be the serial one in every case."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from node.verify import VerifyResult, can_fork, verify_journal, worker_jobs
from protocol.errors import RemoteProtocolError

from _journal_games import short_game

pytestmark = pytest.mark.skipif(not can_fork(), reason="the worker needs Linux and two CPUs")


def _said(result: VerifyResult) -> tuple[object, ...]:
    err = result.error
    where = ((err.check, err.record, err.author, err.seq, str(err))
             if isinstance(err, RemoteProtocolError) else repr(err))
    state = None if result.verdict is None else result.verdict.state.serial
    return where, state, result.complete, result.last_record, result.evidence


def test_parallel_verify_says_what_serial_verify_says_of_every_forged_signature() -> None:
    rec = short_game()
    raws = rec.raws
    forged = [r[:-64] + bytes(64) for r in raws]
    journals = {
        "honest": rec.journal,
        "the last record's signature": rec.rebuild(raws[:-1] + [forged[-1]]),
        "the one before it": rec.rebuild(raws[:-2] + [forged[-2]] + raws[-1:]),
        "the first record's": rec.rebuild([forged[0]] + raws[1:]),
        "a middle one and the last": rec.rebuild(
            raws[:40] + [forged[40]] + raws[41:-1] + [forged[-1]]),
        "every one": rec.rebuild(forged),
    }
    for name, journal in journals.items():
        before = worker_jobs()
        parallel = verify_journal(journal, parallel=True)
        assert worker_jobs() == before + 1, name  # the worker was asked
        serial = verify_journal(journal, parallel=False)
        assert _said(parallel) == _said(serial), name
        if name == "honest":
            assert parallel.error is None and parallel.verdict is not None
        else:
            assert isinstance(parallel.error, RemoteProtocolError), name
            assert parallel.error.check == "signature" and parallel.verdict is None, name
    last = verify_journal(journals["the last record's signature"], parallel=True).error
    assert isinstance(last, RemoteProtocolError) and last.record == len(raws) - 1


def test_a_progress_display_is_told_of_every_record_whatever_the_signatures() -> None:
    rec = short_game()
    journal = rec.rebuild(rec.raws[:-1] + [rec.raws[-1][:-64] + bytes(64)])
    told: list[int] = []

    def progress(total: int) -> Callable[[int], None]:
        told.append(total)
        return told.append

    result = verify_journal(journal, parallel=True, progress=progress)
    assert isinstance(result.error, RemoteProtocolError)
    assert result.error.check == "signature" and result.error.record == len(rec.raws) - 1
    assert told[0] == len(rec.raws) and told[1:] == list(range(len(rec.raws)))
