"""A seat that floods an honest node with catch-up requests (have() messages asking for
everything): each costs a few bytes to send and, answered, a look over the record and up
to 200 envelopes back. Two real nodes on loopback (Curve mesh, journals on disk): seat 1's
mesh sends seat 0 a burst of have()s; seat 0 answers the latest one at most every
HAVE_ANSWER_EVERY_S, not each, and an honest catch-up still gets its answer."""

from __future__ import annotations

import time
from pathlib import Path

import msgpack

from bots import RandomBot
from cli.cmd_demo import prepare
from node.journal_file import read_key_file
from node.runner import ENVELOPE, HAVE, HAVE_ANSWER_EVERY_S, NodeOptions, NodeRunner
from node.transport import Message
from protocol.genesis import Genesis

BURST = 400


def test_a_flood_of_catch_up_requests_gets_one_answer_an_interval(tmp_path: Path) -> None:
    gpath, keys = prepare(3, "have-flood", tmp_path, max_turns=1)
    genesis = Genesis.decode(gpath.read_bytes())
    honest = NodeRunner(genesis, 0, read_key_file(keys[0]), tmp_path / "seat-0.journal",
                        NodeOptions(), RandomBot(b"0").choose)
    evil = NodeRunner(genesis, 1, read_key_file(keys[1]), tmp_path / "seat-1.journal",
                      NodeOptions(peers=[honest.mesh.hello_endpoint or ""]),
                      RandomBot(b"1").choose)
    k0 = genesis.seats[0].key
    try:
        deadline = time.monotonic() + 30
        while not (len(honest.core.record) >= 2 and honest.mesh.status(genesis.seats[1].key)
                   and evil.mesh.status(k0)):
            assert time.monotonic() < deadline, "the two nodes never met"
            honest.tick(5)
            evil.tick(5)
        held = len(honest.core.record)  # seat 2 never comes: the record stays there
        ask_all = msgpack.packb([[0, bytes(32)]] * 3, use_bin_type=True)
        t0 = time.monotonic()
        for _ in range(BURST):
            evil.mesh.send(k0, [HAVE, ask_all])
        got = 0
        while time.monotonic() - t0 < 1.0:
            honest.tick(5)
            for ev in evil.mesh.poll(5):
                if isinstance(ev, Message) and ev.frames[0] == ENVELOPE:
                    got += 1
        elapsed = time.monotonic() - t0
        answers = elapsed / HAVE_ANSWER_EVERY_S + 2
        assert got >= held, "no answer at all: an honest catch-up would starve"
        assert got <= held * answers, f"{got} envelopes sent back for {BURST} requests"
    finally:
        evil.close()
        honest.close()
