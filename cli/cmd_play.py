"""`cosmic play`: you against bots on this machine.

By default the full product: your node in this process, each bot its own node process,
found by beacons on loopback, the mental-poker card protocol, signed journals (in
~/.cosmic/games/, or --dir). `--local` plays in one process with a seeded card source
instead (fast, but whoever holds the seed could know every card). On a terminal you get
the full-screen client; otherwise (or with --plain) plain text. `--game worlds` plays the
map game of rules 003 (2 to 6 seats, its own bots; Cosmic's options are refused).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import games
from engine.game import Rules

from .botopts import add_bot_options, bot_maker, node_bot_args
from .options import (UsageError, add_game_options, game_config, options_text, os_why,
                      worlds_config)

BOT_PATIENCE_S = 600.0  # bots of a game whose person's node stopped wait ten minutes


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("play", help="play against bots on this machine")
    p.add_argument("--game", choices=sorted(games.GAMES), default=games.DEFAULT,
                   help="cosmic (default) or worlds, the map game of rules 003")
    p.add_argument("--players", type=int, default=4, help="seats including you (2 to 10, default 4)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 is red)")
    p.add_argument("--seed", help="the same seed gives the same bots and keys")
    add_game_options(p, max_turns=False)
    add_bot_options(p)
    p.add_argument("--plain", action="store_true",
                   help="plain text instead of the full-screen client")
    p.add_argument("--local", action="store_true",
                   help="one process, seeded cards (no card protocol, no journal)")
    p.add_argument("--dir", type=Path, help="where the game's journals go")
    p.add_argument("--patience", type=float, default=BOT_PATIENCE_S, metavar="SECONDS",
                   help="how long the bots wait for you if your node stops (a crash, "
                        "kill -9) before they leave too, and your node for the bots "
                        "(your screen then says so); `cosmic resume` brings them back "
                        f"(default {BOT_PATIENCE_S:g}; 0: for ever)")
    p.add_argument("--answer-seconds", type=float, default=60.0, metavar="SECONDS",
                   help="networked: at a card window you may play at, the game passes for "
                        "you after this long without an answer (default 60)")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    import secrets

    rules = games.load(args.game)
    top = 6 if args.game == "worlds" else 10
    game = "the map game" if top == 6 else "cosmic"
    if not 2 <= args.players <= top:
        raise UsageError(f"--players {args.players}: {game} takes 2 to {top} seats "
                         f"(--players 2..{top}{' for worlds' if top == 6 else ''})")
    if not 0 <= args.seat < args.players:
        raise UsageError(f"--seat {args.seat}: with {args.players} players the seats are 0 "
                         f"to {args.players - 1} (--seat 0..players-1; 0 is red)")
    try:
        if args.game == "worlds":
            config = worlds_config(args, args.players, network=not args.local)
        else:
            config = game_config(args, args.players)
        maker = bot_maker(args, game=args.game)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.patience < 0 or not args.answer_seconds > 0:
        raise UsageError("--patience: 0 seconds or more (0: the bots wait for ever); "
                         "--answer-seconds: more than 0")
    seed_text = args.seed or secrets.token_hex(8)
    screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    if args.local:
        return _local(config, seed_text, args.seat, screen, maker, rules)
    return _networked(config, seed_text, args.seat, screen, args.dir, args.patience,
                      args.answer_seconds, node_bot_args(args), rules)


def _local(config: Any, seed_text: str, seat: int, screen: bool,
           maker: Callable[[bytes], Any], rules: Rules) -> int:
    import asyncio

    from node.local import LocalGame, game_seed

    from .client import LocalSession
    from .game_ui import for_rules, variant_words

    seed = game_seed(seed_text, 0)
    controllers: list[Any] = [maker(seed + bytes([k])) for k in range(config.seats)]
    game = LocalGame(config, seed, controllers, rules=rules)
    words = rules.options_text(config) if rules.NAME != "cosmic" else options_text(config)
    hello = (f"You are {config.colors[seat]} against {config.seats - 1} "
             f"{'bot' if config.seats == 2 else 'bots'} (seed "
             f"{seed_text}, local mode; {words}). {for_rules(rules).goal(config)} "
             + variant_words(config, seat) + "Type 'help'"
             + ("; Tab completes what is legal now." if screen else "."))
    client: Any
    if screen:
        from .app import ClientApp
        client = ClientApp(LocalSession(game, seat, delay=0.15),
                           title=f"cosmic - you are {config.colors[seat]} (seed {seed_text}, "
                                 "local)")
    else:
        from .textplay import PlainClient
        client = PlainClient(LocalSession(game, seat))
    client.say(hello)
    ended = ""
    try:
        ended = asyncio.run(client.run())
    except KeyboardInterrupt:
        pass
    if screen or ended != "over":  # (plain text says the end itself, once, last)
        _say_result(game.state, for_rules(rules), seat)
    return 0


def _networked(config: Any, seed_text: str, seat: int, screen: bool,
               directory: Path | None, patience: float, answer_s: float,
               bot_args: list[str], rules: Rules) -> int:
    from node.journal_file import read_key_file
    from node.resume import ResumeInfo
    from node.runner import NodeOptions
    from protocol.genesis import Genesis

    from .cmd_demo import LOOPBACK_BROADCAST, free_udp_port, prepare
    from .cmd_host import to_stderr, to_width
    from .netgame import cosmic_home, held_game, play_seat, start_bots

    directory = (directory or cosmic_home() / "games" / time.strftime("%Y%m%d-%H%M%S")).resolve()
    taken = held_game(directory)  # before anything is written: that game stays whole
    if taken:
        print(to_stderr(f"cosmic play: {taken}"), file=sys.stderr)
        return 2
    words = rules.options_text(config) if rules.NAME != "cosmic" else options_text(config)
    print(to_width(f"Setting up a networked game in {directory} (keys, genesis, card "
                   f"protocol; {words})..."), flush=True)
    try:
        gpath, keys = prepare(config.seats, seed_text, directory, config=config, rules=rules,
                              names=["player" if i == seat else f"bot-{i}"  # the person's
                                     for i in range(config.seats)])  # seat is no bot's
    except OSError as exc:
        print(f"cosmic play: cannot use {directory} for the game: {os_why(exc)}",
              file=sys.stderr)
        return 2
    genesis = Genesis.decode(gpath.read_bytes())
    port = free_udp_port()
    bots = [["node", "--genesis", str(gpath), "--key", str(keys[other]), "--seat",
             str(other), "--journal", str(directory / f"seat-{other}.journal"),
             *bot_args, "--bot-seed", seed_text, "--discovery-port", str(port),
             "--discovery-target", LOOPBACK_BROADCAST, "--patience", f"{patience:g}"]
            for other in range(config.seats) if other != seat]
    start_bots(bots, directory)
    opts = NodeOptions(discovery_port=port, discovery_target=LOOPBACK_BROADCAST,
                       window_s=answer_s)
    info = ResumeInfo.from_options(seat, opts, key=str(keys[seat]), started_by="play",
                                   bots=bots, patience_s=patience)
    code = play_seat(genesis, seat, read_key_file(keys[seat]),
                     directory / f"seat-{seat}.journal", opts, screen=screen, resume=info,
                     # The person's node waits for the bots as long as they wait for it:
                     # bots gone that long (killed, crashed) do not come back by
                     # themselves, and the screen says so instead of waiting for ever.
                     patience_s=patience,
                     unfinished=bots_wait(patience, directory))
    return code


def bots_wait(patience: float, directory: Path) -> str:
    """What the person reads when leaving a `play` game unfinished (play's and resume's)."""
    return (f"The bots wait {patience:g} s for you to come back; their journals and logs "
            f"are in {directory}." if patience else
            f"The bots wait for you to come back; their journals and logs are in {directory}.")


def _say_result(state: Any, ui: Any, seat: int) -> None:
    """The last words in the terminal: the screen's headline of the end (who won, how),
    broken between words at the terminal's width."""
    from .cmd_host import to_width
    if state.outcome is None:
        print("Game left unfinished.")
    else:
        from .game_ui import headline
        print(to_width("Game over: " + headline(ui, state, seat).partition(": ")[2]))
