"""A bot that thinks longer than its peers' grace is still there while it thinks.

Peers mark a node away when they have heard nothing from it for away_after heartbeats
(5 s), and a person's screen says so; patience counts such a seat as absent. A node's
heartbeats go out from its own loop, and that loop once waited for its bot's answer: a
search bot given a budget over 5 s was shown away at every decision it thought about.
Now the bot is asked, not waited for (node/thinker.py), and its node goes on beating.

Here: a three-seat game on loopback; seat 1 is the real `cosmic node` process with a
search bot thinking 6 s a decision; seats 0 and 2 are nodes in this process with random
bots. Seat 0 watches until seat 1 has thought over one decision for more than the grace."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from bots import RandomBot
from cli.cmd_demo import prepare
from node.journal_file import read_key_file
from node.runner import NodeOptions, NodeRunner
from protocol.genesis import Genesis

ROOT = Path(__file__).resolve().parent.parent
THINK_S = 6.0  # the search bot's budget: over the 5 s grace (heartbeat 1 s, away after 5)


def test_a_bot_thinking_past_the_grace_is_not_shown_away(tmp_path: Path) -> None:
    gpath, keys = prepare(3, "slow-bot", tmp_path, max_turns=1)
    genesis = Genesis.decode(gpath.read_bytes())
    nodes: list[NodeRunner] = []
    for seat in (0, 2):
        nodes.append(NodeRunner(
            genesis, seat, read_key_file(keys[seat]), tmp_path / f"seat-{seat}.journal",
            NodeOptions(peers=[n.mesh.hello_endpoint or "" for n in nodes]),
            RandomBot(bytes([seat]) * 8).choose))
    watcher, other = nodes
    slow = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath), "--key",
         str(keys[1]), "--seat", "1", "--journal", str(tmp_path / "seat-1.journal"),
         "--bot", "search", "--bot-budget", str(THINK_S),
         "--peer", watcher.mesh.hello_endpoint or "", "--peer", other.mesh.hello_endpoint or ""],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    key = genesis.seats[1].key
    try:
        deadline = time.monotonic() + 90
        since: float | None = None  # when seat 1's current decision was first awaited
        longest = 0.0
        while longest < THINK_S - 0.5:
            assert time.monotonic() < deadline, "seat 1 never thought over a decision"
            assert slow.poll() is None, slow.communicate()[1][-2000:]
            for n in nodes:
                n.tick(10)
            assert key not in watcher.away, (
                f"seat 1 was shown away after {time.monotonic() - (since or 0):.1f} s "
                "of thinking")
            if 1 in watcher.core.pending().seats:
                since = since if since is not None else time.monotonic()
                longest = max(longest, time.monotonic() - since)
            else:
                since = None
    finally:
        slow.kill()
        slow.wait()
        for n in nodes:
            n.close()
