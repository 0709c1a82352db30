"""Bots: controllers that choose actions from the engine's legal ones, like a person."""

from .base import Controller
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["Controller", "RandomBot", "HeuristicBot", "SearchBot"]
