"""A seat that forks its chain (split view): one key, two node instances, each showing one
honest peer its own version of the seat's envelopes, released in step so that catch-up
by sequence numbers alone never notices (tests/helpers/fork_node.py). Real node
processes on loopback, real journals.

Every honest node must name the forking seat with the two signed envelopes as proof,
within a bounded time; no honest seat is ever blamed (not for a chat, not for a shuffle
proof made on another key registration); each honest node then leaves (the game cannot
go on) with its journal holding both versions, so that no honest journal of the forked
game verifies as a clean one."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from _ports import free_port
from cli.cmd_demo import prepare
from node.verify import verify_journal
from protocol.envelope import open_envelope
from protocol.game import GAME_KINDS
from protocol.journal import parse_journal

ROOT = Path(__file__).resolve().parent.parent
FORKER = 1
HONEST = (0, 2)
BOUND_S = 90.0  # the whole game up to the fork, its proof and the honest nodes leaving


def _endpoint() -> str:
    return f"tcp://127.0.0.1:{free_port()}"


@pytest.mark.parametrize("mode", ["chat", "keys"])
def test_a_forking_seat_is_proven_by_every_honest_node(tmp_path: Path, mode: str) -> None:
    gpath, keys = prepare(3, f"fork-{mode}", tmp_path, 3)
    hello = {seat: _endpoint() for seat in HONEST}
    fork_a, fork_b = _endpoint(), _endpoint()
    # Seat 0 meets only instance A of seat 1, seat 2 only instance B; 0 and 2 meet.
    meets = {0: [hello[2], fork_a], 2: [hello[0], fork_b]}
    procs: dict[int, subprocess.Popen[str]] = {}
    for seat in HONEST:
        peers = [x for p in meets[seat] for x in ("--peer", p)]
        procs[seat] = subprocess.Popen(
            [sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath), "--key",
             str(keys[seat]), "--seat", str(seat), "--journal",
             str(tmp_path / f"seat-{seat}.journal"), "--bot", "heuristic", "--bot-seed",
             "test", "--progress", "--hello-bind", hello[seat], *peers],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    forker = subprocess.Popen(
        [sys.executable, str(ROOT / "tests/helpers/fork_node.py"), str(gpath),
         str(keys[FORKER]), str(FORKER), str(tmp_path), mode, fork_a, hello[0], fork_b,
         hello[2]], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    outs: dict[int, tuple[str, str]] = {}
    late = []
    deadline = time.monotonic() + BOUND_S
    try:
        for seat in HONEST:
            try:
                outs[seat] = procs[seat].communicate(
                    timeout=max(1.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                late.append(seat)
                procs[seat].kill()
                outs[seat] = procs[seat].communicate()
    finally:
        for p in [*procs.values(), forker]:
            if p.poll() is None:
                p.kill()
            p.wait()
        fork_out = forker.stdout.read() if forker.stdout else ""
    seen = {seat: [json.loads(x) for x in outs[seat][0].splitlines() if x.startswith("{")
                   and "blame" in x] for seat in HONEST}
    assert not late, f"seats {late} did not prove the fork and leave within {BOUND_S:g} s; " \
        f"blames: {seen}"

    if mode == "chat":
        assert "FORK said" in fork_out, "the forker never forked: the test proves nothing"
    for seat in HONEST:
        out, err = outs[seat]
        lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
        blames = [x for x in lines if "blame" in x]
        # Named, with the proof: two signed envelopes of seat 1 with one seq.
        assert any(b["blame"] == FORKER and b["check"] == "equivocation" for b in blames), (
            seat, blames, err[-2000:])
        # No honest seat is ever blamed, for anything.
        assert not [b for b in blames if b["blame"] in HONEST], (seat, blames)
        assert procs[seat].returncode == 3, (seat, procs[seat].returncode, err[-2000:])
        assert "two different signed envelopes of seat 1" in err, err[-2000:]

        # The journal holds both versions, the second right after... and so never verifies
        # as a clean game: its verdict names the forker.
        journal = tmp_path / f"seat-{seat}.journal"
        contents = parse_journal(journal.read_bytes())
        envs = [open_envelope(r, contents.genesis, GAME_KINDS) for r in contents.records]
        by_seq: dict[int, set[bytes]] = {}
        for env in envs:
            if env.author == FORKER:
                by_seq.setdefault(env.seq, set()).add(env.signed)
        assert any(len(v) == 2 for v in by_seq.values()), f"seat {seat}: no proof in journal"
        result = verify_journal(journal)
        assert result.error is not None and result.error.check == "equivocation", result.error
        assert getattr(result.error, "author", None) == FORKER
