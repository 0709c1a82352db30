"""Strategists (1/T): once a turn, after your conflict phase, one stack of yours (your
tokens on one world) gets a second migration and attack phase (rules 003). Its tokens
get their moves back and only they may move; then you may attack on the worlds that
stack stands on (where it was and where it went), each not fought over this turn.
Argument: the stack's world (docs/worlds-rules.md)."""

from __future__ import annotations

from ..state import MOVES, WORLDS, GameState
from . import Race, Steps, register


@register
class Strategists(Race):
    key = "strategists"

    def turn_end_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return [(w,) for w in range(WORLDS) if s.count(w, seat)]

    def turn_end_power(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        w = args[0]
        s.set_tokens(w, seat, [c - c % MOVES for c in s.tokens(w, seat)])
        return [("second_move", seat, w, ())]
