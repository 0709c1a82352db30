"""Hoppers (A): each token makes up to three migration moves a turn, each of at most 2
spaces (rules 003), instead of one move of 3."""

from __future__ import annotations

from . import Race, register


@register
class Hoppers(Race):
    key = "hoppers"

    def moves(self) -> int:
        return 3

    def move_range(self) -> int:
        return 2
