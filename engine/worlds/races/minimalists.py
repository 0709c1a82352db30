"""Minimalists (1/C): with Minimalists in either side's stacks, when both sides have
played force cards, the side whose force cards are lower wins, whatever the totals
(rules 003). Cards are compared as they count (a Power Up doubles; with Use the Force,
the sum of both); equal cards go to the defender, as ties do."""

from __future__ import annotations

from . import Race, register


@register
class Minimalists(Race):
    key = "minimalists"

    def decide(self, cards: list[int]) -> int | None:
        if cards[0] > 0 and cards[1] > 0:
            return 0 if cards[0] < cards[1] else 1
        return None
