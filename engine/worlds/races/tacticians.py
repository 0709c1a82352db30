"""Tacticians (1/C): when a conflict opens with Tactician tokens in your stack (or an
ally's stack of yours), you draw a card (rules 003)."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Tacticians(Race):
    key = "tacticians"

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        return [("draw", seat, 1)]
