"""A seat's screen says once, in the log, when another seat's refused lies went over
the node's evidence cap: the lies blamed before are kept in the journal, the later ones
only counted (docs/playing.md, "A lie your node refused is kept"). A real node core of
a 3-seat game (real signatures and card protocol, tests/_evidence_games.py) is flooded
with signed lies by seat 1; the plain client shows its events as it would in a game
(its runner's sockets are not needed: the lies are offered to the core directly)."""

from __future__ import annotations

import io
from typing import Any

from _evidence_games import CHEAT, raw_signed, table
from cli.client import NetworkSession
from cli.textplay import PlainClient
from node.core import EVIDENCE_BYTES, EVIDENCE_KEEP
from protocol.envelope import open_envelope
from protocol.game import GAME_KINDS


class _Runner:
    """The part of node.runner.NodeRunner a session reads: its core, ticked by hand."""

    def __init__(self, core: Any) -> None:
        self.core, self.seat = core, core.seat

    def tick(self, timeout_ms: int) -> None:
        pass


def _flooded(lies: int) -> list[str]:
    """Seat 0's log after `lies` distinct signed lies from seat 1 (chats no seat may sign:
    a terminal escape), in two batches."""
    t = table()
    honest, cheat = t.cores[0], t.cores[CHEAT]
    cheat.say("hello")
    (truth,) = cheat.outbox()
    env = open_envelope(truth, t.genesis, GAME_KINDS)
    honest.events = []
    client = PlainClient(NetworkSession(_Runner(honest)), inp=io.StringIO(),
                         out=io.StringIO())
    for batch in (range(lies // 2), range(lies // 2, lies)):
        for i in batch:
            honest.offer(raw_signed(cheat, env, "chat", [-1, f"\x1b[2J lie {i}"]))
        client.events(client.session.drain())  # type: ignore[attr-defined]
    return client.log


def test_a_flood_of_lies_past_the_cap_is_said_once() -> None:
    log = _flooded(EVIDENCE_KEEP + 6)
    blamed = [i for i, line in enumerate(log) if line.startswith("!! blue broke the protocol")]
    notes = [i for i, line in enumerate(log) if "no longer kept as evidence" in line]
    assert len(blamed) == EVIDENCE_KEEP, log
    assert len(notes) == 1 and notes[0] > blamed[-1], log
    assert log[notes[0]] == (f"!! blue went on breaking the protocol: its later refused "
                             f"messages are counted but no longer kept as evidence (your "
                             f"journal keeps at most {EVIDENCE_KEEP} a seat, "
                             f"{EVIDENCE_BYTES // 1024} KiB in all)")


def test_lies_within_the_cap_get_no_note() -> None:
    log = _flooded(EVIDENCE_KEEP)
    assert sum(line.startswith("!! blue broke the protocol") for line in log) == \
        EVIDENCE_KEEP, log
    assert not [line for line in log if "no longer kept" in line], log
