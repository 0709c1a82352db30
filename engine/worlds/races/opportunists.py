"""Opportunists (1/C): as a conflict opens with Opportunists in your stack, take a card
at random from the opposing primary player's hand (rules 003; the text is cut off after
"at start of": the conflict's start is taken). The card is drawn by a `hand_shuffle`
chance: the victim's hand is shuffled under new handles, the first goes to the taker."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Opportunists(Race):
    key = "opportunists"

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        c = s.conf
        if c is None:
            return []
        victim = c.primary[1 - side]
        return [("steal", seat, victim)] if victim != seat else []
