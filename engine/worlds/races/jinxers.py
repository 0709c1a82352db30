"""Jinxers (A): each Jinxer token in a side's stacks jinxes one token of the other side,
whose force drops by 2 (rules 003): a plain token then counts -1. There are no more
jinxes than opposing tokens (docs/worlds-rules.md); the total never falls below 0."""

from __future__ import annotations

from ..state import Conflict, GameState
from . import Race, register


@register
class Jinxers(Race):
    key = "jinxers"

    def side_change(self, s: GameState, conf: Conflict, side: int,
                    count: int) -> tuple[int, int]:
        opposing = sum(s.count(conf.world, p) for p in conf.seats(1 - side))
        return (0, -2 * min(count, opposing))
