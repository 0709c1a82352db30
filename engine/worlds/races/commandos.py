"""Commandos (A, remote): as a conflict opens, a primary player may bring Commando tokens
of his from worlds within 3 spaces into his stack on the conflict's world (rules 003),
one token per use (each token may come: A), their moves not spent. Argument: the world
the Commando comes from."""

from __future__ import annotations

from ..board import move_tokens
from ..state import RANGE, WORLDS, GameState, distance
from . import Race, Steps, register, tokens_as


@register
class Commandos(Race):
    key = "commandos"
    remote = True

    def _mine(self, s: GameState, seat: int, world: int) -> list[int]:
        return tokens_as(s, world, seat, self.id)

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None:
            return []
        return [(w,) for w in range(WORLDS) if w != c.world
                and distance(s.pos[w], s.pos[c.world]) <= RANGE and self._mine(s, seat, w)]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        return move_tokens(s, seat, args[0], c.world, self._mine(s, seat, args[0])[:1],
                           spend=False)
