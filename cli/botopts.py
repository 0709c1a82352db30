"""The bot options of the commands that start bots, defined once.

--bot heuristic | random | search; for the search bot, --bot-budget SECONDS a decision
(default 1) or --bot-iterations N a decision instead (reproducible: the same seed gives
the same choices; a time budget depends on the machine's speed). `play`, `demo` and
`node` take all three; `simulate` names its bots with --bots and takes --bot-iterations
only, so that its output stays the same byte for byte for a seed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bots import AnyController

__all__ = ["add_bot_options", "add_seat_bot_option", "bot_maker", "seat_bot", "node_bot_args",
           "SIMULATE_ITERATIONS", "BOT_KINDS", "DEFAULT_BUDGET_S", "stand_in"]

SIMULATE_ITERATIONS = 16  # simulate's search bots: iterations a decision, by default

# What the parsers show, written out here so that building them imports no bot and no
# engine (cli/main.py); tests/test_cli_startup.py holds each to the value it copies.
BOT_KINDS = ("heuristic", "random", "search")
"""bots.BOT_KINDS: the bots a command line may name"""
DEFAULT_BUDGET_S = 1.0
"""bots.DEFAULT_BUDGET_S: a search bot's seconds a decision"""


def add_bot_options(p: argparse.ArgumentParser, *, kind: bool = True,
                    budget: bool = True, iterations: int = 0) -> None:
    """Add --bot (with `kind`), --bot-budget (with `budget`) and --bot-iterations
    (default `iterations`)."""
    if kind:
        p.add_argument("--bot", choices=list(BOT_KINDS), default="heuristic",
                       help="the bots: heuristic (default), random, or search (looks ahead "
                            "over deals of the cards it cannot see)")
    if budget:
        p.add_argument("--bot-budget", type=float, default=DEFAULT_BUDGET_S,
                       metavar="SECONDS",
                       help=f"search bots think this long a decision (default "
                            f"{DEFAULT_BUDGET_S:g})")
    p.add_argument("--bot-iterations", type=int, default=iterations, metavar="N",
                   help="search bots search N deals a decision instead of a time budget, "
                        f"so the same seed gives the same game (default {iterations}"
                        + (": the time budget)" if not iterations else ")"))


def add_seat_bot_option(p: argparse.ArgumentParser, what: str, *, checked: bool = True
                        ) -> None:
    """`--bot [KIND]` for a command that plays one's own seat (host, join, resume): no
    --bot, the person plays; --bot alone, the heuristic bot; --bot search with its
    budget options. `checked=False` leaves the kind to the command (resume: `--bot
    JOURNAL` must still read JOURNAL as the journal)."""
    p.add_argument("--bot", nargs="?", const="heuristic", default=None,
                   choices=list(BOT_KINDS) if checked else None, metavar="KIND",
                   help=f"let a bot play this seat{what}: heuristic (the default), random "
                        "or search")
    add_bot_options(p, kind=False)


def seat_bot(args: argparse.Namespace, seed: bytes, game: str = "cosmic"
             ) -> AnyController | None:
    """The bot `--bot [KIND]` asks to play one's seat in `game`, or None (the person
    plays). Raises ValueError with the message a person sees for a bad budget or a bot
    the game does not have."""
    return None if args.bot is None else bot_maker(args, args.bot, game=game)(seed)


WORLDS_BOTS = ("random", "heuristic")


def stand_in(game: str, seed: bytes) -> AnyController:
    """What plays for a silent person once their turn clock runs out (NodeOptions.turn_s):
    the game's heuristic bot, from the seat's own knowledge."""
    if game == "worlds":
        from bots.worlds import HeuristicWorldsBot
        return HeuristicWorldsBot(seed)
    from bots import make_bot
    return make_bot("heuristic", seed)


def bot_maker(args: argparse.Namespace, kind: str | None = None, game: str = "cosmic"
              ) -> Callable[[bytes], AnyController]:
    """A function from a seed to a bot of `game` as the options say; raises ValueError
    with the message a person sees for a bad budget or a bot the game does not have."""
    from bots import make_bot

    kind = kind or args.bot
    if game == "worlds":
        from bots.worlds import HeuristicWorldsBot, RandomWorldsBot
        if kind not in WORLDS_BOTS:
            raise ValueError(f"--bot {kind}: the map game has the bots "
                             f"{', '.join(WORLDS_BOTS)}")
        return RandomWorldsBot if kind == "random" else HeuristicWorldsBot
    budget = getattr(args, "bot_budget", DEFAULT_BUDGET_S)
    iterations = args.bot_iterations
    if iterations < 0:
        raise ValueError("--bot-iterations must be at least 0")
    if not budget > 0:
        raise ValueError("--bot-budget must be above 0 seconds")
    make_bot(kind, b"check", budget, iterations)  # refuses now, not in the middle of a game
    return lambda seed: make_bot(kind, seed, budget, iterations)


def node_bot_args(args: argparse.Namespace) -> list[str]:
    """The `cosmic node` flags that run the bots these options describe."""
    out = ["--bot", args.bot]
    if args.bot == "search":
        out += ["--bot-budget", f"{args.bot_budget:g}", "--bot-iterations",
                str(args.bot_iterations)]
    return out
