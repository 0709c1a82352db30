"""Martyrs (A, sacrifice): as a conflict opens, a primary player may give up a Martyr token
of his stack so that each of his other tokens in that stack counts one more (rules 003).
The tokens are counted when the Martyr is given up (docs/worlds-rules.md); an ally's
tokens are not his. Each Martyr may do so once (the framework takes the token)."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


@register
class Martyrs(Race):
    key = "martyrs"
    sacrifice = True

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return [()]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is not None:
            c.extra[side] += s.count(c.world, seat)
        return []
