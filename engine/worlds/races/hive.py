"""The Hive (W): its world yields three tokens at genesis instead of one (rules 003)."""

from __future__ import annotations

from ..state import GameState
from . import Race, register


@register
class Hive(Race):
    key = "hive"

    def production(self, s: GameState, world: int) -> int | None:
        return 3
