"""Plebs (R): the race begins with 10 tokens (rules 003): whoever finds the Plebs' world
(exploring it, or choosing them as his starting race) gets 10 Plebs tokens there in all,
instead of the single token of a homeworld (docs/worlds-rules.md)."""

from __future__ import annotations

from ..board import born_tokens
from ..state import MOVES, GameState
from . import Race, Steps, register

START = 10


def start_with(s: GameState, world: int, seat: int, count: int) -> None:
    """Top seat's tokens of the world's race there up to `count` (a race that starts big)."""
    have = sum(1 for c in s.tokens(world, seat) if c // MOVES == world)
    if seat >= 0 and have < count:
        born_tokens(s, world, seat, count - have)


@register
class Plebs(Race):
    key = "plebs"

    def found(self, s: GameState, world: int, seat: int) -> Steps:
        start_with(s, world, seat, START)
        return []
