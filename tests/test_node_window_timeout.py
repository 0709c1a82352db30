"""A person silent at a card window passes after window_s (node/runner.py), and the screen
is told so before what the pass brings: the node's "timed_out" event comes first in the
core's events, then the events of the pass itself, exactly those the engine gives for it
(the log once read the encounter's outcome, then "No answer in 60 s: you passed").

Three real nodes on loopback play a three-turn game in this process: seat 0 is a "person"
(no controller) who answers every question but the card windows with a random bot's
choice, and never answers at a window; seats 1 and 2 are random bots."""

from __future__ import annotations

import time
from pathlib import Path

from bots import RandomBot
from cli.cmd_demo import prepare
from node.journal_file import read_key_file
from node.runner import NodeOptions, NodeRunner
from protocol.genesis import Genesis


def test_a_silent_pass_is_told_before_what_it_brings(tmp_path: Path) -> None:
    gpath, keys = prepare(3, "window-timeout", tmp_path, max_turns=3)
    genesis = Genesis.decode(gpath.read_bytes())
    bots = [RandomBot(bytes([seat]) * 8) for seat in range(3)]
    nodes: list[NodeRunner] = []
    for seat in range(3):
        nodes.append(NodeRunner(
            genesis, seat, read_key_file(keys[seat]), tmp_path / f"seat-{seat}.journal",
            NodeOptions(peers=[n.mesh.hello_endpoint or "" for n in nodes],
                        window_s=0.05 if seat == 0 else 0.0),
            None if seat == 0 else bots[seat].choose))
    person = nodes[0]
    told = 0
    deadline = time.monotonic() + 120
    try:
        while not all(n.finished() for n in nodes) and time.monotonic() < deadline:
            for n in nodes[1:]:
                n.tick(5)
            # The person's node, its tick spelled out so that the position the silence
            # is judged on can be kept (tick: events, discovery, pump, decide, ...).
            for ev in person.mesh.poll(5):
                person._event(ev)
            person._discover()
            person._answer_haves()
            person.core.pump()
            core = person.core
            timer = core.timer()
            if core.my_turn() and not (timer is not None and timer[0] == "patience"):
                core.act(bots[0].choose(core.state, 0, core.knowledge))  # not a window
            before, start = core.state, len(core.events)
            person._decide()
            new = core.events[start:]
            if any(ev[0] == "timed_out" for ev in new):
                assert new[0][0] == "timed_out", new
                _, expected = core.rules.apply(before, core.rules.on_timeout(before, 0))
                assert new[1:1 + len(expected)] == list(expected), (new, expected)
                told += bool(expected)  # a pass that brought something (the last one)
            person._flush()
            person._catch_up()
    finally:
        for n in nodes:
            n.close()
    assert all(n.core.done for n in nodes), "the game did not end"
    assert told >= 1, "no silent pass at a card window brought anything"
