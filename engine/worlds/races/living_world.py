"""Living World (W): its world yields no tokens; its controller adds 20 to his force
total (rules 003). Interpretation: in conflicts on that world only, and only when the
controller is a primary player of the side (docs/worlds-rules.md)."""

from __future__ import annotations

from ..state import Conflict, GameState
from . import Race, register


@register
class LivingWorld(Race):
    key = "living_world"

    def production(self, s: GameState, world: int) -> int | None:
        return 0

    def world_force(self, s: GameState, world: int, conf: Conflict, side: int) -> int:
        return 20 if s.control[world] == conf.primary[side] else 0
