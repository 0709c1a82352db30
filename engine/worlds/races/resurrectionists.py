"""Resurrectionists (A, sacrifice): in your opportunity phase, give up a Resurrectionist
token to take the top card of the discard pile into your hand (rules 003). The discard
pile is face up, so the card stays known to all. Argument: the world of the token given
up; there must be a card to take."""

from __future__ import annotations

from ..state import WORLDS, GameState
from . import Race, Steps, register


@register
class Resurrectionists(Race):
    key = "resurrectionists"
    sacrifice = True

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return [(w,) for w in range(WORLDS) if s.count(w, seat)] if s.discard else []

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        top = s.discard[-1]
        s.discard = s.discard[:-1]
        s.set_hand(seat, s.hands[seat] + (top,))
        return []
