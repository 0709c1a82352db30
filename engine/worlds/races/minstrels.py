"""Minstrels (1/C): after a conflict your side wins with Minstrels in it, draw three."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Minstrels(Race):
    key = "minstrels"

    def after_conflict(self, s: GameState, seat: int, won: bool) -> Steps:
        return [("draw", seat, 3)] if won else []
