"""Planet Jumpers (W): in his opportunity phase, the controller of the Planet Jumpers'
world may swap its square with that of another world within 3 spaces (rules 003); once
a turn (the framework's W powers). Tokens stay with their worlds. Arguments: the world,
the other world."""

from __future__ import annotations

from ..state import RANGE, WORLDS, GameState, distance
from . import Race, Steps, register, world_of


@register
class PlanetJumpers(Race):
    key = "planet_jumpers"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        w = world_of(s, self.id)
        if w < 0:
            return []
        return [(w, o) for o in range(WORLDS)
                if o != w and s.pos[o] >= 0 and distance(s.pos[w], s.pos[o]) <= RANGE]

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        w, o = args
        s.pos[w], s.pos[o] = s.pos[o], s.pos[w]
        return []
