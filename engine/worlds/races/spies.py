"""Spies (1/C): when a conflict opens with Spies in your side's stacks, after the defender
has drawn his card, you see the opposing primary player's hand (rules 003). The cards
stay where they are; their faces open to you alone (a `show` chance), taken from the
hand as it is once the defender's draw is done."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Spies(Race):
    key = "spies"

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        c = s.conf
        if c is None or c.primary[1 - side] == seat:
            return []
        return [("show_hand", seat, c.primary[1 - side])]
