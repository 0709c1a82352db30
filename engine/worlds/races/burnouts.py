"""Burnouts (A, sacrifice): give up a Burnout token to draw a card (rules 003). The rule
names no phase: the opportunity phase of your turn is taken (docs/worlds-rules.md).
Argument: the world of the token given up."""

from __future__ import annotations

from ..state import WORLDS, GameState
from . import Race, Steps, register


@register
class Burnouts(Race):
    key = "burnouts"
    sacrifice = True

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return [(w,) for w in range(WORLDS) if s.count(w, seat)]

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        return [("draw", seat, 1)]
