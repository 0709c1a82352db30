"""Toll Keepers (1/W): while a player has Toll Keepers on a world, the tokens of the other
players there cannot make migration moves from it (rules 003). Interpretation: only
migration moves are held; a retreat, a Worm Hole or a race power still carries them."""

from __future__ import annotations

from ..state import GameState
from . import Race, register


@register
class TollKeepers(Race):
    key = "toll_keepers"

    def bars_move(self, s: GameState, world: int, owner: int, mover: int) -> bool:
        return mover != owner
