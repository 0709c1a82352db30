"""Framers (1/C): a stack with Framers in it cannot be attacked while a stack of a third
player stands on the same world: the attacker must pick that one (rules 003).
Interpretation: the other stack must itself be open to attack (not a Framer stack too);
otherwise the Framers are fair game."""

from __future__ import annotations

from ..state import GameState
from . import Race, races_here, register


@register
class Framers(Race):
    key = "framers"

    def bars_attack(self, s: GameState, world: int, attacker: int, seat: int) -> bool:
        return any(p not in (attacker, seat) and self.id not in races_here(s, world, p)
                   for p in s.occupants(world))
