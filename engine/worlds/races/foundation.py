"""Foundation (R): while you hold a Foundation token you may give a card of your hand to
another player (rules 003, "at any time": taken as any number of times in your
opportunity phase, docs/worlds-rules.md). The card stays face down: only its new holder
learns it (the step `give`). Arguments: the seat, the card's handle."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Foundation(Race):
    key = "foundation"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return [(other, h) for other in range(s.n) if other != seat for h in s.hands[seat]]

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        return [("give", seat, args[0], args[1])]
