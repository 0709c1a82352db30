"""A stranger on the hello socket (open to anyone: its endpoint is in the public beacon)
cannot make a node hold memory: real `cosmic node` processes on loopback, one of them
attacked by another process with a never-ending ZMTP multipart message of many frames,
raw floods and connections that never finish their hello. The attacked node's memory
stays that of its unattacked peers, and the game is played to its end.

Run as a script, this file is the attacker:

    python tests/test_integrity_hello.py tcp://HOST:PORT MEGABYTES

It prints one JSON line of what it did, then holds its idle connections open until its
stdin closes.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

from _ports import free_port

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MIB = 1 << 20
# What the attack would make an unbounded node hold; the attacked node's peak must stay
# within HEADROOM of its peers' (the attack is more than four times that).
ATTACK_MIB = 256
HEADROOM_MIB = 48


# --------------------------------------------------------------------------- the attacker


def _multipart(endpoint: str, total: int, seconds: float) -> int:
    """A ZMTP DEALER that sends frames of 4000 bytes with MORE set and never the last
    one: bytes zmq took from us (an unbounded receiver ends up holding them all)."""
    import zmq

    ctx = zmq.Context()
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.connect(endpoint)
    frame = b"m" * 4000
    queued = 0
    end = time.monotonic() + seconds
    while queued < total and time.monotonic() < end:
        try:
            sock.send(frame, zmq.SNDMORE | zmq.NOBLOCK)
            queued += len(frame)
        except zmq.Again:
            time.sleep(0.001)
    time.sleep(0.5)  # let zmq push what it holds
    sock.close(linger=0)
    ctx.term()
    return queued


def _hello_head(card_len: int) -> bytes:
    """A well-formed hello header (magic, kind HELLO, a 32-byte sender, the card length)."""
    return b"CSM\x01\x04\x20" + b"s" * 32 + card_len.to_bytes(2, "big")


def _raw_floods(host: str, port: int, total: int, seconds: float) -> tuple[int, int, int]:
    """Raw TCP connections that start a hello and then send bytes without end, one after
    another: (bytes the kernel took, connections the node closed, connections we gave up
    on because the node neither read nor closed them)."""
    sent = closed = stuck = 0
    end = time.monotonic() + seconds
    while sent < total and time.monotonic() < end:
        with socket.create_connection((host, port), timeout=5) as c:
            c.settimeout(2)
            try:
                c.sendall(_hello_head(4096))
                while sent < total:
                    sent += c.send(b"y" * 65536)
                continue
            except socket.timeout:
                stuck += 1
            except OSError:  # reset or broken pipe: the node closed it
                closed += 1
    return sent, closed, stuck


def attack(endpoint: str, mib: int) -> int:
    host, port = endpoint.removeprefix("tcp://").rsplit(":", 1)
    queued = _multipart(endpoint, mib * MIB, 6.0)
    sent, closed, stuck = _raw_floods(host, int(port), mib * MIB, 4.0)
    # Connections that begin a hello and never finish it, held open.
    idle = []
    for _ in range(100):
        c = socket.create_connection((host, int(port)), timeout=5)
        c.sendall(_hello_head(4096)[:20])
        idle.append(c)
    print(json.dumps({"multipart": queued, "raw": sent, "closed": closed, "stuck": stuck,
                      "idle": len(idle)}), flush=True)
    sys.stdin.read()  # hold them until told to go
    for c in idle:
        c.close()
    return 0


# ------------------------------------------------------------------------------ the test


def _memory(pid: int) -> tuple[int, int] | None:
    """(VmRSS, VmHWM) of a running process in KiB, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    got = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            got[key] = int(value.split()[0])
    if len(got) != 2:
        return None  # a zombie has no memory lines
    return got["VmRSS"], got["VmHWM"]


class _Watch:
    """The peak resident memory (KiB) seen for each of some processes."""

    def __init__(self) -> None:
        self.peak: dict[int, int] = {}

    def sample(self, procs: list[subprocess.Popen[str]]) -> None:
        for p in procs:
            m = _memory(p.pid)
            if m is not None:
                self.peak[p.pid] = max(self.peak.get(p.pid, 0), m[0], m[1])

    def wait(self, procs: list[subprocess.Popen[str]], until: float) -> None:
        while any(p.poll() is None for p in procs):
            assert time.monotonic() < until, "the nodes did not finish in time"
            self.sample(procs)
            time.sleep(0.02)


def _listening(port: int, until: float) -> None:
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < until, "the node never opened its hello socket"
            time.sleep(0.05)


def test_a_stranger_on_the_hello_socket_cannot_grow_a_node(tmp_path: Path) -> None:
    from cli.cmd_demo import prepare
    from node.verify import verify_journal

    gpath, keys = prepare(3, "hello-flood", tmp_path, 2)
    ports = [free_port() for _ in range(3)]
    hello = [f"tcp://127.0.0.1:{p}" for p in ports]

    def node(seat: int) -> subprocess.Popen[str]:
        peers = [x for i, h in enumerate(hello) if i != seat for x in ("--peer", h)]
        out = (tmp_path / f"seat-{seat}.out").open("w")
        return subprocess.Popen(
            [sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath), "--key",
             str(keys[seat]), "--seat", str(seat), "--journal",
             str(tmp_path / f"seat-{seat}.journal"), "--bot", "heuristic", "--bot-seed", "t",
             "--progress", "--hello-bind", hello[seat], *peers],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True)

    deadline = time.monotonic() + 150
    watch = _Watch()
    procs = [node(0)]
    attacker: subprocess.Popen[str] | None = None
    try:
        _listening(ports[0], deadline)
        attacker = subprocess.Popen(
            [sys.executable, __file__, hello[0], str(ATTACK_MIB)], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert attacker.stdout is not None
        # Watch the node while the attack runs; the attacker reports when it is done
        # (its unfinished hellos are then held open while the game is played).
        while attacker.poll() is None:
            watch.sample(procs)
            assert procs[0].poll() is None, "the attacked node died"
            if _readable(attacker.stdout):
                break
            assert time.monotonic() < deadline
        report = json.loads(attacker.stdout.readline())
        procs += [node(1), node(2)]
        watch.wait(procs, deadline)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        if attacker is not None and attacker.poll() is None:
            attacker.kill()
        if attacker is not None:
            attacker.wait()

    outputs = [(tmp_path / f"seat-{s}.out").read_text() for s in range(3)]
    for seat, p in enumerate(procs):
        assert p.returncode == 0, f"seat {seat} exited {p.returncode}: {outputs[seat][-2000:]}"
    lines = [[json.loads(x) for x in out.splitlines() if x.startswith("{")] for out in outputs]
    assert all(ls[-1]["audited"] for ls in lines)
    blobs = [(tmp_path / f"seat-{seat}.journal").read_bytes() for seat in range(3)]
    assert len(set(blobs)) == 1
    result = verify_journal(blobs[0])  # the same bytes: one verification holds for all
    assert result.error is None and result.verdict is not None, result.error

    # The attack was real: the kernel took the raw floods, and the node closed every
    # flooding connection itself.
    assert report["raw"] >= ATTACK_MIB * MIB // 2, report
    assert report["closed"] >= 1 and report["stuck"] == 0, report
    peaks = [watch.peak[p.pid] // 1024 for p in procs]
    assert peaks[0] <= max(peaks[1:]) + HEADROOM_MIB, (peaks, report)


def _readable(stream: object) -> bool:
    import select

    return bool(select.select([stream], [], [], 0.02)[0])


if __name__ == "__main__":
    sys.exit(attack(sys.argv[1], int(sys.argv[2])))
