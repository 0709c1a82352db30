"""Repatriationists (1/C): when your side loses a conflict with Repatriationists in your
stack, take a card at random from the opposing primary player's hand (rules 003; the text
is cut off after "steal one card from": the opponent is taken, and the card is drawn at
random as the Opportunists' is: a `steal`, which shuffles his hand under new handles)."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Repatriationists(Race):
    key = "repatriationists"

    def after_conflict(self, s: GameState, seat: int, won: bool) -> Steps:
        c = s.conf
        if won or c is None or c.side_of(seat) < 0:
            return []
        victim = c.primary[1 - c.side_of(seat)]
        return [("steal", seat, victim)]
