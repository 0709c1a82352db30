"""Reductionists (1/C): with Reductionists in your side's stacks, the opposing tokens
count 0 (rules 003): the other side loses its whole token force (cards and world
effects still count)."""

from __future__ import annotations

from . import Race, register


@register
class Reductionists(Race):
    key = "reductionists"

    def force_change(self, tokens: list[int], cards: list[int], side: int) -> tuple[int, int]:
        return (0, -tokens[1 - side])
