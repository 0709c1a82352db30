"""Reinforcers (A): as a conflict opens, each Reinforcer token in a primary player's
stack may bring one more token of his from a world within 3 spaces into that stack
(rules 003). The token comes without spending its move. Arguments: its world and
origin."""

from __future__ import annotations

from ..board import move_tokens
from ..state import MOVES, RANGE, WORLDS, GameState, distance
from . import Race, Steps, count_in, count_use, register, times_used


@register
class Reinforcers(Race):
    key = "reinforcers"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None or times_used(s, self.id, seat) >= count_in(s, seat, c.world, self.id):
            return []
        out: list[tuple[int, ...]] = []
        for w in range(WORLDS):
            if w != c.world and s.count(w, seat) \
                    and distance(s.pos[w], s.pos[c.world]) <= RANGE:
                out += [(w, o) for o in sorted({code // MOVES for code in s.tokens(w, seat)})]
        return out

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        src, origin = args
        code = next(code for code in s.tokens(src, seat) if code // MOVES == origin)
        count_use(s, self.id, seat)
        return move_tokens(s, seat, src, c.world, [code], spend=False)
