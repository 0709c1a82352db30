"""Stonekin (A): each token has force 3 and never migrates (rules 003). Interpretation:
"cannot move" forbids their own migration moves; a Worm Hole or a retreat, which carry a
whole stack, still takes them along (docs/worlds-rules.md, choice 21)."""

from __future__ import annotations

from . import Race, register


@register
class Stonekin(Race):
    key = "stonekin"

    def token_force(self, role: int) -> int:
        return 3

    def moves(self) -> int:
        return 0
