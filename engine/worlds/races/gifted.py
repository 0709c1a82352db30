"""Gifted (no use code of its own): the race has two powers, from two more race chits drawn
when it is found (rules 003). Whoever finds the Gifted's world (exploring it, keeping it
as his starting race, or by a Mutation that turns it up) draws the top two chits of the
race pile; they are turned up and lie by the world (`state.gifts`). From then on every
token born on that world acts with both races (`world_races`, so the framework's
`acting`): their A, 1/C, 1/T, R powers as tokens of either race, the W powers on the
Gifted's world for its controller, each race's own use limits. The two are then found on
that world too (Plebs' tokens, the Wealthy's reserve, the Purists' retreat...), by the
same finder. A Mutation of the world sends all three chits out of the game."""

from __future__ import annotations

from ..state import GameState
from ..steps import Step, Step_t, emit, register as register_step, replace
from . import Race, Steps, impl, register


@register
class Gifted(Race):
    key = "gifted"
    gifts = 2

    def found(self, s: GameState, world: int, seat: int) -> Steps:
        if s.gifts[world] or not s.race_pile:
            return []
        drawn = tuple(reversed(s.race_pile[-self.gifts:]))  # the top first
        s.race_pile = s.race_pile[:-len(drawn)]
        s.gifts[world] = drawn
        return [("reveal", drawn), ("gift", world, seat)]


@register_step
class Gift(Step):
    """("gift", world, seat): the Gifted's chits are turned up: the races are found there."""

    name = "gift"
    phase = "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        world, seat = st[1], st[2]
        races = [s.faces[h] for h in s.gifts[world]]
        emit(s, "gifted", world, races)
        replace(s, *[x for race in races for x in impl(race).found(s, world, seat)])
        return True
