"""Thinkers (R): while you hold a Thinker token, the fate draw gives you one more card."""

from __future__ import annotations

from . import Race, register


@register
class Thinkers(Race):
    key = "thinkers"

    def fate_draw(self) -> int:
        return 1
