"""A person silent at a decision of theirs: once turn_s has passed, their own node plays it
for them with its stand-in (a bot's choice from the seat's own knowledge) and tells the
screen first ("stood_in"), so the others do not wait for ever; a card window and a deal
keep their own clocks; a person who answers in time is never played for.

Three real nodes on loopback play a two-turn game in this process: seat 0 is a person
(no controller) who never answers anything, with a turn clock of 0.2 s and a card window
clock of 0.1 s; seats 1 and 2 are random bots. The game must reach its end."""

from __future__ import annotations

import time
from pathlib import Path

from bots import HeuristicBot, RandomBot
from cli.cmd_demo import prepare
from node.journal_file import read_key_file
from node.runner import NodeOptions, NodeRunner
from protocol.genesis import Genesis


def _table(tmp_path: Path, turn_s: float) -> list[NodeRunner]:
    gpath, keys = prepare(3, "turn-clock", tmp_path, max_turns=2)
    genesis = Genesis.decode(gpath.read_bytes())
    nodes: list[NodeRunner] = []
    for seat in range(3):
        nodes.append(NodeRunner(
            genesis, seat, read_key_file(keys[seat]), tmp_path / f"seat-{seat}.journal",
            NodeOptions(peers=[n.mesh.hello_endpoint or "" for n in nodes],
                        window_s=0.1 if seat == 0 else 0.0,
                        turn_s=turn_s if seat == 0 else 0.0, deal_s=0.3),
            None if seat == 0 else RandomBot(bytes([seat]) * 8).choose,
            stand_in=HeuristicBot(b"stand-in").choose if seat == 0 else None))
    return nodes


def test_a_silent_persons_node_plays_for_them_once_the_clock_runs_out(tmp_path: Path) -> None:
    nodes = _table(tmp_path, 0.2)
    person = nodes[0]
    stood: list[tuple[float, str]] = []  # (seconds the decision waited, the step after)
    asked: dict[int, float] = {}
    deadline = time.monotonic() + 120
    try:
        while not all(n.finished() for n in nodes) and time.monotonic() < deadline:
            for n in nodes:
                n.tick(5)
            core = person.core
            if core.my_turn():
                asked.setdefault(core.state.serial, time.monotonic())
                due = person.turn_deadline()
                if core.timer() is None:  # the clock runs, and says when it runs out
                    assert due is not None and -0.1 < due - time.monotonic() <= 0.2, due
                else:
                    assert due is None  # a window's or a deal's own clock
            for ev in core.events:
                if ev[0] == "stood_in":
                    waited = time.monotonic() - min(asked.values())
                    stood.append((waited, core.pending().step))
            core.events.clear()
            asked = {k: v for k, v in asked.items() if k == core.state.serial}
    finally:
        for n in nodes:
            n.close()
    assert all(n.core.done for n in nodes), "the game did not end: the table waited"
    assert stood, "the person's node never played for them"
    # never before the clock ran out (this loop sees a decision a tick after the node)
    assert all(w >= 0.15 for w, _ in stood), stood


def test_no_clock_no_stand_in(tmp_path: Path) -> None:
    """turn_s 0 (host and join's `--turn-seconds 0`, and `cosmic play`): the table waits
    for the person, as before."""
    nodes = _table(tmp_path, 0.0)
    person = nodes[0]
    t0 = time.monotonic()
    try:
        while time.monotonic() - t0 < 3 and not person.core.my_turn():
            for n in nodes:
                n.tick(5)
        assert person.core.my_turn(), "the person was never asked"
        serial = person.core.state.serial
        t1 = time.monotonic()
        while time.monotonic() - t1 < 1.0:
            for n in nodes:
                n.tick(5)
            if person.core.timer() is not None:
                break  # a window or a deal: their own clocks (tested elsewhere)
        else:
            assert person.core.state.serial == serial, "played for a person with no clock"
        assert not [ev for ev in person.core.events if ev[0] == "stood_in"]
        assert person.turn_deadline() is None  # no clock to show
    finally:
        for n in nodes:
            n.close()
