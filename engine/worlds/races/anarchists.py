"""Anarchists (1/C): as a conflict opens, a primary player with Anarchists in his stack
may swap hands with the opposing primary player (rules 003). The cards keep their
handles and are opened to their new holders (a `deliver` each)."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Anarchists(Race):
    key = "anarchists"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return [()]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        other = c.primary[1 - side]
        mine, theirs = s.hands[seat], s.hands[other]
        s.set_hand(seat, theirs)
        s.set_hand(other, mine)
        return [("deliver", p, hand) for p, hand in ((seat, theirs), (other, mine)) if hand]
