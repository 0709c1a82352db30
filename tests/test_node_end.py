"""The end of a networked game: when a node may leave.

A node stays after the end-of-game reveal until every peer still there holds all it holds
(node/runner.py). Three real nodes on loopback (Curve mesh, journals on disk, random bots)
play a one-turn game in this process; then two of them leave, and the third makes a record
that no one is left to confirm (a chat after the others went). A peer that said goodbye is
not waited for; a peer that went silent without one (killed) is, until linger_max_s.
"""

from __future__ import annotations

import time
from pathlib import Path

from bots import RandomBot
from cli.cmd_demo import prepare
from node.journal_file import JournalFile, read_key_file
from node.runner import NodeOptions, NodeRunner
from protocol.genesis import Genesis

LINGER_MAX_S = 60.0  # the default: the time a node would wait for a peer's word in vain


def _play(tmp_path: Path, name: str) -> list[NodeRunner]:
    """Three nodes of a one-turn game, ticked in turn until each has finished (every peer
    holds what it holds); none is closed."""
    gpath, keys = prepare(3, name, tmp_path, max_turns=1)
    genesis = Genesis.decode(gpath.read_bytes())
    nodes: list[NodeRunner] = []
    for seat in range(3):
        bot = RandomBot(bytes([seat]) * 8)
        nodes.append(NodeRunner(
            genesis, seat, read_key_file(keys[seat]), tmp_path / f"seat-{seat}.journal",
            NodeOptions(peers=[n.mesh.hello_endpoint or "" for n in nodes],
                        linger_max_s=LINGER_MAX_S), bot.choose))
    deadline = time.monotonic() + 120
    while not all(n.finished() for n in nodes):
        assert time.monotonic() < deadline, "the game did not end in two minutes"
        for n in nodes:
            n.tick(5)
    return nodes


def _chat_alone(node: NodeRunner, seconds: float) -> float | None:
    """Our node says something after the others stopped; tick it until it may leave (the
    seconds that took) or `seconds` pass (None)."""
    node.core.say("good game")
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        node.tick(20)
        if node.finished():
            return time.monotonic() - t0
    return None


def test_a_late_record_after_the_peers_said_goodbye_does_not_keep_the_node(
        tmp_path: Path) -> None:
    nodes = _play(tmp_path, "late-goodbye")
    last = nodes[0]
    try:
        for n in nodes[1:]:
            n.close()  # a goodbye to every peer
        waited = _chat_alone(last, 20.0)
        assert waited is not None, "the node waited for peers that had said goodbye"
        assert waited < 20.0 < LINGER_MAX_S
    finally:
        last.close()
    journal, contents, _ = JournalFile.open(tmp_path / "seat-0.journal")
    journal.close()
    assert len(contents.records) == len(last.core.record)  # the chat is journaled too


def test_a_peer_that_went_silent_without_a_goodbye_is_still_waited_for(
        tmp_path: Path) -> None:
    nodes = _play(tmp_path, "late-killed")
    last = nodes[0]
    try:
        for n in nodes[1:]:
            n.mesh.close(goodbye=False)  # as kill -9 leaves it: no word
            n.journal.close()
        assert _chat_alone(last, 2 * last.opts.linger_s + 1.0) is None
    finally:
        last.close()
