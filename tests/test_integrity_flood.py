"""Misbehaving peers against real node processes on loopback: a seat that floods its peers
with envelopes far ahead of its chain and with forged ones in the others' names, and a
seat whose signed beacon names another seat's Curve key. The honest nodes keep bounded
memory, finish the game, and never name an honest seat."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from cli.cmd_demo import free_udp_port, prepare
from node.verify import verify_journal
from protocol.journal import parse_journal

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.255.255.255"
HONEST = (0, 2)
EVIL = 1
# What the flood may add to an honest node's peak memory. The flood is 3,000 envelopes
# of 64 KiB signed by the flooder far ahead of its chain and 500 forged in the others'
# names (~220 MB to each peer); a node that kept them grew by ~490 MB. What is kept now
# is one window of WINDOW_BYTES (2 MiB); the rest is in flight: the mesh's queue holds
# up to 1,000 messages and hands the node up to 1,000 at a time (2 x 64 MB here).
GROWTH_MB = 200


def _rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


class _Proc:
    """A node process; threads read its progress lines and sample its resident memory."""

    def __init__(self, cmd: list[str]) -> None:
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: list[dict[str, Any]] = []
        self.text: list[str] = []
        self.err: list[str] = []
        self.rss: list[tuple[int, int]] = []  # (records reported by then, RSS in kB)
        for target in (self._out, self._errs, self._sample):
            threading.Thread(target=target, daemon=True).start()

    def _out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.text.append(line)
            if line.startswith("{"):
                self.lines.append(json.loads(line))

    def _errs(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.err.append(line)

    def records(self) -> int:
        return max((o["records"] for o in self.lines if "records" in o), default=0)

    def _sample(self) -> None:
        while self.proc.poll() is None:
            kb = _rss_kb(self.proc.pid)
            if kb is not None:
                self.rss.append((self.records(), kb))
            time.sleep(0.02)

    def wait(self, timeout: float) -> None:
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"did not finish: {self.lines[-3:]} {''.join(self.err)[-1500:]}")
        time.sleep(0.2)  # the reader threads drain what is left


def _node(tmp: Path, gpath: Path, keys: list[Path], seat: int, port: int) -> _Proc:
    return _Proc([sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath), "--key",
                  str(keys[seat]), "--seat", str(seat), "--journal",
                  str(tmp / f"seat-{seat}.journal"), "--bot", "heuristic", "--bot-seed",
                  "test", "--progress", "--discovery-port", str(port),
                  "--discovery-target", LOOPBACK])


def _evil(tmp: Path, gpath: Path, keys: list[Path], port: int, mode: str) -> _Proc:
    return _Proc([sys.executable, str(ROOT / "tests/helpers/evil_node.py"), str(gpath),
                  str(keys[EVIL]), str(EVIL), str(tmp / f"seat-{EVIL}.journal"), str(port),
                  mode])


def _play(tmp: Path, mode: str, turns: int) -> dict[int, _Proc]:
    gpath, keys = prepare(3, f"integrity-{mode}", tmp, turns)
    port = free_udp_port()
    procs = {0: _node(tmp, gpath, keys, 0, port), EVIL: _evil(tmp, gpath, keys, port, mode),
             2: _node(tmp, gpath, keys, 2, port)}
    try:
        for seat in (0, 2, EVIL):
            procs[seat].wait(150)
    finally:
        for p in procs.values():
            if p.proc.poll() is None:
                p.proc.kill()
    return procs


def _game_completed(tmp: Path, procs: dict[int, _Proc]) -> None:
    """Every node ends with 0 and an audited game; every journal verifies, all the same."""
    for seat, p in procs.items():
        assert p.proc.returncode == 0, (seat, p.proc.returncode, "".join(p.err)[-2000:])
        assert p.lines and p.lines[-1].get("audited"), (seat, p.lines[-2:])
    records = []
    for seat in procs:
        result = verify_journal(tmp / f"seat-{seat}.journal")
        assert result.error is None and result.verdict is not None, (seat, result.error)
        records.append(parse_journal((tmp / f"seat-{seat}.journal").read_bytes()).records)
    assert all(r == records[0] for r in records)


def test_a_flooding_seat_fills_only_its_own_window(tmp_path: Path) -> None:
    procs = _play(tmp_path, "flood", 3)
    evil = "".join(procs[EVIL].text)
    assert "EVIL flooded" in evil, "the flood was never sent: the test proves nothing"
    _game_completed(tmp_path, procs)
    for seat in HONEST:
        p = procs[seat]
        blames = [o for o in p.lines if "blame" in o]
        assert not [b for b in blames if b["blame"] in HONEST], (seat, blames)
        # The forged envelopes prove nothing about anyone: refused, named on nobody.
        assert any(b["blame"] is None and b["check"] == "signature" for b in blames), blames
        before = [kb for records, kb in p.rss if records < 35]  # the flood starts at 40
        assert before and p.rss, "no memory samples"
        growth = (max(kb for _, kb in p.rss) - max(before)) / 1024
        assert growth < GROWTH_MB, f"seat {seat}: resident memory grew {growth:.0f} MB"


def test_a_beacon_naming_another_seats_curve_key_crashes_nobody(tmp_path: Path) -> None:
    procs = _play(tmp_path, "curve", 1)
    assert "EVIL claimed another Curve key" in "".join(procs[EVIL].text)
    _game_completed(tmp_path, procs)
    warned = [o for p in procs.values() for o in p.lines if "warning" in o]
    assert any("seat 1's signed card was refused" in w["warning"] for w in warned), warned
