"""Worldship (W): the controller of the Worldship's world may move the world one space a
turn (rules 003). Taken: in his opportunity phase, to any of the eight squares around it
that is on the map and free of worlds; the tokens on it travel with it. Arguments: the
world, the new square (column * 10 + row, from 0)."""

from __future__ import annotations

from ..board import move_tokens
from ..state import GRID, GameState, space_place
from . import Race, Steps, register, world_of


def free_square(s: GameState, sq: int) -> bool:
    return 0 <= sq < GRID * GRID and sq not in s.pos


@register
class Worldship(Race):
    key = "worldship"

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        w = world_of(s, self.id)
        if w < 0:
            return []
        x, y = divmod(s.pos[w], GRID)
        return [(w, (x + dx) * GRID + y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < GRID and 0 <= y + dy < GRID
                and free_square(s, (x + dx) * GRID + y + dy)]

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        s.pos[args[0]] = args[1]
        place = space_place(args[1])  # tokens in deep space there now stand on the world
        steps: Steps = []
        for p in s.occupants(place):
            steps += move_tokens(s, p, place, args[0], list(s.tokens(place, p)), spend=False)
        return steps
