"""Collectors (R): while you hold a Collector token, your fate draw gives two more cards
and you then throw away two (rules 003); the hand limit applies after that."""

from __future__ import annotations

from . import Race, register


@register
class Collectors(Race):
    key = "collectors"

    def fate_draw(self) -> int:
        return 2

    def fate_discard(self) -> int:
        return 2
