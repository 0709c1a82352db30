"""Worlds bots: the heuristic bot that judges race powers by lookahead against the one
that does not (bots/worlds.py, `HeuristicWorldsBot(powers=False)`).

Game i (seed b"wb" + i) puts the new bot in seat i mod --seats and the old one in every
other seat, and plays to a winner or the turn limit. Reported: the new seat's wins, its
win rate and the 95% Wilson interval (a fair share is 1/seats), race power uses a game
per seat (new and old seats, and by the step they were used at), the median wall time of
a game and of one decision of each bot. With --control the same seeds are played with the
old bot in every seat too (the floor measured in the same run: what that seat wins, how
long a game takes without the lookahead; `ratio_game_time`; `paired`: the seeds where
only one of the two bots won in that seat). With --timing N, N games per table size (2
to 6 seats) are played with the new bot in every seat and N with the old one: games won
on worlds, median CPU seconds a game (`ratio_cpu`), power uses a seat a game, all and
outside conflicts. --races takes a race pile in the syntax of `cosmic simulate --game
worlds --races` (NAME,NAME,... for a pile of these races, -NAME,... for every race but
these) for every game of the run, to force races into play; `seat_races` gives, for each
race whose power the new seat (control: the old bot in that seat) could use, the
decisions where it could and the times it did ([used, could]). Games run in --workers
processes. Prints one JSON line with --json, a short table otherwise.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(1, str(Path(__file__).resolve().parent))  # bench/interval.py

from engine import worlds as W  # noqa: E402
from interval import wilson  # noqa: E402
from bots.worlds import HeuristicWorldsBot, play_game  # noqa: E402

class _Counted:
    """A bot that counts its race power uses (by step and by race), the decisions where
    it could use each race's power, and times its decisions (the counting untimed)."""

    def __init__(self, bot: HeuristicWorldsBot, by_race: bool = False) -> None:
        self.bot = bot
        self.by_race = by_race
        self.uses: Counter[str] = Counter()
        self.race_uses: Counter[str] = Counter()
        self.race_could: Counter[str] = Counter()
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, state: W.GameState, seat: int, kn: W.Knowledge) -> W.Action:
        if self.by_race:
            could = {W.RACES[o.race].key for o in W.legal_actions(state, seat, kn)
                     if isinstance(o, W.Power)}
            self.race_could.update(sorted(could))
        t0 = time.perf_counter()
        a = self.bot.choose(state, seat, kn)
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        if isinstance(a, W.Power):
            self.uses[state.step()[0]] += 1
            self.race_uses[W.RACES[a.race].key] += 1
        return a


def race_pile(spec: str) -> tuple[str, ...]:
    """The race pile of a --races value (every race for an empty one). Raises
    ValueError."""
    from cli.options import parse_races
    from engine.worlds.data import RACE_KEYS
    pile = parse_races(spec)
    if "without" in pile:
        return tuple(k for k in RACE_KEYS if k not in pile["without"])
    return tuple(pile.get("races", ()))


def play(args: tuple[int, int, int, bool, tuple[str, ...]]) -> dict[str, Any]:
    """One game: (index, seats, max_turns, control: every seat old, race pile)."""
    i, seats, max_turns, control, pile = args
    new_seat = -1 if control else i % seats
    seed = b"wb%d" % i
    bots = [_Counted(HeuristicWorldsBot(seed + bytes([p]), powers=p == new_seat),
                     by_race=p == i % seats) for p in range(seats)]
    t0 = time.perf_counter()
    s, _, n = play_game(seed, seats, bots, max_turns=max_turns,  # type: ignore[arg-type]
                        race_pool=pile)
    wall = time.perf_counter() - t0
    o = s.outcome
    return {"game": i, "seat": i % seats, "winners": list(o.winners) if o else [],
            "reason": o.reason if o else "none", "turns": s.turns, "actions": n,
            "wall_s": wall, "uses": [dict(b.uses) for b in bots],
            "race_uses": dict(bots[i % seats].race_uses),
            "race_could": dict(bots[i % seats].race_could),
            "decision_s": [b.seconds / max(1, b.decisions) for b in bots]}


CONFLICT_STEPS = ("open", "powerup", "redirect", "enslave", "escape", "trap")


def table(args: tuple[int, int, bool, tuple[str, ...]]) -> dict[str, Any]:
    """One game with the same bot in every seat: (seats, seed index, new, race pile); CPU
    time."""
    seats, i, new, pile = args
    seed = b"wt%d" % i
    bots = [_Counted(HeuristicWorldsBot(seed + bytes([p]), powers=new)) for p in range(seats)]
    t0 = time.process_time()
    s, _, n = play_game(seed, seats, bots, max_turns=400,  # type: ignore[arg-type]
                        race_pool=pile if len(pile) >= 4 * seats + 1 else ())
    o = s.outcome
    return {"seats": seats, "new": new, "cpu_s": time.process_time() - t0, "turns": s.turns,
            "won": bool(o and o.reason == "worlds"),
            "uses": sum(sum(b.uses.values()) for b in bots) / seats,
            "outside": sum(v for b in bots for k, v in b.uses.items()
                           if k not in CONFLICT_STEPS) / seats}


