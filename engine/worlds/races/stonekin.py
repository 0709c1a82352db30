"""Stonekin (A): each token has force 3 and never migrates (rules 003). Interpretation:
"cannot move" forbids migration moves and the Worm Hole alike, but not a retreat, which
the rules call a retreat, not a move (docs/worlds-rules.md)."""

from __future__ import annotations

from . import Race, register


@register
class Stonekin(Race):
    key = "stonekin"

    def token_force(self, role: int) -> int:
        return 3

    def moves(self) -> int:
        return 0
