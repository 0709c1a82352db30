"""Benchmark of the network floor: one JSON line on stdout.

zmq_rtt_p50_ms is a bare DEALER -> ROUTER -> DEALER round trip on loopback between
this process and an echo process (the same script with --echo), with a 256-byte
payload: the median of `rounds` strictly sequential round trips after `warmup` more.
It is measured with CurveZMQ on (as the mesh runs) and off (reported as *_plain),
each against its own echo process. No ZAP handler: admission costs nothing per message.

The game level (without --rtt-only): five node processes with bots play a networked
game on loopback (`cosmic node`, as `cosmic demo` starts them), each logging when it
takes each action envelope (CLOCK_MONOTONIC is shared by the processes). An action's
latency runs from its author taking it (sealed and journaled: its signing moment) to the
last of the five nodes taking it. Reported: action_p50_ms / action_p99_ms, the medians
of its two parts at each receiving node (transit_p50_ms: author's take to arrival;
take_p50_ms: arrival to take, i.e. checks, fsync and engine), ratio =
action_p50_ms / zmq_rtt_p50_ms (goal <= 10), first_encounter_s (start of the five
processes to the first encounter) and each node's peak memory (peak_rss_mb).

Usage: python bench/network.py [--json] [--rtt-only] [--turns 6] [--rounds 2000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from pathlib import Path

# Run as a script from anywhere: the project root first (bench/engine.py would shadow
# the engine package otherwise).
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import zmq  # noqa: E402

from node.curve import CurveKeys  # noqa: E402

PAYLOAD = 256  # about an action envelope


def _echo(curve: bool) -> None:
    """Echo process: bind a ROUTER on a free loopback port, print its endpoint and
    Curve public key (hex, or "-"), echo every message until stdin closes."""
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.linger = 0
    keys = CurveKeys.generate() if curve else None
    if keys is not None:
        router.curve_server = True
        router.curve_secretkey = keys.secret
        router.curve_publickey = keys.public
    port = router.bind_to_random_port("tcp://127.0.0.1")
    print(f"tcp://127.0.0.1:{port} {keys.public.hex() if keys else '-'}", flush=True)
    poller = zmq.Poller()
    poller.register(router, zmq.POLLIN)
    poller.register(sys.stdin, zmq.POLLIN)
    while True:
        ready = dict(poller.poll())
        if router in ready:
            router.send_multipart(router.recv_multipart())
        if sys.stdin in ready:
            if not sys.stdin.readline():
                break
    ctx.destroy(linger=0)


def rtt_samples_ms(curve: bool = True, rounds: int = 2000, warmup: int = 200) -> list[float]:
    """Round-trip times in ms of `rounds` sequential DEALER/ROUTER echoes (after warmup)."""
    proc = subprocess.Popen(
        [sys.executable, __file__, "--echo", "curve" if curve else "plain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    ctx = zmq.Context()
    try:
        assert proc.stdout is not None
        endpoint, server_key = proc.stdout.readline().split()
        dealer = ctx.socket(zmq.DEALER)
        dealer.linger = 0
        if curve:
            mine = CurveKeys.generate()
            dealer.curve_secretkey = mine.secret
            dealer.curve_publickey = mine.public
            dealer.curve_serverkey = bytes.fromhex(server_key)
        dealer.connect(endpoint)
        payload = bytes(PAYLOAD)
        samples: list[float] = []
        for i in range(warmup + rounds):
            t0 = time.perf_counter()
            dealer.send(payload)
            dealer.recv()
            if i >= warmup:
                samples.append((time.perf_counter() - t0) * 1000)
        return samples
    finally:
        ctx.destroy(linger=0)
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _p(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def zmq_rtt_p50_ms(curve: bool = True, rounds: int = 2000, warmup: int = 200) -> float:
    """Median loopback DEALER/ROUTER round trip in ms (Curve on unless curve=False)."""
    return statistics.median(rtt_samples_ms(curve, rounds, warmup))


def rtt_report(rounds: int = 2000, warmup: int = 200) -> dict[str, float | int]:
    """The floor with Curve on and off, rounded to microseconds."""
    on = rtt_samples_ms(True, rounds, warmup)
    off = rtt_samples_ms(False, rounds, warmup)
    return {
        "zmq_rtt_p50_ms": round(statistics.median(on), 3),
        "zmq_rtt_p99_ms": round(_p(on, 0.99), 3),
        "zmq_rtt_p50_ms_plain": round(statistics.median(off), 3),
        "zmq_rtt_p99_ms_plain": round(_p(off, 0.99), 3),
        "rtt_rounds": rounds,
        "rtt_payload_bytes": PAYLOAD,
    }


def game_report(seats: int = 5, turns: int = 6) -> dict[str, object]:
    """Latency of actions through five real node processes (see the module comment)."""
    import tempfile
    from pathlib import Path

    from cli.cmd_demo import LOOPBACK_BROADCAST, free_udp_port, prepare

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        gpath, keys = prepare(seats, "bench-network", d, turns)
        port = free_udp_port()
        t0 = time.monotonic()
        procs = [subprocess.Popen(
            [sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath), "--key",
             str(keys[s]), "--seat", str(s), "--journal", str(d / f"seat-{s}.journal"),
             "--bot-seed", "bench", "--discovery-port", str(port), "--discovery-target",
             LOOPBACK_BROADCAST, "--timing", str(d / f"t{s}.txt")]
            + (["--progress"] if s == 0 else []),
            stdout=subprocess.PIPE if s == 0 else subprocess.DEVNULL, text=True, cwd=ROOT)
            for s in range(seats)]
        first = None
        assert procs[0].stdout is not None
        for line in procs[0].stdout:
            if first is None and '"encounters": 1' in line:
                first = time.monotonic() - t0
        for p in procs:
            p.wait(timeout=300)
        taken: dict[tuple[int, int], list[tuple[float, float]]] = {}
        rss = []
        for s in range(seats):
            for line in (d / f"t{s}.txt").read_text().splitlines():
                parts = line.split()
                if parts[0] == "maxrss_kb":
                    rss.append(round(int(parts[1]) / 1024, 1))
                else:
                    taken.setdefault((int(parts[0]), int(parts[1])), []).append(
                        (float(parts[2]), float(parts[3])))
    whole = [sorted(ts) for ts in taken.values() if len(ts) == seats]
    lat = sorted((ts[-1][0] - ts[0][0]) * 1000 for ts in whole)
    # Where the time goes, per receiving node: from the author's take to the envelope's
    # arrival there (sockets and scheduling), and from arrival to its take (checks,
    # fsync, engine).
    transit = sorted((came - ts[0][0]) * 1000 for ts in whole for _, came in ts[1:] if came)
    work = sorted((t - came) * 1000 for ts in whole for t, came in ts[1:] if came)
    return {
        "seats": seats, "actions": len(lat),
        "action_p50_ms": round(statistics.median(lat), 3) if lat else None,
        "action_p99_ms": round(_p(lat, 0.99), 3) if lat else None,
        "transit_p50_ms": round(statistics.median(transit), 3) if transit else None,
        "take_p50_ms": round(statistics.median(work), 3) if work else None,
        "first_encounter_s": round(first, 2) if first is not None else None,
        "peak_rss_mb": rss,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--json", action="store_true", help="one JSON line (the default output)")
    ap.add_argument("--rtt-only", action="store_true", help="only the bare zmq round trip")
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--turns", type=int, default=6, help="turns of the measured game")
    ap.add_argument("--echo", choices=("curve", "plain"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.echo:
        _echo(args.echo == "curve")
        return
    report: dict[str, object] = dict(rtt_report(args.rounds, args.warmup))
    if not args.rtt_only:
        report.update(game_report(5, args.turns))
        p50 = report.get("action_p50_ms")
        if isinstance(p50, float):
            report["ratio"] = round(p50 / float(report["zmq_rtt_p50_ms"]), 2)
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
