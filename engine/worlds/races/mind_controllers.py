"""Mind Controllers (1/C): as a conflict opens, a primary player with Mind Controllers in
his stack may take one token of the opposing side on that world into his own stack
(rules 003; the text is cut off after "at start of": the conflict's start is taken). The
token keeps its race. Arguments: the seat and the origin of the token taken."""

from __future__ import annotations

from ..board import settle_control
from ..state import GameState
from . import Race, Steps, register, take_token, token_targets


@register
class MindControllers(Race):
    key = "mind_controllers"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None:
            return []
        return token_targets(s, c.world, c.seats(1 - side))

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        other, origin = args
        taken = take_token(s, c.world, other, origin)
        s.set_tokens(c.world, seat, s.tokens(c.world, seat) + (taken,))
        settle_control(s, c.world)
        return []
