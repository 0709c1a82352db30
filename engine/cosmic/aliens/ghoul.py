"""Ghoul: as a main player, for each ship its opponents lose to the warp it may draw a
card from the deck or bring one of its own ships back from the warp to a colony.

Text followed: rules 004 (classic Ghoul), in 2008 terms ("token" = ship, "base" =
colony). Choices we made:
- "Opponents" are the seats on the other side of the encounter: the other main player
  and its allies. Any of their losses to the warp during the encounter counts, whatever
  caused it (the resolution, an artifact, a power), as long as the loss stands
  (engine.cosmic.powers, Losses to the warp: it reacts through `after_warp`).
- After each such loss the Ghoul answers once ("plunder" step): pass, or `power 0 K N`
  (N the ships lost; K of its own ships back from the warp, the other N - K as cards;
  K from 0 to the lesser of N and its ships in the warp, only 0 when it has no colony
  to place them on). Its ships back go to colonies of its choice. The plunder is a use,
  so a Cosmic Zap cancels it.
- Only while a main player: as an ally or bystander it gains nothing.
"""

from __future__ import annotations

from typing import Any

from ..actions import UsePower
from ..powers import Alien, register
from ..state import GameState
from ..steps import WARP, emit, push, register as register_step
from ..zones import draw, place_returning
from ._offer import OfferStep
from ._util import is_main, side_of

NAME = "ghoul"
Step_t = tuple[Any, ...]


def _after_warp(s: GameState, seat: int, owner: int, count: int) -> list[Step_t]:
    mine, theirs = side_of(s, seat), side_of(s, owner)
    if not is_main(s, seat) or mine is None or theirs is None or mine == theirs:
        return []
    return [("plunder", seat, count)]


@register_step
class Plunder(OfferStep):
    """("plunder", seat, count): `power 0 K COUNT`: K ships back from the warp, COUNT - K
    cards from the deck."""

    name, phase, power = "plunder", "response", NAME

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        _, seat, count = st
        most = min(count, s.warp[seat]) if s.colonies(seat) else 0
        return [UsePower(seat, 0, (k, count)) for k in range(most + 1)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    back, count = args
    back = min(back, s.warp[seat]) if s.colonies(seat) else 0
    emit(s, "plunder", seat, back, count - back)
    push(s, place_returning(s, seat, WARP, back), draw(seat, count - back))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Gains a card or a ship back for each ship its "
    "opponents lose to the warp",
    roles=("main",), phases=("any",), mandatory=False, source="rules 004 (classic)",
    use=_use, after_warp=_after_warp,
))
