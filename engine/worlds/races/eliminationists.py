"""Eliminationists (A, sacrifice): as a conflict opens, a primary player may give up an
Eliminationist token of his stack to remove one token of the opposing side (its primary
player's or an ally's) on the conflict's world (rules 003). Each Eliminationist may do so
once (A; the framework takes the token). Arguments: the seat and the origin of the
target token."""

from __future__ import annotations

from ..state import MOVES, GameState
from . import Race, Steps, register


@register
class Eliminationists(Race):
    key = "eliminationists"
    sacrifice = True

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None:
            return []
        return [(p, o) for p in c.seats(1 - side)
                for o in sorted({code // MOVES for code in s.tokens(c.world, p)})]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        other, origin = args
        codes = list(s.tokens(c.world, other))
        victim = next(code for code in codes if code // MOVES == origin)
        codes.remove(victim)
        s.set_tokens(c.world, other, codes)
        return [("killed", c.world, other, 1)]
