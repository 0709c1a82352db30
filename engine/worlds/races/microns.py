"""Microns (A): each token counts 0 (rules 003). The text is cut off after "If defending
they may": taken as "they may slip away": as the conflict opens, the defending primary
player may move every Micron of his stack to a world he controls within 3 spaces (the
framework's retreat, moves not spent); the rest of the stack stays and fights."""

from __future__ import annotations

from ..board import retreat, retreat_worlds
from ..state import GameState
from . import Race, Steps, register, tokens_as


@register
class Microns(Race):
    key = "microns"

    def token_force(self, role: int) -> int:
        return 0

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None or side != 1:
            return []
        return [(w,) for w in retreat_worlds(s, seat, c.world)]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        codes = tokens_as(s, c.world, seat, self.id)
        return retreat(s, seat, c.world, args[0], codes)
