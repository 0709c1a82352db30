"""A seat's node killed at the very end, and started again on its journal.

A node that is done stays until every peer still there holds what it holds (or
linger_max_s, a minute, passes: node/runner.py). A node killed in that last moment, after
its journal held the whole game but before its peers heard so, left them waiting the
whole minute; started again, `cosmic node` saw the game over and left at once, silent.
Now it tells the peers still there that it holds the whole game, then leaves.

Here: a one-turn game of three real nodes on loopback (in this process) plays to its end
and every node leaves. Seats 0 and 1 start again on their journals, as peers that never
heard seat 2's last word; then seat 2 starts again as the real `cosmic node` process."""

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
LINGER_MAX_S = 60.0  # the default: how long peers would wait in vain


def _runner(genesis: Genesis, seat: int, key: Path, tmp: Path, peers: list[str]
            ) -> NodeRunner:
    return NodeRunner(genesis, seat, read_key_file(key), tmp / f"seat-{seat}.journal",
                      NodeOptions(peers=peers, linger_s=0.3, linger_max_s=LINGER_MAX_S),
                      RandomBot(bytes([seat]) * 8).choose)


def test_a_node_back_after_the_end_lets_its_lingering_peers_go(tmp_path: Path) -> None:
    gpath, keys = prepare(3, "back-after-end", tmp_path, max_turns=1)
    genesis = Genesis.decode(gpath.read_bytes())
    nodes: list[NodeRunner] = []
    for seat in range(3):
        nodes.append(_runner(genesis, seat, keys[seat], tmp_path,
                             [n.mesh.hello_endpoint or "" for n in nodes]))
    deadline = time.monotonic() + 120
    while not all(n.finished() for n in nodes):
        assert time.monotonic() < deadline, "the game did not end in two minutes"
        for n in nodes:
            n.tick(5)
    for n in nodes:
        n.close()

    # The two peers, back on their journals: done, waiting to hear from seat 2.
    first = _runner(genesis, 0, keys[0], tmp_path, [])
    second = _runner(genesis, 1, keys[1], tmp_path, [first.mesh.hello_endpoint or ""])
    peers = [first, second]
    try:
        assert all(p.resumed and p.core.done for p in peers)
        t0 = time.monotonic()
        while time.monotonic() - t0 < 2 * first.opts.linger_s:
            for p in peers:
                p.tick(10)
        assert not any(p.finished() for p in peers), "they did not wait for seat 2"

        back = subprocess.Popen(
            [sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath),
             "--key", str(keys[2]), "--seat", "2",
             "--journal", str(tmp_path / "seat-2.journal"),
             "--peer", first.mesh.hello_endpoint or "",
             "--peer", second.mesh.hello_endpoint or ""],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            t0 = time.monotonic()
            while not all(p.finished() for p in peers) and time.monotonic() - t0 < 30:
                for p in peers:
                    p.tick(10)
            waited = time.monotonic() - t0
            out, err = back.communicate(timeout=30)
        finally:
            if back.poll() is None:
                back.kill()
                back.wait()
        assert back.returncode == 0, err
        assert "This game is over" in out
        assert all(p.finished() for p in peers), (
            f"the peers still wait for seat 2 after {waited:.1f} s")
        assert waited < 30 < LINGER_MAX_S
    finally:
        for p in peers:
            p.close()
