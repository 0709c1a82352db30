"""Warlock: for each of its own ships that goes to the warp, it may draw a card from the
deck.

Text followed: rules 004 (classic Warlock), in 2008 terms ("token" = ship). Choices we
made:
- Every loss of the Warlock's to the warp counts, whatever its role and whatever sent the
  ships there (the encounter, an artifact, another power), as long as the loss stands
  (engine.cosmic.powers, Losses to the warp: it reacts through `after_warp`). Ships that only
  pass through the warp without being lost (a Ghost's returning ships) are not losses.
- After each loss the Warlock is asked once ("warlock" step): it passes or draws from one
  up to as many cards as ships it just lost (`power 0 K`). Drawing is a use of the
  power, so a Cosmic Zap cancels it (no card drawn).
- The count is taken when the loss happens; a Healer healing the ships afterwards does
  not take back the cards (the Warlock is asked first only if it comes first in timing
  order; either way both may act on the same loss).
"""

from __future__ import annotations

from typing import Any

from ..actions import UsePower
from ..powers import Alien, register
from ..state import GameState
from ..steps import emit, push, register as register_step
from ..zones import draw
from ._offer import OfferStep

NAME = "warlock"
Step_t = tuple[Any, ...]


def _after_warp(s: GameState, seat: int, owner: int, count: int) -> list[Step_t]:
    return [("warlock", seat, count)] if owner == seat else []


@register_step
class WarlockDraw(OfferStep):
    """("warlock", seat, count): draw up to `count` cards, or pass."""

    name, phase, power = "warlock", "response", NAME

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        return [UsePower(st[1], 0, (k,)) for k in range(1, st[2] + 1)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    emit(s, "warlock", seat, args[0])
    push(s, draw(seat, args[0]))


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Draws a card for each of its ships lost to the warp",
    roles=("any",), phases=("any",), mandatory=False, source="rules 004 (classic)",
    use=_use, after_warp=_after_warp,
))
