"""Assassins (1/T): once a turn, in your opportunity phase, while you have an Assassin
token on the map, remove one token of another player from any world (rules 003).
Arguments: world, seat, origin (the world letter the token was born on)."""

from __future__ import annotations

from ..state import MOVES, WORLDS, GameState
from . import Race, Steps, register, undying


@register
class Assassins(Race):
    key = "assassins"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for w in range(WORLDS):
            for other in s.occupants(w):
                if other != seat:
                    origins = sorted({c // MOVES for c in s.tokens(w, other)
                                      if not undying(s, c)})
                    out += [(w, other, o) for o in origins]
        return out

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        w, other, origin = args
        codes = list(s.tokens(w, other))
        victim = next(c for c in codes if c // MOVES == origin)
        codes.remove(victim)
        s.set_tokens(w, other, codes)
        return [("killed", w, other, 1)]
