"""Berserkers (A, sacrifice): as a conflict opens, a primary player may give up a
Berserker token of his stack for 5 force (rules 003). Each token may do so (A); the
framework takes the token."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Berserkers(Race):
    key = "berserkers"
    sacrifice = True

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return [()]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        if s.conf is not None:
            s.conf.extra[side] += 5
        return []
