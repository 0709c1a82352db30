"""Propagandists (1/W): on a world where you have Propagandist tokens, turn one token of
another player there into one of yours, once per world per turn (rules 003; no phase is
named: your opportunity phase is taken, docs/worlds-rules.md). The token keeps its race
(its world letter). Arguments: world, seat, origin."""

from __future__ import annotations

from ..board import settle_control
from ..state import MOVES, WORLDS, GameState
from . import Race, Steps, register


@register
class Propagandists(Race):
    key = "propagandists"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for w in range(WORLDS):
            if not s.count(w, seat):
                continue
            for other in s.occupants(w):
                if other != seat:
                    out += [(w, other, o) for o in sorted({c // MOVES for c in s.tokens(w, other)})]
        return out

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        w, other, origin = args
        codes = list(s.tokens(w, other))
        token = next(c for c in codes if c // MOVES == origin)
        codes.remove(token)
        s.set_tokens(w, other, codes)
        s.set_tokens(w, seat, s.tokens(w, seat) + (token,))
        settle_control(s, w)
        return []
