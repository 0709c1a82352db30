"""Muses (1/C): with Muses in your stack in a conflict, each of your other tokens in that
stack counts 1 more (rules 003; "your" is read as the Muses' owner: his allies' tokens get
nothing). Counted when the totals are made, from the stack as it then is."""

from __future__ import annotations

from ..state import Conflict, GameState
from . import Race, register, tokens_as


@register
class Muses(Race):
    key = "muses"

    def side_force(self, s: GameState, conf: Conflict, seat: int, side: int) -> int:
        return s.count(conf.world, seat) - len(tokens_as(s, conf.world, seat, self.id))
