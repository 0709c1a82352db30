"""Gatherers (1/T): once a turn, in your opportunity phase, every Gatherer token of yours
goes to one world you control, from any distance (rules 003). The moves are free (not
spent); a world that refuses them (the Purists') is no destination. Argument: the
destination; at least one Gatherer must be elsewhere."""

from __future__ import annotations

from ..board import move_tokens
from ..state import MOVES, WORLDS, GameState
from . import Race, Steps, admits, register, tokens_as, world_of


def _gatherers(s: GameState, seat: int, world: int, race: int) -> list[int]:
    return tokens_as(s, world, seat, race)


@register
class Gatherers(Race):
    key = "gatherers"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        homes = [w for w in range(WORLDS) if s.control[w] == seat
                 and admits(s, w, world_of(s, self.id) * MOVES)]
        return [(dst,) for dst in homes
                if any(_gatherers(s, seat, w, self.id) for w in range(WORLDS) if w != dst)]

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        dst = args[0]
        out: Steps = []
        for w in range(WORLDS):
            codes = _gatherers(s, seat, w, self.id)
            if w != dst and codes:
                out += move_tokens(s, seat, w, dst, codes, spend=False)
        return out
