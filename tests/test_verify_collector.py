"""verify_journal turns the cyclic collector off while it reads a journal and leaves it
as it found it (node.verify._read). In parallel, the collection that the reading's
allocations have made due is made before the last signatures' meet, while the worker
still verifies, not after it (node.verify._collect_due)."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from node import verify
from node.verify import ParallelSignatures, can_fork, verify_journal
from protocol.game import read_journal

from _journal_games import short_game

pytestmark = pytest.mark.skipif(not can_fork(), reason="the worker needs Linux and two CPUs")


def _journals() -> dict[str, bytes]:
    rec = short_game()
    forged = rec.raws[-1][:-64] + bytes(64)
    return {"honest": rec.journal, "a forged last signature": rec.rebuild(rec.raws[:-1] + [forged])}


@pytest.mark.parametrize("on", [True, False])
def test_the_collector_is_left_as_it_was_found(on: bool) -> None:
    for name, journal in _journals().items():
        for parallel in (True, False):
            (gc.enable if on else gc.disable)()
            try:
                result = verify_journal(journal, parallel=parallel)
                assert gc.isenabled() is on, (name, parallel)
            finally:
                gc.enable()
            assert (result.error is None) is (name == "honest"), (name, parallel)


def test_the_collection_made_due_by_the_reading_comes_before_the_meet(
        monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []

    def collecting(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            events.append("collection")

    meet = ParallelSignatures._meet

    def noted_meet(self: ParallelSignatures) -> None:
        events.append("meet")
        meet(self)

    def noted_read(*args: Any, **kwargs: Any) -> Any:
        result = read_journal(*args, **kwargs)
        events.append("read")
        return result

    monkeypatch.setattr(ParallelSignatures, "_meet", noted_meet)
    monkeypatch.setattr(verify, "read_journal", noted_read)
    journal = short_game().journal
    threshold = gc.get_threshold()
    gc.collect()
    gc.set_threshold(50, *threshold[1:])  # a collection is due after any reading
    gc.callbacks.append(collecting)
    try:
        result = verify_journal(journal, parallel=True)
    finally:
        gc.callbacks.remove(collecting)
        gc.set_threshold(*threshold)
    assert result.error is None and result.verdict is not None
    assert events.count("read") == 1 and events.count("meet") == 1, events
    between = events[events.index("read"):events.index("meet")]
    assert "collection" in between, events
