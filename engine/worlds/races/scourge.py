"""Scourge (R): while you hold a Scourge token, every other player's hand limit is 1
lower (rules 003)."""

from __future__ import annotations

from . import Race, register


@register
class Scourge(Race):
    key = "scourge"

    def hand_size(self, own: bool) -> int:
        return 0 if own else -1
