"""Scavengers (1/C): after a conflict your side wins with Scavengers in it, draw a card."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Scavengers(Race):
    key = "scavengers"

    def after_conflict(self, s: GameState, seat: int, won: bool) -> Steps:
        return [("draw", seat, 1)] if won else []
