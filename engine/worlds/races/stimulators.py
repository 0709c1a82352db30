"""Stimulators (1/W): a world of the active player where he has Stimulator tokens yields
one more token at genesis, once per world per turn (rules 003)."""

from __future__ import annotations

from ..state import GameState
from . import Race, register


@register
class Stimulators(Race):
    key = "stimulators"

    def extra_production(self, s: GameState, world: int, seat: int) -> int:
        return 1
