"""The LAN lobby between real processes: a host announces, two players join, every node
builds the same genesis from the signed cards, and they play it to the end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli.cmd_demo import free_udp_port
from node.verify import verify_journal

ROOT = Path(__file__).resolve().parent.parent


def test_host_and_join_agree_and_play(tmp_path: Path) -> None:
    port = free_udp_port()
    common = ["--port", str(port), "--target", "127.255.255.255", "--bot", "--plain",
              "--timeout", "60"]
    procs = []
    for i, cmd in enumerate([["host", "--players", "3", "--max-turns", "2", "--name", "ann"],
                             ["join", "--name", "bob"], ["join", "--name", "cy"]]):
        home = tmp_path / f"home{i}"
        env = dict(os.environ, COSMIC_HOME=str(home))
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "cli.main", *cmd, *common, "--dir", str(home / "game")],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        if i == 0:
            import time
            time.sleep(1.0)  # the host announces before the others look
    outs = [p.communicate(timeout=180) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, out[-1500:] + err[-1500:]
    journals = [next((tmp_path / f"home{i}" / "game").glob("seat-*.journal"))
                for i in range(3)]
    assert len({j.read_bytes() for j in journals}) == 1
    result = verify_journal(journals[0])
    assert result.error is None, result.error
    assert [s.name for s in result.genesis.seats][0] == "ann"
