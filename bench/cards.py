"""Benchmark of the card protocol's setup, private draw and public reveal: one JSON line.

For each number of seats (3, 5, 8 and 10 by default) and the deck that table plays with
plus ten flares (72 + 10 = 82 cards up to eight seats; at nine and ten seats two cosmic
decks, 144 + 10 = 154: docs/rules.md, Big tables), it runs the real protocol with every seat in this process
(CardTable: envelopes signed, chained and checked) and times the critical path:

  keys     every seat's key commitment and key share with its Schnorr proof;
  shuffle  each seat in turn shuffles and re-masks the deck with its proof;
  deal     eight cards to every seat: every other seat's shares with their proof.

For each message on that path it counts the author's work (make, prove, seal) and the
work of ONE receiving seat (open the envelope, decode and validate every point, verify
the proof; for the deal, the holder, which also adds its own share and reads its cards).
Every other seat receives the message too, off the clock, as each must to go on. So
setup_s is the work of the whole setup done once on one core, as if each message were
checked by the one node that must check it before the protocol can go on.

floor_s = (scalar multiplications on that path, variable- and fixed-base) x (median time
of one variable-base multiplication), measured in the same run (before, between and
after the setups), and ratio = setup_s / floor_s, as bench/crypto_micro.py counts them.
floor_weighted_s prices each fixed-base multiplication at its own (about 5x lower)
median cost instead: the true floor, with ratio_weighted. The setup runs --setups times
and the median one is reported (the others in setup_trials_s).

Times are this process's CPU time (time.process_time), so that other processes on the
machine do not inflate them; the work is single-threaded, so on an idle machine it is
the wall time too.

draw_ms is the median of private draws of one card (every other seat's share and proof,
verified by the drawer, who adds its own); reveal_ms the median public reveal of one held
card (its holder's last share and proof, verified by one seat).

Growth: slope_s_per_seat is the least-squares slope of setup_s over the seats measured
(with the deck each table plays with), floor_slope_s_per_seat the same for
floor_weighted_s, and slope_ratio their quotient; linear_fit_r2 says how straight the
line is. per_seat_s = setup_s / seats in each row.

Usage: python bench/cards.py [--json] [--seats 3 5 8 10] [--cards N] [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cosmic.cards import cosmic_deck  # noqa: E402
from protocol.cards import CardSeat  # noqa: E402
from protocol.cards_inprocess import CardTable  # noqa: E402
from protocol.crypto import group as g  # noqa: E402
from protocol.crypto.group import GENERATOR  # noqa: E402


class Clock:
    """Sums wall time and group operations over the timed sections only."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.mul = 0
        self.base = 0
        self.check = 0

    def run(self, fn: Callable[[], object]) -> object:
        before = g.op_counts()
        t0 = time.process_time()
        out = fn()
        self.seconds += time.process_time() - t0
        after = g.op_counts()
        self.mul += after.mul - before.mul
        self.base += after.base_mul - before.base_mul
        self.check += after.check - before.check
        return out


def per_op(fn: Callable[[], object], inner: int = 200, repeat: int = 15) -> float:
    """Median seconds per call of fn over `repeat` batches of `inner` calls."""
    samples = []
    for _ in range(repeat):
        t0 = time.process_time()
        for _ in range(inner):
            fn()
        samples.append((time.process_time() - t0) / inner)
    return statistics.median(samples)


def seats_of(table: CardTable) -> list[CardSeat]:
    return [m for m in table.members if isinstance(m, CardSeat)]


def pump(table: CardTable, clock: Clock, verifier: Callable[[int], int]) -> None:
    """Pass every due message; time the author's work and one verifier's."""
    seats = seats_of(table)
    while (author := table.next_author()) is not None:
        raw = clock.run(lambda: table.seal(author, *seats[author].produce()))
        assert isinstance(raw, bytes)
        table.journal.append(raw)
        v = verifier(author)
        for s in range(table.n):
            if s == v:
                clock.run(lambda: table.deliver(s, raw))
            else:
                table.deliver(s, raw)


def setup(n: int, cards: int) -> tuple[CardTable, Clock, int]:
    """Keys, the shuffle rounds and the deal of eight cards to each seat, timed."""
    table = CardTable.create(n, range(cards))
    seats = seats_of(table)
    clock = Clock()
    nxt = lambda a: (a + 1) % n  # noqa: E731  (the next seat must check before it goes on)
    for s in seats:
        s.begin_keys()
    pump(table, clock, nxt)
    handles = list(range(cards))
    for s in seats:
        s.begin_shuffle(handles, handles)
    pump(table, clock, nxt)
    top = cards
    for r in range(n):
        hand = handles[top - 8 : top]
        top -= 8
        for s in seats:
            s.begin_deliver(r, hand)
        pump(table, clock, lambda a, r=r: r)
    assert all(len(s.known) == 8 for s in seats)
    return table, clock, top


