"""BoobyTrappers (A): when a side loses, each BoobyTrapper token that fell in it takes
one token of the winning side on that world with it, chosen by its owner (rules 003; the
text is cut off after "if you": "if you lose" is taken)."""

from __future__ import annotations

from ..actions import Action, Power
from ..board import settle_control
from ..data import race_id
from ..state import MOVES, GameState, Knowledge
from ..steps import SeatStep, Step_t, emit, fail, register, replace
from . import Race, Steps, take_token, token_targets, world_races
from . import register as register_race

KEY = "boobytrappers"


def _targets(s: GameState, st: Step_t) -> list[tuple[int, ...]]:
    _, seat, world, count, winners = st
    if count <= 0:
        return []
    return token_targets(s, world, winners, kill=True)


@register
class Trap(SeatStep):
    """("trap", seat, world, count, winners): seat removes `count` tokens of the winning
    seats on the world, one at a time (Power boobytrappers SEAT ORIGIN)."""

    name = "trap"
    phase = "conflict"
    kinds = ("power",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(_targets(s, st))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Power(seat, race_id(KEY), args) for args in _targets(s, st)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Power) or a.race != race_id(KEY) or a.args not in _targets(s, st):
            fail(s, a, "remove one token of the winning side here")
            return
        world = st[2]
        other, origin = a.args
        take_token(s, world, other, origin)
        emit(s, "killed", world, other, 1)
        settle_control(s, world)
        replace(s, ("trap", st[1], world, st[3] - 1, st[4]))


@register_race
class BoobyTrappers(Race):
    key = KEY

    def after_result(self, s: GameState, seat: int, side: int, winner: int,
                     lost: dict[int, tuple[int, ...]]) -> Steps:
        c = s.conf
        if c is None or side == winner or seat not in lost:
            return []
        count = sum(1 for code in lost[seat] if self.id in world_races(s, code // MOVES))
        return [("trap", seat, c.world, count, c.seats(winner))] if count else []
