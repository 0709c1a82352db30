"""Projectors (A, sacrifice): as a conflict opens, a primary player may give up one of
his Projector tokens standing within 3 spaces of the conflict's world (there too) for 2
force on his side (rules 003). The framework takes the token from the world named by the
first argument (`reach`)."""

from __future__ import annotations

from ..state import RANGE, WORLDS, GameState
from . import Race, Steps, register


@register
class Projectors(Race):
    key = "projectors"
    sacrifice = True
    reach = RANGE

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return [(w,) for w in range(WORLDS) if s.count(w, seat)]  # framework: in reach

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        if s.conf is not None:
            s.conf.extra[side] += 2
        return []
