"""Eliminationists (A, sacrifice): as a conflict opens, a primary player may give up an
Eliminationist token of his stack to remove one token of the opposing side (its primary
player's or an ally's) on the conflict's world (rules 003). Each Eliminationist may do so
once (A; the framework takes the token). Arguments: the seat and the origin of the
target token."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register, take_token, token_targets


@register
class Eliminationists(Race):
    key = "eliminationists"
    sacrifice = True

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None:
            return []
        return token_targets(s, c.world, c.seats(1 - side), kill=True)

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        other, origin = args
        take_token(s, c.world, other, origin)
        return [("killed", c.world, other, 1)]
