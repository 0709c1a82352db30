"""Historians (1/C): with Historians in your side's stacks, draw a card when the conflict
ends, won or lost (rules 003)."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Historians(Race):
    key = "historians"

    def after_conflict(self, s: GameState, seat: int, won: bool) -> Steps:
        return [("draw", seat, 1)]
