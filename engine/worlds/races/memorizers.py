"""Memorizers (R): while you hold a Memorizer token, your hand limit is 2 higher."""

from __future__ import annotations

from . import Race, register


@register
class Memorizers(Race):
    key = "memorizers"

    def hand_size(self, own: bool) -> int:
        return 2 if own else 0
