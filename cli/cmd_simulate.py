"""`cosmic simulate`: bot games in local mode. Same seed, same output, byte for byte.

Search bots search a fixed number of deals a decision here (--bot-iterations, never a
time budget), so that they too give the same games for the same seed. `--game worlds`
plays the map game (rules 003) instead, with its own bots (random, heuristic)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.games import DEFAULT, GAMES

from .botopts import BOT_KINDS, SIMULATE_ITERATIONS, add_bot_options, bot_maker
from .options import UsageError, add_game_options, game_config, worlds_config

if TYPE_CHECKING:
    from node.local import LocalGame

# The map game ends only when a seat holds 20 worlds (rules 003): bots that hold their
# worlds and never attack can go on for ever (every world held, every stack at its
# supply). A simulation is cut off here unless --max-turns says otherwise, and says so.
# Far above a game played out: the longest of 1640 bot games won on worlds (random and
# heuristic bots, 2 to 6 seats) took 634 turns.
WORLDS_TURN_LIMIT = 1000


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("simulate", help="play bot games in local mode")
    p.add_argument("--game", choices=sorted(GAMES), default=DEFAULT,
                   help="cosmic (default) or worlds, the map game of rules 003")
    p.add_argument("--players", type=int, default=4,
                   help="seats, 2 to 10 (worlds: 2 to 6; default 4)")
    p.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    p.add_argument("--seed", default="1", help="any text; the same seed gives the same games")
    p.add_argument("--bots", default="random",
                   help="random, heuristic, search, or one per seat separated by commas")
    add_game_options(p, max_turns=False)
    p.add_argument("--max-turns", type=int, default=None, metavar="N",
                   help="end the game after this many turns (0: play to the end; worlds: "
                        f"{WORLDS_TURN_LIMIT} unless given, as its rules end a game only "
                        "when a seat holds 20 worlds)")
    add_bot_options(p, kind=False, budget=False, iterations=SIMULATE_ITERATIONS)
    p.add_argument("--journal-dir", type=Path, help="write a signed journal of each game here")
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")
    p.set_defaults(func=run)
    return p


def _bots(spec: str, players: int) -> list[str]:
    names = spec.split(",")
    if len(names) == 1:
        names = names * players
    if len(names) != players or any(n not in BOT_KINDS for n in names):
        raise ValueError(f"--bots: give one of {sorted(BOT_KINDS)} or one per seat")
    return names


class _Tally:
    """One game's power uses (the engine's "power" events) and the aliens it dealt."""

    def __init__(self, game: LocalGame) -> None:
        self.game = game
        self.uses: Counter[str] = Counter()
        self.dealt = game.config.aliens

    def __call__(self, events: list[tuple[Any, ...]]) -> None:
        for ev in events:
            if ev[0] == "power":  # ("power", seat, alien, option, args)
                self.uses[ev[2]] += 1
            elif ev[0] == "flare":  # ("flare", seat, name, "wild" | "super")
                self.uses[f"flare {ev[2]} ({ev[3]})"] += 1
            elif ev[0] == "first_player":  # every alien is dealt before this
                from engine.cosmic.hidden import alien_of_flare, face_down_handle

                s, truth = self.game.state, self.game.source.truth
                # hidden powers: a local game's seed is public, so name the face-down ones
                self.dealt = tuple(
                    alien_of_flare(truth[face_down_handle(s, seat)])
                    if face_down_handle(s, seat) >= 0 else s.aliens[seat]
                    for seat in range(s.n))


def run(args: argparse.Namespace) -> int:
    from node.local import LocalGame, game_seed

    if args.game == "worlds":
        return _run_worlds(args)
    if args.max_turns is None:
        args.max_turns = 0
    if not 2 <= args.players <= 10:
        raise UsageError("--players must be between 2 and 10")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    try:
        kinds = _bots(args.bots, args.players)
        config = game_config(args, args.players)
        if args.bot_iterations < 1:
            raise ValueError("--bot-iterations must be at least 1 here (simulate is "
                             "reproducible: no time budget)")
        makers = {k: bot_maker(args, k) for k in sorted(set(kinds))}
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    writer = None
    if args.journal_dir is not None:
        from node.records import write_local_journal
        if not _journal_dir_ready(args):
            return 2
        writer = write_local_journal
    games = []
    total_uses: Counter[str] = Counter()
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        bots = [makers[k](seed + bytes([seat])) for seat, k in enumerate(kinds)]
        game = LocalGame(config, seed, bots)
        tally = _Tally(game)
        game.on_events = tally
        out = game.run()
        colors = config.colors
        total_uses.update(tally.uses)
        record: dict[str, Any] = {
            "index": i, "seed": seed.hex(), "reason": out.reason,
            "winners": [colors[w] for w in out.winners], "turns": game.state.turns,
            "encounters": game.state.encounters, "actions": len(game.actions),
        }
        if any(config.aliens) or config.flares:
            record["aliens"] = dict(zip(colors, tally.dealt))
            record["power_uses"] = dict(sorted(tally.uses.items()))
        if writer is not None:
            record["journal"] = str(writer(game, args.journal_dir, i))
        games.append(record)
        if not args.json:
            from .render import reason_words  # "5 foreign colonies", not "colonies"
            print(f"game {i + 1}: {', '.join(record['winners']) or 'nobody'} "
                  f"({reason_words(out.reason, config)}) after "
                  f"{_count(record['turns'], 'turn')}, "
                  f"{_count(record['encounters'], 'encounter')}"
                  + (f"; aliens {', '.join(a or '-' for a in tally.dealt)}"
                     if any(config.aliens) or config.flares else ""))
    wins = {c: sum(c in g["winners"] for g in games) for c in config.colors}
    summary = {
        "games": len(games), "players": args.players, "bots": kinds, "seed": args.seed,
        "variants": list(config.variants), "wins": wins,
        "mean_turns": round(sum(g["turns"] for g in games) / len(games), 2),
        "mean_encounters": round(sum(g["encounters"] for g in games) / len(games), 2),
    }
    if "search" in kinds:
        summary["bot_iterations"] = args.bot_iterations
    powers = any(config.aliens) or config.flares
    if powers:
        summary["aliens"] = args.aliens or "choose"
        summary["power_uses"] = dict(sorted(total_uses.items()))
    if args.json:
        print(json.dumps({"games": games, "summary": summary}, sort_keys=True))
    else:
        print("wins: " + ", ".join(f"{c} {n}" for c, n in wins.items()))
        if powers:
            print("power uses: " + (", ".join(f"{a} {n}" for a, n in sorted(total_uses.items()))
                                    or "none"))
    return 0


_WORLDS_BOTS = ("random", "heuristic")


def _run_worlds(args: argparse.Namespace) -> int:
    """Bot games of the map game: the same seed gives the same games, and journals that
    `cosmic verify` and `cosmic replay` read like Cosmic's."""
    from bots.worlds import HeuristicWorldsBot, RandomWorldsBot
    from engine import games as G
    from node.local import LocalGame, game_seed

    rules = G.load("worlds")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    names = args.bots.split(",")
    names = names * args.players if len(names) == 1 else names
    if len(names) != args.players or any(n not in _WORLDS_BOTS for n in names):
        raise UsageError(f"--bots: give one of {list(_WORLDS_BOTS)} or one per seat (worlds)")
    default_limit = args.max_turns is None  # WORLDS_TURN_LIMIT, not in the genesis
    try:
        config = worlds_config(args, args.players)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.journal_dir is not None and not _journal_dir_ready(args):
        return 2
    makers = {"random": RandomWorldsBot, "heuristic": HeuristicWorldsBot}
    games = []
    for i in range(args.games):
        seed = game_seed(args.seed, i)

        def play(cfg: Any) -> LocalGame:
            bots = [makers[k](seed + bytes([seat])) for seat, k in enumerate(names)]
            return LocalGame(cfg, seed, bots, rules=rules)

        game = play(config)
        if default_limit:
            # Played without a limit in its genesis, so that a game won on worlds has the
            # journal it always had; one that would pass the limit is played again with
            # the limit in its genesis (the bots play the same moves, bar perhaps a
            # lookahead across the last turn) and ends as the rules' turn limit ends a
            # game, its journal saying so.
            while rules.outcome(game.state) is None and game.state.turns <= WORLDS_TURN_LIMIT:
                game.step()
            if rules.outcome(game.state) is None:
                game = play(dataclasses.replace(config, max_turns=WORLDS_TURN_LIMIT))
        out = game.run()
        state = game.state
        record: dict[str, Any] = {
            "index": i, "seed": seed.hex(), "reason": out.reason,
            "winners": [config.colors[w] for w in out.winners], "turns": state.turns,
            "worlds": {c: sum(1 for w in state.control if w == seat)
                       for seat, c in enumerate(config.colors)},
            "actions": len(game.actions),
        }
        if args.journal_dir is not None:
            from node.records import write_local_journal
            record["journal"] = str(write_local_journal(game, args.journal_dir, i))
        games.append(record)
        if not args.json:
            why = (f"the turn limit of {game.config.max_turns} turns was reached"
                   if out.reason == "turn_limit" else out.reason)
            print(f"game {i + 1}: {', '.join(record['winners']) or 'nobody'} "
                  f"({why}) after {_count(record['turns'], 'turn')}; worlds "
                  + ", ".join(f"{c} {n}" for c, n in record["worlds"].items()))
    wins = {c: sum(c in g["winners"] for g in games) for c in config.colors}
    summary = {"game": "worlds", "games": len(games), "players": args.players, "bots": names,
               "seed": args.seed, "wins": wins,
               "mean_turns": round(sum(g["turns"] for g in games) / len(games), 2),
               "max_turns": WORLDS_TURN_LIMIT if default_limit else config.max_turns}
    cut = sum(g["reason"] == "turn_limit" for g in games)
    if args.json:
        print(json.dumps({"games": games, "summary": summary}, sort_keys=True))
    else:
        print("wins: " + ", ".join(f"{c} {n}" for c, n in wins.items()))
        if cut and default_limit:
            print(f"{_count(cut, 'game')} cut off at {WORLDS_TURN_LIMIT} turns with nobody "
                  "holding 20 worlds: simulate's limit for the map game, whose rules end a "
                  "game only when a seat holds 20 worlds (--max-turns N: another limit, "
                  "0: none)")
    return 0


def _journal_dir_ready(args: argparse.Namespace) -> bool:
    """Make --journal-dir if need be; False (the reason printed) if it cannot be."""
    try:
        args.journal_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"simulate: cannot write journals in {args.journal_dir}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def _count(n: int, thing: str) -> str:
    """"1 turn", "2 turns"."""
    return f"{n} {thing}{'' if n == 1 else 's'}"
