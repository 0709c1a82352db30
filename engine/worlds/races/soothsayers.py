"""Soothsayers (R): while you hold a Soothsayer token, right after your fate draw you
look at the top 7 cards of the deck (rules 003). Only you learn them: the cards are
delivered to your eyes and stay in the deck, in their order. No draw, no look
(docs/worlds-rules.md)."""

from __future__ import annotations

from ..state import GameState
from . import Race, Steps, register

LOOK = 7


@register
class Soothsayers(Race):
    key = "soothsayers"

    def after_fate_draw(self, s: GameState, seat: int) -> Steps:
        top = s.deck[-LOOK:][::-1]  # the deck's top is last
        return [("deliver", seat, top)] if top else []