def timing(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per table size: games won on worlds, median CPU seconds a game, power uses a seat
    a game (all, and outside conflicts), the new bot's against the old one's."""
    out: dict[str, Any] = {}
    for seats in sorted({r["seats"] for r in rows}):
        d: dict[str, Any] = {}
        for new, name in ((True, "new"), (False, "old")):
            rs = [r for r in rows if r["seats"] == seats and r["new"] == new]
            d[name] = {"games": len(rs), "won": sum(r["won"] for r in rs),
                       "cpu_s_p50": round(statistics.median(r["cpu_s"] for r in rs), 3),
                       "uses_per_seat": round(statistics.mean(r["uses"] for r in rs), 2),
                       "outside_conflict_per_seat": round(
                           statistics.mean(r["outside"] for r in rs), 2)}
        d["ratio_cpu"] = round(d["new"]["cpu_s_p50"] / max(1e-9, d["old"]["cpu_s_p50"]), 2)
        out[str(seats)] = d
    all_new = [r["cpu_s"] for r in rows if r["new"]]
    all_old = [r["cpu_s"] for r in rows if not r["new"]]
    out["ratio_cpu_all"] = round(statistics.median(all_new) / statistics.median(all_old), 2)
    return out


def summary(games: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    wins = sum(1 for g in games if g["seat"] in g["winners"])
    lo, hi = wilson(wins, len(games))
    new_uses = [sum(g["uses"][g["seat"]].values()) for g in games]
    old_uses = [sum(u.values()) for g in games for p, u in enumerate(g["uses"])
                if p != g["seat"]]
    by_step: Counter[str] = Counter()
    race_uses: Counter[str] = Counter()
    race_could: Counter[str] = Counter()
    for g in games:
        by_step.update(g["uses"][g["seat"]])
        race_uses.update(g["race_uses"])
        race_could.update(g["race_could"])
    return {
        "games": len(games), "seat_wins": wins, "win_rate": round(wins / len(games), 3),
        "interval95": [round(lo, 3), round(hi, 3)], "fair_share": round(1 / seats, 3),
        "won_on_worlds": sum(1 for g in games if g["reason"] == "worlds"),
        "seat_power_uses_per_game": round(statistics.mean(new_uses), 2),
        "other_seats_power_uses_per_game": round(statistics.mean(old_uses), 2),
        "seat_uses_by_step": dict(sorted(by_step.items())),
        "seat_uses_outside_conflict_per_game": round(sum(
            v for k, v in by_step.items() if k not in CONFLICT_STEPS) / len(games), 2),
        "game_s_p50": round(statistics.median(g["wall_s"] for g in games), 3),
        "seat_decision_ms_p50": round(1000 * statistics.median(
            g["decision_s"][g["seat"]] for g in games), 3),
        "turns_p50": statistics.median(g["turns"] for g in games),
        "seat_races": {k: [race_uses[k], race_could[k]] for k in sorted(race_could)},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--max-turns", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--control", action="store_true",
                    help="also play the same seeds with the old bot in every seat")
    ap.add_argument("--timing", type=int, default=0, metavar="N",
                    help="also N games per table size (2..6 seats) with the new bot in "
                         "every seat and N with the old: winners, CPU time, power uses")
    ap.add_argument("--races", default="", metavar="NAMES",
                    help="the race pile of every game: NAME,NAME,... (at least four a seat "
                         "and one more), or -NAME,... for every race but these")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    try:
        pile = race_pile(a.races)
        W.Config(a.seats, race_pool=pile)
    except ValueError as exc:
        ap.error(str(exc))
    jobs = [(i, a.seats, a.max_turns, False, pile) for i in range(a.games)]
    if a.control:
        jobs += [(i, a.seats, a.max_turns, True, pile) for i in range(a.games)]
    tables = [(seats, i, new, pile) for seats in range(2, 7) for i in range(a.timing)
              for new in (True, False)]
    with ProcessPoolExecutor(a.workers) as ex:
        results = list(ex.map(play, jobs))
        rows = list(ex.map(table, tables))
    out: dict[str, Any] = {"bench": "worlds_bots", "seats": a.seats,
                           "max_turns": a.max_turns, "races": len(pile) or len(W.RACES)}
    if a.games:
        out["new"] = summary(results[:a.games], a.seats)
    if a.games and a.control:
        out["control"] = summary(results[a.games:], a.seats)
        out["ratio_game_time"] = round(out["new"]["game_s_p50"]
                                       / out["control"]["game_s_p50"], 3)
        # the same seeds, the same seat: games only one of the two bots won there
        new_only = sum(1 for g, c in zip(results[:a.games], results[a.games:])
                       if g["seat"] in g["winners"] and c["seat"] not in c["winners"])
        old_only = sum(1 for g, c in zip(results[:a.games], results[a.games:])
                       if c["seat"] in c["winners"] and g["seat"] not in g["winners"])
        out["paired"] = {"new_only": new_only, "old_only": old_only}
    if rows:
        out["tables"] = timing(rows)
    if a.json:
        print(json.dumps(out))
        return
    for k in ("new", "control", "ratio_game_time", "paired", "tables"):
        if k in out:
            print(k, json.dumps(out[k]))


if __name__ == "__main__":
    main()
