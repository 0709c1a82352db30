"""Engine speed: five-player random-bot games in local mode, on one core.

Prints one JSON line: games_per_s and actions_per_s for whole games (bots choosing,
the card source answering, the engine applying), and as a baseline measured in the same
run, the engine alone replaying the same actions (`apply_actions_per_s`), with the ratio
(ratio_full_to_apply). The floor of an apply, measured in the same run: cloning the same
states (`floor_clones_per_s`: every apply copies the state it starts from, the engine's
states being values), with apply_to_clone = floor_clones_per_s / apply_actions_per_s
(how many clones one apply costs). And what a journal's verifier adds to each apply:
the public hash of every state in turn (`hashes_per_s`: each action envelope names the
hash of the state it was made on), and the pending decision of every state
(`pendings_per_s`: what the verifier asks to check who may act).

Times are this process's CPU time (time.process_time), pinned to one core, so that other
processes on a shared machine inflate them less; on an idle machine it is the wall time.
Medians over --repeat runs of --games games each. Goals: >= 30 games/s, >= 90k applied
actions/s. passes_per_game counts the Pass actions (nearly all at card windows).
--aliens random deals each seat an alien at random (the card source's deal, so every
seed plays other powers); the default is no aliens.
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

from engine import cosmic as engine  # noqa: E402
from bots import RandomBot  # noqa: E402
from node.local import LocalGame, game_seed  # noqa: E402


def _config(aliens: str) -> engine.Config:
    return engine.Config(5, aliens=("?",) * 5 if aliens == "random" else ())


def _games(n: int, rep: int, config: engine.Config) -> tuple[float, int,
                                                             list[list[engine.Action]]]:
    t0 = time.process_time()
    actions = 0
    records = []
    for i in range(n):
        seed = game_seed(f"bench-{rep}", i)
        g = LocalGame(config, seed, [RandomBot(seed + bytes([k])) for k in range(5)])
        g.run()
        actions += len(g.actions)
        records.append(g.actions)
    return time.process_time() - t0, actions, records


def _replay(records: list[list[engine.Action]],
            config: engine.Config) -> tuple[float, float, float, float, int]:
    """Seconds to replay the records, seconds to clone each state of them once, seconds
    to hash each state of them once (in order), seconds to ask each state's pending
    decision once, and the number of window passes."""
    applying = cloning = hashing = pending = 0.0
    passes = 0
    for actions in records:
        s = engine.new_game(config)
        t0 = time.process_time()
        for a in actions:
            s, _ = engine.apply(s, a)
        applying += time.process_time() - t0
        states = [s := engine.new_game(config)]
        states += [s := engine.apply(s, a)[0] for a in actions[:-1]]
        t0 = time.process_time()
        for s in states:
            s.clone()
        cloning += time.process_time() - t0
        t0 = time.process_time()
        for s in states:
            engine.public_hash(s)
        hashing += time.process_time() - t0
        t0 = time.process_time()
        for s in states:
            engine.pending(s)
        pending += time.process_time() - t0
        passes += sum(1 for a in actions if isinstance(a, engine.Pass))
    return applying, cloning, hashing, pending, passes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--aliens", choices=("none", "random"), default="none",
                    help="random: an alien dealt to each seat at random")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    games_s, actions_s, apply_s, clone_s, hash_s, pending_s = [], [], [], [], [], []
    per_game = passes_per_game = 0.0
    config = _config(args.aliens)
    for rep in range(args.repeat):
        dt, n_actions, records = _games(args.games, rep, config)
        games_s.append(args.games / dt)
        actions_s.append(n_actions / dt)
        applying, cloning, hashing, pending, passes = _replay(records, config)
        apply_s.append(n_actions / applying)
        clone_s.append(n_actions / cloning)
        hash_s.append(n_actions / hashing)
        pending_s.append(n_actions / pending)
        per_game, passes_per_game = n_actions / args.games, passes / args.games
    apply_med, clone_med = statistics.median(apply_s), statistics.median(clone_s)
    out = {
        "players": 5, "aliens": args.aliens, "games": args.games, "repeat": args.repeat,
        "games_per_s": round(statistics.median(games_s), 2),
        "actions_per_s": round(statistics.median(actions_s)),
        "apply_actions_per_s": round(apply_med),
        "ratio_full_to_apply": round(apply_med / statistics.median(actions_s), 2),
        "floor_clones_per_s": round(clone_med),
        "apply_to_clone": round(clone_med / apply_med, 2),
        "hashes_per_s": round(statistics.median(hash_s)),
        "pendings_per_s": round(statistics.median(pending_s)),
        "actions_per_game": round(per_game),
        "passes_per_game": round(passes_per_game),
        "goal_games_per_s": 30, "goal_apply_actions_per_s": 90000,
    }
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
