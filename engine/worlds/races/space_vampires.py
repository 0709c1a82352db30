"""Space Vampires (A): as a conflict opens, a primary player may give up a token of his
stack there (of any race, a Vampire too) for 3 force (rules 003; the text is cut off
after "during": the conflict is taken). Each Vampire token of the stack grants one such
use per conflict. Argument: the origin of the token given up."""

from __future__ import annotations

from ..state import MOVES, GameState
from . import Race, Steps, count_in, count_use, register, times_used


@register
class SpaceVampires(Race):
    key = "space_vampires"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None or times_used(s, self.id, seat) >= count_in(s, seat, c.world, self.id):
            return []
        return [(o,) for o in sorted({code // MOVES for code in s.tokens(c.world, seat)})]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        codes = list(s.tokens(c.world, seat))
        codes.remove(next(code for code in codes if code // MOVES == args[0]))
        s.set_tokens(c.world, seat, codes)
        count_use(s, self.id, seat)
        c.extra[side] += 3
        return []
