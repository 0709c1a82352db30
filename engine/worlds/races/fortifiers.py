"""Fortifiers (W): on the Fortifiers' world, every token of its controller counts 2 more
in a conflict (rules 003; the text is cut off after "on this": the world is taken). The
controller's tokens count when the controller is on a side, as primary or ally."""

from __future__ import annotations

from ..state import Conflict, GameState
from . import Race, register


@register
class Fortifiers(Race):
    key = "fortifiers"

    def world_force(self, s: GameState, world: int, conf: Conflict, side: int) -> int:
        owner = s.control[world]
        return 2 * s.count(world, owner) if owner >= 0 and owner in conf.seats(side) else 0
