"""Escapists (1/C): when a side with Escapists in its stacks loses, their owner saves one
of his own fallen tokens from that world (any race) by retreating it to a world he
controls within 3 spaces (rules 003; the retreat of the framework), or lets it go. His
other fallen tokens are gone for good (a winning Reanimator does not get them)."""

from __future__ import annotations

from ..actions import Action, Done, Power
from ..board import retreat_worlds, settle_control
from ..data import race_id
from ..state import MOVES, GameState, Knowledge
from ..steps import SeatStep, Step_t, emit, fail, pop, register
from . import Race, Steps
from . import register as register_race

KEY = "escapists"


def _choices(s: GameState, st: Step_t) -> list[tuple[int, ...]]:
    _, seat, world, codes = st
    return [(dst, o) for dst in retreat_worlds(s, seat, world)
            for o in sorted({code // MOVES for code in codes})]


@register
class Escape(SeatStep):
    """("escape", seat, world, codes): seat may save one of these fallen tokens of his
    (Power escapists DST ORIGIN), or Done."""

    name = "escape"
    phase = "conflict"
    kinds = ("power", "done")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(_choices(s, st))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        race = race_id(KEY)
        return [Power(seat, race, args) for args in _choices(s, st)] + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            pop(s)
            return
        if not isinstance(a, Power) or a.race != race_id(KEY) \
                or a.args not in _choices(s, st):
            fail(s, a, "save one fallen token to a world you control within 3 spaces")
            return
        dst, origin = a.args
        code = next(code for code in st[3] if code // MOVES == origin)
        s.set_tokens(dst, a.seat, s.tokens(dst, a.seat) + (code,))
        emit(s, "retreat", a.seat, st[2], dst)
        settle_control(s, dst)
        pop(s)


@register_race
class Escapists(Race):
    key = KEY

    def after_result(self, s: GameState, seat: int, side: int, winner: int,
                     lost: dict[int, tuple[int, ...]]) -> Steps:
        c = s.conf
        if c is None or side == winner or seat not in lost:
            return []
        return [("escape", seat, c.world, lost.pop(seat))]
