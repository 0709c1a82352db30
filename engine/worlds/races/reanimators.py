"""Reanimators (1/C): when a side with Reanimators in its stacks wins, their owner keeps
the opposing tokens that fell: they join his stack on that world, keeping their races
(rules 003). The first such owner on the side takes them all."""

from __future__ import annotations

from ..state import GameState
from ..steps import emit
from . import Race, Steps, register


@register
class Reanimators(Race):
    key = "reanimators"

    def after_result(self, s: GameState, seat: int, side: int, winner: int,
                     lost: dict[int, tuple[int, ...]]) -> Steps:
        c = s.conf
        if c is None or side != winner or not lost:
            return []
        taken = tuple(code for p in sorted(lost) for code in lost[p])
        lost.clear()
        s.set_tokens(c.world, seat, s.tokens(c.world, seat) + taken)
        emit(s, "reanimated", c.world, seat, len(taken))
        return []
