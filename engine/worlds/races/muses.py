"""Muses (1/C): with Muses in your stack in a conflict, each of your other tokens in that
stack counts 1 more (rules 003; "your" is read as the Muses' owner: his allies' tokens get
nothing). Counted when the totals are made, from the stack as it then is."""

from __future__ import annotations

from ..state import MOVES, Conflict, GameState
from . import Race, register


@register
class Muses(Race):
    key = "muses"

    def side_force(self, s: GameState, conf: Conflict, seat: int, side: int) -> int:
        return sum(1 for c in s.tokens(conf.world, seat) if s.native[c // MOVES] != self.id)