def mul_costs(samples: list[float], base_samples: list[float]) -> None:
    """Add samples of one scalar multiplication's cost (variable and fixed base)."""
    k = g.random_scalar()
    p = g.hash_to_group(b"bench", b"p")
    samples.extend(per_op(lambda: g.mul(k, p), repeat=1) for _ in range(9))
    base_samples.extend(per_op(lambda: g.base_mul(k), repeat=1) for _ in range(9))


def bench(n: int, cards: int, runs: int, setups: int) -> dict[str, object]:
    t_muls: list[float] = []
    t_bases: list[float] = []
    k = g.random_scalar()
    per_op(lambda: g.mul(k, GENERATOR), inner=300, repeat=5)  # warm-up: let the clock settle
    mul_costs(t_muls, t_bases)
    trials = []
    for _ in range(setups):
        trials.append(setup(n, cards))
        mul_costs(t_muls, t_bases)
    trials.sort(key=lambda t: t[1].seconds)
    table, clock, top = trials[len(trials) // 2]  # the median setup
    seats = seats_of(table)
    handles = list(range(cards))
    nxt = lambda a: (a + 1) % n  # noqa: E731

    draws = []
    for i in range(runs):
        if top == 0:
            break
        top -= 1
        c = Clock()
        for s in seats:
            s.begin_deliver(i % n, [handles[top]])
        pump(table, c, lambda a, r=i % n: r)
        draws.append(c.seconds)

    reveals = []
    for i in range(runs):
        author = i % n
        h, face = sorted(seats[author].known.items())[i // n]
        c = Clock()
        for s in seats:
            if s.seat == author:
                s.begin_open(author, [(h, face)])
            else:
                s.begin_open(author)
        pump(table, c, nxt)
        reveals.append(c.seconds)
        assert all(s.opened[h] == face for s in seats)

    mul_costs(t_muls, t_bases)
    t_mul, t_base = statistics.median(t_muls), statistics.median(t_bases)
    flat = (clock.mul + clock.base) * t_mul
    weighted = clock.mul * t_mul + clock.base * t_base
    return {
        "seats": n,
        "cards": cards,
        "setup_s": round(clock.seconds, 4),
        "per_seat_s": round(clock.seconds / n, 4),
        "floor_s": round(flat, 4),
        "ratio": round(clock.seconds / flat, 3),
        "floor_weighted_s": round(weighted, 4),
        "ratio_weighted": round(clock.seconds / weighted, 3),
        "setup_trials_s": [round(t[1].seconds, 4) for t in trials],
        "ops": {"mul": clock.mul, "base_mul": clock.base, "check": clock.check},
        "scalarmult_us": round(t_mul * 1e6, 2),
        "base_mult_us": round(t_base * 1e6, 2),
        "draw_ms": round(statistics.median(draws) * 1e3, 3),
        "reveal_ms": round(statistics.median(reveals) * 1e3, 3),
        "messages": len(table.journal),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="one JSON line (the default)")
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 5, 8, 10])
    parser.add_argument("--cards", type=int, default=None,
                        help="deck size for every table (default: each table's own deck "
                             "plus ten flares)")
    parser.add_argument("--runs", type=int, default=7, help="draws and reveals timed")
    parser.add_argument("--setups", type=int, default=3, help="setups run (the median is kept)")
    args = parser.parse_args()
    rows = [bench(n, args.cards or len(cosmic_deck(n)) + 10, args.runs, args.setups)
            for n in args.seats]
    out: dict[str, object] = {"bench": "cards", "results": rows}
    if len(rows) >= 2:
        xs = [float(r["seats"]) for r in rows]  # type: ignore[arg-type]
        ys = [float(r["setup_s"]) for r in rows]  # type: ignore[arg-type]
        fs = [float(r["floor_weighted_s"]) for r in rows]  # type: ignore[arg-type]
        slope, r2 = fit(xs, ys)
        floor_slope, _ = fit(xs, fs)
        out.update({
            "slope_s_per_seat": round(slope, 4),
            "floor_slope_s_per_seat": round(floor_slope, 4),
            "slope_ratio": round(slope / floor_slope, 3),
            "linear_fit_r2": round(r2, 4),
        })
    print(json.dumps(out, separators=(",", ":")))


def fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least-squares slope of ys over xs, and the fit's R^2."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    slope = sxy / sxx
    ss_res = sum((y - my - slope * (x - mx)) ** 2 for x, y in zip(xs, ys))
    ss_tot = sum((y - my) ** 2 for y in ys)
    return slope, 1 - ss_res / ss_tot if ss_tot else 1.0


if __name__ == "__main__":
    main()
