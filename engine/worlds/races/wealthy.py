"""Wealthy (R): whoever finds the Wealthy's world (exploring it, or keeping them as his
starting race) draws 10 cards into a reserve (rules 003). Reserve cards are in his hand
and play like any other, but never count against his hand limit (a reserve hand of its
own, even before he holds a Wealthy token); a reserve card used or thrown away is not
replaced (docs/worlds-rules.md).
The reserve is public by handle (`races.reserve_steps`), never by face."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register, reserve_steps

RESERVE = 10


@register
class Wealthy(Race):
    key = "wealthy"
    reserve = RESERVE

    def found(self, s: GameState, world: int, seat: int) -> Steps:
        return reserve_steps(s, seat, self.reserve) if seat >= 0 else []
