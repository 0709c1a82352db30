"""Slavers (1/C): when the side with Slavers in your stack wins a conflict, you keep one of
the tokens of the losing stacks: it is spared and joins your stack on the world (rules
003). You pick it (its owner and world letter) at the step `enslave`, from what the
conflict destroyed (the `lost:SEAT:ORIGIN` flags the result leaves)."""

from __future__ import annotations

from ..actions import Action, Power
from ..data import race_id
from ..state import MOVES, GameState, Knowledge
from ..steps import SeatStep, Step_t, emit, fail, pop, register as register_step
from . import Race, Steps, register

_ID = race_id("slavers")


def _lost(s: GameState) -> list[tuple[int, int]]:
    c = s.conf
    if c is None:
        return []
    return [(int(f.split(":")[1]), int(f.split(":")[2])) for f in c.flags
            if f.startswith("lost:")]


@register
class Slavers(Race):
    key = "slavers"

    def after_conflict(self, s: GameState, seat: int, won: bool) -> Steps:
        return [("enslave", seat)] if won and _lost(s) else []


@register_step
class Enslave(SeatStep):
    """("enslave", seat): take one destroyed token (a Power of the Slavers: seat, origin)."""

    name = "enslave"
    phase = "conflict"
    kinds = ("power",)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        race = _ID
        return [Power(seat, race, (p, o)) for p, o in sorted(_lost(s))]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        c = s.conf
        if c is None or not isinstance(a, Power) or len(a.args) != 2 \
                or a.race != _ID or tuple(a.args) not in _lost(s):
            fail(s, a, f"take one of the destroyed tokens: {sorted(_lost(s))}")
            return
        p, origin = a.args
        s.set_tokens(c.world, a.seat, s.tokens(c.world, a.seat) + (origin * MOVES,))
        emit(s, "enslaved", c.world, a.seat, p, origin)
        pop(s)
