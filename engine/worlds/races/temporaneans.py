"""Temporaneans (R): as each round begins, a holder of Temporanean tokens may set a new
turn order (rules 003). A round begins before the first turn of the game and after the
last seat of the order has played (a Temporal Nexus turn is inside the round). Several
holders choose one after the other in the current order; the last choice stands.
Arguments: the new order, every seat once."""

from __future__ import annotations

from itertools import permutations

from ..state import GameState
from . import Race, Steps, register


@register
class Temporaneans(Race):
    key = "temporaneans"

    def round_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return [p for p in permutations(range(s.n)) if p != s.order]

    def round_power(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        s.order = tuple(args)
        return []
