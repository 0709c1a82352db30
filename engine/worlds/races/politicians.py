"""Politicians (R): a player with Politician tokens on a world controls it (rules 003),
whoever else is there, checked whenever control is settled (moves, deaths, exploring).
Two players with Politicians on one world cancel out: the ordinary rule decides
(docs/worlds-rules.md). A conflict won by an attacker still gives him the world."""

from __future__ import annotations

from . import Race, register


@register
class Politicians(Race):
    key = "politicians"

    def claims_control(self) -> bool:
        return True
