"""Transporters (A, remote): as a conflict opens, each Transporter of a primary player on a
world within 3 spaces may send one other token of his from that world into his stack on
the conflict's world (rules 003); the Transporter itself stays. Arguments: the world and
the origin (world letter) of the token sent. The uses are counted in the conflict's flags
(`carry:SEAT:WORLD:N`): no more than the Transporters standing there."""

from __future__ import annotations

from ..board import move_tokens
from ..state import MOVES, RANGE, WORLDS, GameState, distance
from . import Race, Steps, acting, register, tokens_as


@register
class Transporters(Race):
    key = "transporters"
    remote = True

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None:
            return []
        out: list[tuple[int, ...]] = []
        for w in range(WORLDS):
            if w == c.world or distance(s.pos[w], s.pos[c.world]) > RANGE:
                continue
            codes = s.tokens(w, seat)
            carriers = len(tokens_as(s, w, seat, self.id))
            done = sum(1 for f in c.flags if f.startswith(f"carry:{seat}:{w}:"))
            if carriers > done:
                out += [(w, o) for o in sorted({x // MOVES for x in codes})
                        if self.id not in acting(s, w, seat, o * MOVES)]
        return out

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        w, origin = args
        done = sum(1 for f in c.flags if f.startswith(f"carry:{seat}:{w}:"))
        c.add_flag(f"carry:{seat}:{w}:{done}")
        token = next(x for x in s.tokens(w, seat) if x // MOVES == origin)
        return move_tokens(s, seat, w, c.world, [token], spend=False)
