"""Symbionts (A): each token counts 2 in a force total (rules 003)."""

from __future__ import annotations

from . import Race, register


@register
class Symbionts(Race):
    key = "symbionts"

    def token_force(self, role: int) -> int:
        return 2
