"""Clean Slates (1/C): as a conflict opens with Clean Slates in a side's stacks, both
primary players discard their whole hands (rules 003), face up, each by a `pay` step of
his whole hand (after the defender's draw, so the drawn card goes too)."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class CleanSlates(Race):
    key = "clean_slates"

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        c = s.conf
        if c is None:
            return []
        return [("pay", c.primary[0], -1), ("pay", c.primary[1], -1)]
