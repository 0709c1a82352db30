"""Micro-benchmark of protocol.crypto: one JSON line on stdout.

Measures the median cost of one variable-base scalar multiplication (the floor every
proof is built from), of a fixed-base one, of a point addition and of a point
validation; then shuffle-prove and shuffle-verify for an N-card deck (default 82), with
the operation counts each performs (group.op_counts()) and the ratio of measured time to
that floor:
    ratio          = time / ((mul + base_mul) * t_mul)       (every multiplication at t_mul)
    ratio_weighted = time / (mul * t_mul + base_mul * t_base) (the true floor)
It also times a batch of decryption shares for 8 cards and estimates one game's setup
for 5 seats: each seat shuffles the deck once and every shuffle is parsed and verified
once, and 40 cards are dealt (8 per seat, shares from the 4 other seats, proven and
verified once).

Usage: python bench/crypto_micro.py [--n 82] [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto import proofs as pf
from protocol.crypto.shuffle import ShuffleProof, shuffle, verify_shuffle


def per_op(fn: Callable[[], object], inner: int = 200, repeat: int = 15) -> float:
    """Median seconds per call of fn over `repeat` batches of `inner` calls."""
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - t0) / inner)
    return statistics.median(samples)


def timed(fn: Callable[[], object], runs: int) -> tuple[float, g.OpCounts]:
    """Median seconds of fn over `runs` calls, and the op counts of one call."""
    samples = []
    counts = g.op_counts()
    for _ in range(runs):
        g.reset_op_counts()
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
        counts = g.op_counts()
    return statistics.median(samples), counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=82)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    n, runs = args.n, args.runs

    k = g.random_scalar()
    p = g.hash_to_group(b"bench", b"p")
    q = g.hash_to_group(b"bench", b"q")
    per_op(lambda: g.mul(k, p), inner=500, repeat=5)  # warm-up: let the CPU clock settle
    t_mul = per_op(lambda: g.mul(k, p))
    t_base = per_op(lambda: g.base_mul(k))
    t_add = per_op(lambda: g.add(p, q))
    t_check = per_op(lambda: g.decode_point(p))

    xs = [g.random_scalar() for _ in range(5)]
    pubs = [g.base_mul(x) for x in xs]
    y = eg.joint_key(pubs)
    deck = eg.open_deck(y, range(n))
    ctx = b"game=bench|round=0|author=0"
    shuffle(y, deck, ctx)  # warm the generator cache

    result: dict[str, tuple[list[eg.Ciphertext], ShuffleProof]] = {}

    def prove() -> None:
        result["last"] = shuffle(y, deck, ctx)

    t_prove, c_prove = timed(prove, runs)
    out, proof = result["last"]
    wire_cts = eg.encode_ciphertexts(out)
    wire_proof = proof.to_bytes()
    t_verify, c_verify = timed(lambda: verify_shuffle(y, deck, out, proof, ctx), runs)

    def parse() -> None:
        eg.decode_ciphertexts(wire_cts, count=n)
        ShuffleProof.from_bytes(wire_proof, size=n)

    t_parse, c_parse = timed(parse, runs)

    hand = out[:8]

    def shares_round() -> None:
        shares, sproof = pf.prove_decryption_shares(xs[0], hand, ctx)
        pf.verify_decryption_shares(pubs[0], hand, shares, sproof, ctx)

    t_shares8, c_shares8 = timed(shares_round, runs)

    def ratio(t: float, c: g.OpCounts) -> float:
        return round(t / ((c.mul + c.base_mul) * t_mul), 3)

    def ratio_weighted(t: float, c: g.OpCounts) -> float:
        return round(t / (c.mul * t_mul + c.base_mul * t_base), 3)

    # 5 seats: 5 shuffles, each proven once, parsed and verified once; 40 cards dealt in
    # 5 hands of 8, each hand opened by 4 proven batches of shares plus the drawer's own.
    game = 5 * (t_prove + t_parse + t_verify) + 5 * 4 * t_shares8 + 40 * t_mul

    line = {
        "bench": "crypto_micro",
        "n": n,
        "scalarmult_us": round(t_mul * 1e6, 2),
        "base_mult_us": round(t_base * 1e6, 2),
        "point_add_us": round(t_add * 1e6, 2),
        "point_check_us": round(t_check * 1e6, 2),
        "shuffle_prove_ms": round(t_prove * 1e3, 2),
        "shuffle_prove_ops": c_prove._asdict(),
        "shuffle_prove_ratio": ratio(t_prove, c_prove),
        "shuffle_prove_ratio_weighted": ratio_weighted(t_prove, c_prove),
        "shuffle_verify_ms": round(t_verify * 1e3, 2),
        "shuffle_verify_ops": c_verify._asdict(),
        "shuffle_verify_ratio": ratio(t_verify, c_verify),
        "shuffle_verify_ratio_weighted": ratio_weighted(t_verify, c_verify),
        "shuffle_parse_ms": round(t_parse * 1e3, 2),
        "shuffle_parse_ops": c_parse._asdict(),
        "shares8_prove_verify_ms": round(t_shares8 * 1e3, 2),
        "shares8_ops": c_shares8._asdict(),
        "game_estimate_5_seats_ms": round(game * 1e3, 1),
    }
    print(json.dumps(line, separators=(",", ":")))


if __name__ == "__main__":
    main()
