"""Healer: when another player loses ships to the warp, the Healer may heal them: the
ships go back to that player's colonies (the player places them) and the Healer draws a
card from the deck.

Text followed: rules 004 (classic Healer), in 2008 terms (rules 001 gives only its
summary, "can save other players' ships from warp"). Each loss is its own decision, so
healing several players in one encounter draws one card for each. Healing does not undo
the loss for compensation: compensation counts the ships lost in the resolution.

How: every loss to the warp goes through `to_warp`, whose `after_warp` hook asks the
Healer (a "heal" step; passing leaves the ships in the warp). Healing is a use, so a
Cosmic Zap cancels it. A loss by a player with no colony, or ships that already left the
warp (a Zombie's), is not offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Pass, UsePower
from ..choices import Fixed
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, WARP, emit, fail, pop, push, register as register_step, replace
from ..windows import power_step
from ..zones import draw, place_returning

Step_t = tuple[Any, ...]


def _after_warp(s: GameState, seat: int, owner: int, count: int) -> list[Step_t]:
    return [("heal", seat, owner, count)] if owner != seat else []


def _offer(s: GameState, st: Step_t) -> UsePower | None:
    _, healer, owner, count = st
    count = min(count, s.warp[owner])
    if count <= 0 or not s.colonies(owner) or not s.has_power(healer):
        return None
    return UsePower(healer, 0, (owner, count))


@register_step
class Heal(SeatStep):
    """("heal", healer, owner, count): the Healer heals this loss or passes."""

    name, phase, kinds = "heal", "response", ("pass", "power")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return _offer(s, st) is not None

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        use = _offer(s, st)
        return Fixed([Pass(seat)] + ([use] if use is not None else []))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Pass):
            pop(s)
            return
        if a != _offer(s, st):
            fail(s, a, f"heal with {_offer(s, st)}, or pass")
        assert isinstance(a, UsePower)
        replace(s, *power_step(s, a.seat, a.option, tuple(a.args), "heal", "healer"))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    owner, count = args
    count = min(count, s.warp[owner])
    if count <= 0 or not s.colonies(owner):
        return
    emit(s, "heal", seat, owner, count)
    push(s, place_returning(s, owner, WARP, count), draw(seat, 1))


ALIEN = register(Alien(
    name="healer", lamp="green", summary="Saves others' ships from the warp for a card",
    roles=("any",), phases=("any",), mandatory=False, source="rules 004 (classic)",
    use=_use, after_warp=_after_warp,
))
