"""Pacifists (1/C): as a conflict opens, a primary player with Pacifists in his stack may
give up every Pacifist token of that stack to call the conflict off (rules 003). Tokens
of the race in an ally's stack are not his to give."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register, tokens_as


@register
class Pacifists(Race):
    key = "pacifists"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return [()]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        codes = s.tokens(c.world, seat)
        gone = tokens_as(s, c.world, seat, self.id)
        keep = list(codes)
        for code in gone:
            keep.remove(code)
        s.set_tokens(c.world, seat, keep)
        c.add_flag("ended")
        return [("killed", c.world, seat, len(codes) - len(keep))]
