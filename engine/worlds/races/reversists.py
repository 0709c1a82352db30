"""Reversists (1/C): as a conflict opens, a primary player with Reversists in his stack
may make the attacker and the defender change roles (rules 003): from then on the old
defender's side attacks (a win takes the world; the "when attacking" powers are his) and
the old attacker's side defends (ties are his). The card the defender drew stays drawn.
The conflict step `swap_roles` does the switch."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Reversists(Race):
    key = "reversists"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return [()]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        return [("swap_roles",)]
