"""Diplomats (1/T): whoever attacks a stack holding Diplomats pays two cards of his choice
for it, discarded face up as the conflict opens (rules 003). Interpretations: the price
is owed once a turn per Diplomat owner (the use code), for an attack on a stack with
Diplomats in it (race powers act from the conflict's stacks); a player holding fewer
than two cards cannot make that attack while the price is owed."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register

PRICE = 2


@register
class Diplomats(Race):
    key = "diplomats"

    def bars_attack(self, s: GameState, world: int, attacker: int, seat: int) -> bool:
        return len(s.hands[attacker]) < PRICE

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        c = s.conf
        if c is None or side != 1 or seat != c.primary[1]:
            return []
        return [("pay", c.primary[0], PRICE)]
