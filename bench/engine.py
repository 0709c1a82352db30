"""Engine speed: five-player random-bot games in local mode, on one core.

Prints one JSON line: games_per_s and actions_per_s for whole games (bots choosing,
the card source answering, the engine applying), and as a baseline measured in the same
run, the engine alone replaying the same actions (`apply_actions_per_s`), with the ratio.
Medians over --repeat runs of --games games each. Goal: >= 20 games per second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from bots import RandomBot  # noqa: E402
from node.local import LocalGame, game_seed  # noqa: E402


def _games(n: int, rep: int) -> tuple[float, int, list[list[engine.Action]]]:
    t0 = time.perf_counter()
    actions = 0
    records = []
    for i in range(n):
        seed = game_seed(f"bench-{rep}", i)
        g = LocalGame(engine.Config(5), seed, [RandomBot(seed + bytes([k])) for k in range(5)])
        g.run()
        actions += len(g.actions)
        records.append(g.actions)
    return time.perf_counter() - t0, actions, records


def _replay(records: list[list[engine.Action]]) -> float:
    t0 = time.perf_counter()
    for actions in records:
        s = engine.new_game(engine.Config(5))
        for a in actions:
            s, _ = engine.apply(s, a)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    games_s, actions_s, apply_s = [], [], []
    for rep in range(args.repeat):
        dt, n_actions, records = _games(args.games, rep)
        games_s.append(args.games / dt)
        actions_s.append(n_actions / dt)
        apply_s.append(n_actions / _replay(records))
    out = {
        "players": 5, "games": args.games, "repeat": args.repeat,
        "games_per_s": round(statistics.median(games_s), 2),
        "actions_per_s": round(statistics.median(actions_s)),
        "apply_actions_per_s": round(statistics.median(apply_s)),
        "ratio_full_to_apply": round(statistics.median(apply_s) / statistics.median(actions_s), 2),
        "goal_games_per_s": 20,
    }
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
