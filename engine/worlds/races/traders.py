"""Traders (1/T): once a turn, in your opportunity phase, swap one card with another
player (rules 003): you give a card of your choice and take one at random from their
hand (docs/worlds-rules.md). The taking is a `steal` (the hand is shuffled under new
handles), done first so that you cannot take back your own card; the given card is
passed face down (the step `give`). Both hands must hold a card. Arguments: the seat,
the handle you give."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Traders(Race):
    key = "traders"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return [(other, h) for other in range(s.n) if other != seat and s.hands[other]
                for h in s.hands[seat]]

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        return [("steal", seat, args[0]), ("give", seat, args[0], args[1])]
