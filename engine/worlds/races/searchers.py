"""Searchers (1/W): your fate draw gives one more card for each world where you have a
Searcher token together with another player's tokens (rules 003; once per world)."""

from __future__ import annotations

from ..state import GameState
from . import Race, register


@register
class Searchers(Race):
    key = "searchers"

    def extra_draw(self, s: GameState, world: int, seat: int) -> int:
        return 1 if any(p != seat for p in s.occupants(world)) else 0
