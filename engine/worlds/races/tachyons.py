"""Tachyons (A): each of their tokens makes two migration moves a turn (rules 003)."""

from __future__ import annotations

from . import Race, register


@register
class Tachyons(Race):
    key = "tachyons"

    def moves(self) -> int:
        return 2
