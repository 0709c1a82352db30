"""`cosmic play`: you against bots on this machine, in plain text (local mode)."""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Any

import engine
from bots import HeuristicBot
from node.local import LocalGame, game_seed

from .textplay import TextPlayer, play_events


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("play", help="play against bots on this machine")
    p.add_argument("--players", type=int, default=4, help="seats including you (3 to 5)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 is red)")
    p.add_argument("--seed", help="replay a deal: the same seed gives the same cards")
    p.add_argument("--variant", action="append", default=[],
                   choices=["four_planets", "single_encounter"])
    p.add_argument("--plain", action="store_true",
                   help="plain text instead of the full-screen client")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    if not 2 <= args.players <= 10 or not 0 <= args.seat < args.players:
        print("--players 2..10 and --seat 0..players-1", file=sys.stderr)
        return 2
    seed_text = args.seed or secrets.token_hex(8)
    seed = game_seed(seed_text, 0)
    config = engine.Config(args.players, planets=4 if "four_planets" in args.variant else 5,
                           single_encounter="single_encounter" in args.variant)
    controllers: list[Any] = [HeuristicBot(seed + bytes([k])) for k in range(args.players)]
    if not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
        return _full_screen(config, seed, seed_text, controllers, args.seat)
    human = TextPlayer(sys.stdin, sys.stdout)
    controllers[args.seat] = human
    game = LocalGame(config, seed, controllers)
    color = config.colors[args.seat]
    human.say(f"cosmic: you are {color} against {args.players - 1} bots (seed {seed_text}).")
    human.say("Five foreign colonies win. Type 'help' at any prompt.")
    try:
        while game.state.outcome is None:
            events = game.step()
            play_events(game.state, events, human.say)
    except EOFError:
        human.say("\nGame left unfinished.")
        return 0
    out = game.state.outcome
    winners = ", ".join(config.colors[w] for w in out.winners) or "nobody"
    human.say(f"\nGame over: {winners} won.")
    return 0


def _full_screen(config: engine.Config, seed: bytes, seed_text: str,
                 controllers: list[Any], seat: int) -> int:
    import asyncio

    from .app import ClientApp, LocalSession

    game = LocalGame(config, seed, controllers)
    app = ClientApp(LocalSession(game, seat, delay=0.15),
                    title=f"cosmic - you are {config.colors[seat]} (seed {seed_text})")
    app.say(f"You are {config.colors[seat]} against {config.seats - 1} bots. Five foreign "
            "colonies win. Type 'help'; Tab completes what is legal now.")
    asyncio.run(app.run())
    out = game.state.outcome
    if out is not None:
        print("Game over: " + (", ".join(config.colors[w] for w in out.winners) or "nobody")
              + " won.")
    else:
        print(f"Game left unfinished (seed {seed_text}).")
    return 0
