"""Benchmark of the network floor: one JSON line on stdout.

zmq_rtt_p50_ms is a bare DEALER -> ROUTER -> DEALER round trip on loopback between
this process and an echo process (the same script with --echo), with a 256-byte
payload: the median of `rounds` strictly sequential round trips after `warmup` more.
It is measured with CurveZMQ on (as the mesh runs) and off (reported as *_plain),
each against its own echo process. No ZAP handler: admission costs nothing per message.

The game-level measurement (action_p50_ms over 5 node processes, ratio) is added by
the node's full benchmark; --rtt-only prints the floor alone.

Usage: python bench/network.py [--json] [--rtt-only] [--rounds 2000] [--warmup 200]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

import zmq

from node.curve import CurveKeys

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


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--json", action="store_true", help="one JSON line (the default output)")
    ap.add_argument("--rtt-only", action="store_true", help="only the bare zmq round trip")
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--echo", choices=("curve", "plain"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.echo:
        _echo(args.echo == "curve")
        return
    report = rtt_report(args.rounds, args.warmup)
    # Without --rtt-only the game-level figures join here once the node can play.
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
