"""Bots: controllers that choose actions from the engine's legal ones, like a person."""

from .base import AnyController, Controller
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import DEFAULT_BUDGET_S, SearchBot

from engine import cosmic as _engine

__all__ = ["AnyController", "Controller", "CosmicController", "RandomBot", "HeuristicBot",
           "SearchBot", "BOT_KINDS", "make_bot", "DEFAULT_BUDGET_S"]

# A controller of Cosmic: these bots are all Cosmic's (the map game's are in bots.worlds).
CosmicController = Controller[_engine.GameState, _engine.Knowledge, _engine.Action]

# The bots a command line may name (`--bot`, `--bots`).
BOT_KINDS = ("heuristic", "random", "search")


def make_bot(kind: str, seed: bytes, budget_s: float = DEFAULT_BUDGET_S,
             iterations: int = 0) -> CosmicController:
    """A bot of this kind; the search bot thinks for `budget_s` seconds a decision, or
    `iterations` iterations if that is above 0. Raises ValueError for an unknown kind or
    a budget that is not positive."""
    if kind == "heuristic":
        return HeuristicBot(seed)
    if kind == "random":
        return RandomBot(seed)
    if kind == "search":
        if iterations < 0 or (iterations == 0 and not budget_s > 0):
            raise ValueError("--bot-budget must be above 0 seconds and --bot-iterations "
                             "at least 0")
        return SearchBot(seed, budget_s=budget_s, iterations=iterations)
    raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOT_KINDS)}")
