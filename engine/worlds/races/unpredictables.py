"""Unpredictables (1/C): with Unpredictables in the attacking side's stacks, their owner
draws a card as the conflict opens (rules 003: "when attacking")."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Unpredictables(Race):
    key = "unpredictables"

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        return [("draw", seat, 1)] if side == 0 else []
