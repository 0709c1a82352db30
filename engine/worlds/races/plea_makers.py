"""Plea Makers (A): as a conflict opens, a primary player with Plea Makers in his stack may
make a seat that has tokens on the world but is in neither side join his side as an ally
(rules 003; as every ally, with its whole stack there: docs/worlds-rules.md, choice 12).
Each Plea Maker token may plead once; each plea takes one seat."""

from __future__ import annotations

from ..state import GameState
from ..steps import emit
from . import Race, Steps, register, tokens_as


@register
class PleaMakers(Race):
    key = "plea_makers"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None:
            return []
        pleas = sum(1 for f in c.flags if f.startswith(f"plea:{seat}:"))
        mine = len(tokens_as(s, c.world, seat, self.id))
        if pleas >= mine:
            return []
        return [(p,) for p in s.occupants(c.world) if c.side_of(p) < 0]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        c.add_flag(f"plea:{seat}:{args[0]}")
        c.allies[side] = c.allies[side] + (args[0],)
        emit(s, "ally", args[0], side)
        return []
