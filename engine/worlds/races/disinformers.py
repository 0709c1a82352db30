"""Disinformers (1/C): attacked on another player's turn with Disinformers in his stack, a
player may turn the attack onto a third player's stack on the same world (rules 003: he
makes the active player attack that opponent instead). As the attack is declared, before
the invitations (the conflict step `redirect`): the third player becomes the defender
(he draws the card), the Disinformers' owner stands aside and may be invited as an ally.
Not on his own turn (a counter-attack on him as the active player is his own doing)."""

from __future__ import annotations

from ..state import Conflict, GameState
from . import Race, register


@register
class Disinformers(Race):
    key = "disinformers"

    def redirect_targets(self, s: GameState, conf: Conflict, seat: int) -> list[int]:
        if seat == s.active or conf.primary[0] != s.active:
            return []
        return [p for p in s.occupants(conf.world) if p not in conf.primary]
