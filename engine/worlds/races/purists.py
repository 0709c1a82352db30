"""Purists (W): no token of another race may migrate onto the Purists' world, and those
who find it retreat (rules 003). The finder's tokens retreat as the rules define it, to
the first world he controls within 3 spaces (in letter order); with none they are lost
(docs/worlds-rules.md). The finder keeps the world's control marker (a controller keeps
a world he leaves empty) and so its Purist births."""

from __future__ import annotations

from ..board import retreat, retreat_worlds
from ..state import MOVES, GameState
from . import Race, Steps, register


@register
class Purists(Race):
    key = "purists"

    def admits(self, s: GameState, world: int, code: int) -> bool:
        return code // MOVES == world

    def found(self, s: GameState, world: int, seat: int) -> Steps:
        if seat < 0:
            return []
        strangers = [c for c in s.tokens(world, seat) if c // MOVES != world]
        if not strangers:
            return []
        away = retreat_worlds(s, seat, world)
        if away:
            return retreat(s, seat, world, away[0], strangers)
        s.set_tokens(world, seat, [c for c in s.tokens(world, seat) if c // MOVES == world])
        return [("killed", world, seat, len(strangers))]
