"""Doublers (1/C): with Doublers in your side's stacks, your force card counts twice
(rules 003). With Use the Force, both cards do; a Power Up on top doubles again."""

from __future__ import annotations

from . import Race, register


@register
class Doublers(Race):
    key = "doublers"

    def force_change(self, tokens: list[int], cards: list[int], side: int) -> tuple[int, int]:
        return (cards[side], 0)
