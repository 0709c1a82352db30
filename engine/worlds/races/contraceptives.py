"""Contraceptives (1/W): no other player's tokens are born on a world where you have a
Contraceptive token (rules 003: opponents there may not reproduce): neither the world's
own genesis yield for its controller nor other races' births there (Blobs)."""

from __future__ import annotations

from ..state import GameState
from . import Race, register


@register
class Contraceptives(Race):
    key = "contraceptives"

    def blocks_births(self, s: GameState, world: int, owner: int, seat: int) -> bool:
        return seat != owner
