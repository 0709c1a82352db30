"""Deporters (1/W): in your opportunity phase, on a world you control where you have
Deporter tokens, send one token of another player away, once per world per turn (rules
003). It retreats as the rules define it: to a world its owner controls within 3 spaces,
which the Deporter names; a token with nowhere to retreat to cannot be deported
(docs/worlds-rules.md). Arguments: world, seat, origin, destination."""

from __future__ import annotations

from ..board import retreat, retreat_worlds
from ..state import MOVES, WORLDS, GameState
from . import Race, Steps, register


@register
class Deporters(Race):
    key = "deporters"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for w in range(WORLDS):
            if s.control[w] != seat:
                continue
            for other in s.occupants(w):
                if other == seat:
                    continue
                away = retreat_worlds(s, other, w)
                for o in sorted({c // MOVES for c in s.tokens(w, other)}):
                    out += [(w, other, o, dst) for dst in away]
        return out

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        w, other, origin, dst = args
        token = next(c for c in s.tokens(w, other) if c // MOVES == origin)
        return retreat(s, other, w, dst, [token])
