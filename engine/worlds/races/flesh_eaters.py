"""Flesh Eaters (1/C): after a won conflict with Flesh Eaters in your side's stacks, one
new Flesh Eater token joins your stack on that world (rules 003: "produce 1 token"; it
is of their own race, taken from their world's supply)."""

from __future__ import annotations

from ..board import born_tokens
from ..state import GameState
from . import Race, Steps, register, world_of


@register
class FleshEaters(Race):
    key = "flesh_eaters"

    def after_conflict(self, s: GameState, seat: int, won: bool) -> Steps:
        c = s.conf
        if won and c is not None and world_of(s, self.id) >= 0:
            born_tokens(s, c.world, seat, 1, origin=world_of(s, self.id))
        return []
