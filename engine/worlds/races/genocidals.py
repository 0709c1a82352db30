"""Genocidals (1/W): in your opportunity phase, on a world you control where you have
Genocidal tokens, remove one token of another player (rules 003); once per world per
turn. Arguments: world, seat, origin."""

from __future__ import annotations

from ..state import MOVES, WORLDS, GameState
from . import Race, Steps, register, undying


@register
class Genocidals(Race):
    key = "genocidals"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for w in range(WORLDS):
            if s.control[w] != seat:
                continue
            for other in s.occupants(w):
                if other != seat:
                    origins = sorted({c // MOVES for c in s.tokens(w, other)
                                      if not undying(s, c)})
                    out += [(w, other, o) for o in origins]
        return out

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        w, other, origin = args
        codes = list(s.tokens(w, other))
        codes.remove(next(c for c in codes if c // MOVES == origin))
        s.set_tokens(w, other, codes)
        return [("killed", w, other, 1)]
