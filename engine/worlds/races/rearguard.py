"""Rearguard (A, sacrifice): as a conflict opens, a primary player may give up a Rearguard
token of his stack so that the rest of it retreats (rules 003; the retreat of the
framework: to a world he controls within 3 spaces). The conflict is then off."""

from __future__ import annotations

from ..board import retreat, retreat_worlds
from ..state import GameState
from . import Race, Steps, register


@register
class Rearguard(Race):
    key = "rearguard"
    sacrifice = True

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        return [(w,) for w in retreat_worlds(s, seat, c.world)] if c is not None else []

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        c.add_flag("ended")
        return retreat(s, seat, c.world, args[0])
