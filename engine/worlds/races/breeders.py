"""Breeders (W): the controller of the Breeders' world may discard a card to add two
Breeder tokens there (rules 003). Taken: in his opportunity phase, once per turn (the
framework's W powers), the card thrown face up right after (step `throw`); the hand must
hold a card. Argument: the world."""

from __future__ import annotations

from ..board import born_tokens
from ..state import GameState
from . import Race, Steps, register, world_of


@register
class Breeders(Race):
    key = "breeders"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        w = world_of(s, self.id)
        return [(w,)] if s.hands[seat] and w >= 0 else []

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        born_tokens(s, args[0], seat, 2)
        return [("throw", seat, 1)]
