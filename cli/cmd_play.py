"""`cosmic play`: you against bots on this machine.

By default the full product: your node in this process, each bot its own node process,
found by beacons on loopback, the mental-poker card protocol, signed journals (in
~/.cosmic/games/, or --dir). `--local` plays in one process with a seeded card source
instead (fast, but whoever holds the seed could know every card). On a terminal you get
the full-screen client; otherwise (or with --plain) plain text.
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import engine
from bots import HeuristicBot
from node.local import LocalGame, game_seed

from .textplay import TextPlayer, play_events


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("play", help="play against bots on this machine")
    p.add_argument("--players", type=int, default=4, help="seats including you (2 to 10, default 4)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 is red)")
    p.add_argument("--seed", help="the same seed gives the same bots and keys")
    p.add_argument("--variant", action="append", default=[],
                   choices=["four_planets", "single_encounter"])
    p.add_argument("--plain", action="store_true",
                   help="plain text instead of the full-screen client")
    p.add_argument("--local", action="store_true",
                   help="one process, seeded cards (no card protocol, no journal)")
    p.add_argument("--dir", type=Path, help="where the game's journals go")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    if not 2 <= args.players <= 10 or not 0 <= args.seat < args.players:
        print("--players 2..10 and --seat 0..players-1", file=sys.stderr)
        return 2
    seed_text = args.seed or secrets.token_hex(8)
    config = engine.Config(args.players, planets=4 if "four_planets" in args.variant else 5,
                           single_encounter="single_encounter" in args.variant)
    screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    if args.local:
        return _local(config, seed_text, args.seat, screen)
    return _networked(config, seed_text, args.seat, screen, args.dir)


def _local(config: engine.Config, seed_text: str, seat: int, screen: bool) -> int:
    seed = game_seed(seed_text, 0)
    controllers: list[Any] = [HeuristicBot(seed + bytes([k])) for k in range(config.seats)]
    if screen:
        from .app import LocalSession
        game = LocalGame(config, seed, controllers)
        return _screen(LocalSession(game, seat, delay=0.15), config, seat,
                       f"seed {seed_text}, local")
    human = TextPlayer(sys.stdin, sys.stdout)
    controllers[seat] = human
    game = LocalGame(config, seed, controllers)
    human.say(f"cosmic: you are {config.colors[seat]} against {config.seats - 1} bots "
              f"(seed {seed_text}, local mode). Five foreign colonies win; 'help' helps.")
    try:
        while game.state.outcome is None:
            play_events(game.state, game.step(), human.say)
    except EOFError:
        human.say("\nGame left unfinished.")
        return 0
    _say_result(game.state, config)
    return 0


def _networked(config: engine.Config, seed_text: str, seat: int, screen: bool,
               directory: Path | None) -> int:
    from node.journal_file import read_key_file
    from node.runner import NodeOptions
    from protocol.genesis import Genesis

    from .cmd_demo import LOOPBACK_BROADCAST, free_udp_port, prepare
    from .netgame import play_seat

    home = Path(os.environ.get("COSMIC_HOME", Path.home() / ".cosmic"))
    directory = directory or home / "games" / time.strftime("%Y%m%d-%H%M%S")
    print(f"Setting up a networked game in {directory} (keys, genesis, card protocol)...",
          flush=True)
    gpath, keys = prepare(config.seats, seed_text, directory)
    genesis = Genesis.decode(gpath.read_bytes())
    port = free_udp_port()
    bots = []
    for other in range(config.seats):
        if other == seat:
            continue
        bots.append(subprocess.Popen(
            [sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath), "--key",
             str(keys[other]), "--seat", str(other), "--journal",
             str(directory / f"seat-{other}.journal"), "--bot-seed", seed_text,
             "--discovery-port", str(port), "--discovery-target", LOOPBACK_BROADCAST],
            cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.DEVNULL,
            stderr=open(directory / f"seat-{other}.log", "w")))
    opts = NodeOptions(discovery_port=port, discovery_target=LOOPBACK_BROADCAST)
    try:
        return play_seat(genesis, seat, read_key_file(keys[seat]), directory /
                         f"seat-{seat}.journal", opts, screen=screen)
    finally:
        for b in bots:
            if b.poll() is None:
                b.terminate()


def _screen(session: Any, config: engine.Config, seat: int, what: str) -> int:
    import asyncio

    from .app import ClientApp

    app = ClientApp(session, title=f"cosmic - you are {config.colors[seat]} ({what})")
    app.say(f"You are {config.colors[seat]} against {config.seats - 1} bots. Five foreign "
            "colonies win. Type 'help'; Tab completes what is legal now.")
    asyncio.run(app.run())
    _say_result(session.state, config)
    return 0


def _say_result(state: engine.GameState, config: engine.Config) -> None:
    out = state.outcome
    if out is None:
        print("Game left unfinished.")
    else:
        print("Game over: " + (", ".join(config.colors[w] for w in out.winners) or "nobody")
              + " won.")
