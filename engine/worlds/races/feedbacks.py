"""Feedbacks (1/B, sacrifice): once the force cards of a conflict are revealed, a primary
player with Feedbacks in his stack may give one up to have the opposing side's force
cards count for his side too, as they count at that moment (rules 003: the effect of a
card the opponent used, duplicated; a Power Up already on them included). Once per
conflict and once per turn; nothing to copy without an opposing card."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register


def _opposing_cards(s: GameState, side: int) -> int:
    from ..conflict import card_sums  # the conflict module imports the races
    return card_sums(s)[1 - side] if s.conf is not None else 0


@register
class Feedbacks(Race):
    key = "feedbacks"
    sacrifice = True

    def late_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return [()] if _opposing_cards(s, side) else []

    def late_power(self, s: GameState, seat: int, side: int, args: tuple[int, ...]) -> Steps:
        if s.conf is not None:
            s.conf.extra[side] += _opposing_cards(s, side)
        return []
