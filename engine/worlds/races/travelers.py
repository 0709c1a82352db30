"""Travelers (A): their tokens migrate up to 5 spaces instead of 3 (rules 003)."""

from __future__ import annotations

from . import Race, register


@register
class Travelers(Race):
    key = "travelers"

    def move_range(self) -> int:
        return 5
