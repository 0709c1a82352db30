"""Contagion (A): when another player's tokens make a migration move off a world where you
have Contagion tokens, you may move any number of those Contagion tokens along to the
same destination (rules 003). Interpretations: riding is not a move of their own (no
move spent, no range limit, a Toll Keeper does not hold them); only migration moves are
ridden, and a ride sets off no further ride. The step `ride` asks the owner."""

from __future__ import annotations

from ..actions import Action, Decline, Power
from ..board import move_tokens
from ..data import race_id
from ..state import GameState, Knowledge
from ..steps import SeatStep, Step_t, fail, pop, register as register_step, replace
from . import Race, Steps, register, tokens_as

_ID = race_id("contagion")


def _riders(s: GameState, race: int, owner: int, src: int) -> list[int]:
    return tokens_as(s, src, owner, race)


@register
class Contagion(Race):
    key = "contagion"

    def watch_move(self, s: GameState, owner: int, mover: int, src: int, dst: int,
                   codes: list[int]) -> Steps:
        return [("ride", owner, src, dst)] if _riders(s, self.id, owner, src) else []


@register_step
class Ride(SeatStep):
    """("ride", owner, src, dst): move some Contagion tokens along (power: how many), or
    decline."""

    name = "ride"
    phase = "migration"
    kinds = ("power", "decline")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(_riders(s, _ID, st[1], st[2]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        race = _ID
        n = len(_riders(s, race, seat, st[2]))
        out: list[Action] = [Power(seat, race, (k,)) for k in range(1, n + 1)]
        return out + [Decline(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Decline):
            pop(s)
            return
        race = _ID
        riders = _riders(s, race, st[1], st[2])
        if not isinstance(a, Power) or a.race != race or len(a.args) != 1 \
                or not 1 <= a.args[0] <= len(riders):
            fail(s, a, f"ride with 1 to {len(riders)} Contagion token(s), or decline")
            return
        replace(s, *move_tokens(s, st[1], st[2], st[3], riders[:a.args[0]], spend=False))
