"""Assassin: whenever another player's colour is drawn from the destiny deck, one ship of
that colour goes from a colony of the Assassin's choosing to the warp.

Text followed: rules 004 (classic Assassin), in 2008 terms ("token" = ship, "base" =
colony). Choices we made:
- "Comes up in the destiny pile" is any destiny card of that colour drawn by anyone (the
  offense drawing it for an encounter, or drawing again), the Assassin's own encounters
  included. A card of the Assassin's own colour does nothing. A special card shows the
  colour of the seat it names as the defense (rules 001, Color of Special Destiny
  Cards; engine.cosmic.flow `destiny_seat`), settled when it comes up: what the
  Assassin does cannot change the defense. A wild card has none.
- The power is mandatory: it acts as an automatic use (an "auto_power" step) as soon as
  the card is face up, before the draw is followed; being a use, a Cosmic Zap cancels it.
  It acts from any role (the destiny draw comes before anyone but the offense has one).
- The Assassin picks the planet ("assassinate" step, a `Ships` action naming one ship:
  `yellow ships blue.1:1`); with one planet to choose from it is done without asking. A
  player with no ship on any planet loses nothing (ships at the gate or beside a planet
  are not on a colony; at the destiny draw there are none anyway).
"""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..choices import Dist
from ..flow import destiny_seat
from ..powers import Alien, register
from ..state import GameState
from ..steps import emit, pop, push, register as register_step, to_warp
from ..zones import ShipChoice

Step_t = tuple[Any, ...]


def _drawn(s: GameState, seat: int, drawer: int, handle: int) -> list[Step_t]:
    target = destiny_seat(s, drawer, handle)
    if target < 0 or target == seat or not s.colonies(target):
        return []
    return [("auto_power", seat, 0, (target,))]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    target = args[0]
    if s.colonies(target):
        push(s, ("assassinate", seat, target))


@register_step
class Assassinate(ShipChoice):
    """("assassinate", assassin, target): the Assassin names one of target's ships on a
    planet; it goes to the warp."""

    name, phase = "assassinate", "destiny"

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        return Dist([(p, 1) for p in s.colonies(st[2])], 1, 1)

    def _rule(self, st: Step_t) -> str:
        return "name one ship of the player whose colour came up, on one of its planets"

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        _, seat, target = st
        ((planet, _),) = pairs
        s.ships[planet * s.n + target] -= 1
        emit(s, "assassinate", seat, target, planet)
        pop(s)
        push(s, *to_warp(s, target, 1))

    def auto(self, s: GameState, st: Step_t) -> bool:
        if not s.colonies(st[2]):  # nothing left to remove
            pop(s)
            return True
        return super().auto(s, st)


ALIEN = register(Alien(
    name="assassin", lamp="yellow", summary="Sends a ship of each other colour drawn for "
    "destiny to the warp",
    roles=("any",), phases=("destiny",), mandatory=True, source="rules 004 (classic)",
    use=_use, destiny_drawn=_drawn,
))
