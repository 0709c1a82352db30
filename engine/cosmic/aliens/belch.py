"""Belch: whenever another player's colour is drawn from the destiny deck and the Belch
has a colony in that player's home system, that player loses as many of its ships there
as the Belch has on its biggest colony in that system.

Text followed: rules 004 (classic Belch), in 2008 terms ("token" = ship, "base" =
colony, "system" = home system). Choices we made:
- "Flipped on the destiny pile" is any destiny card of that colour drawn by anyone (for
  an encounter, or drawing again). A card of the Belch's own colour does nothing. A
  special card shows the colour of the seat it names as the defense (rules 001, Color
  of Special Destiny Cards; engine.cosmic.flow `destiny_seat`), settled when it comes
  up; a wild card has none.
- The loss is mandatory: an automatic use (an "auto_power" step) as soon as the card is
  face up, before the draw is followed; being a use, a Cosmic Zap cancels it. It acts
  from any role (at the destiny draw only the offense has one).
- The count is taken when the power resolves. The losing player chooses which of its
  ships in its own home system go (in the technology variant, ships researching its
  techs count as there: engine.research, rules 000, Losing Researching Ships) ("belch_loss" step, a `Ships` action:
  `blue ships blue.2:1,blue.3:1`); with fewer there, it loses what it has; its ships
  elsewhere are safe.
"""

from __future__ import annotations

from typing import Any

from ..flow import destiny_seat
from ..powers import Alien, register
from ..research import home_system, take_researching
from ..state import GameState
from ..steps import emit, fail, pop, push, register as register_step, remove_ships, to_warp
from ..zones import WarpLoss

Step_t = tuple[Any, ...]


def _stink(s: GameState, seat: int, target: int) -> int:
    """Ships on the Belch's biggest colony in `target`'s home system (0: none there)."""
    return max((s.on(p, seat) for p in s.home_planets(target)), default=0)


def _home_ships(s: GameState, target: int) -> list[tuple[int, int]]:
    return home_system(s, target)


def _drawn(s: GameState, seat: int, drawer: int, handle: int) -> list[Step_t]:
    target = destiny_seat(s, drawer, handle)
    if target < 0 or target == seat or not _stink(s, seat, target):
        return []
    if not _home_ships(s, target):
        return []
    return [("auto_power", seat, 0, (target,))]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    target = args[0]
    count = _stink(s, seat, target)
    if count and _home_ships(s, target):
        emit(s, "belch", seat, target, count)
        push(s, ("belch_loss", target, count))


@register_step
class BelchLoss(WarpLoss):
    """("belch_loss", seat, count): the seat loses `count` of its ships in its home
    system (all it has there, if fewer), its choice."""

    name, phase = "belch_loss", "destiny"

    def _sources(self, s: GameState, st: Step_t) -> list[tuple[int, int]]:
        return _home_ships(s, st[1])

    def _rule(self, st: Step_t) -> str:
        return f"lose {st[2]} of your ships in your home system"

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Any) -> None:
        seat = st[1]
        try:
            planets = take_researching(s, seat, pairs)  # researching ships are at home too
        except ValueError as exc:
            fail(s, a, str(exc))
            return
        total = remove_ships(s, a, seat, planets) + sum(c for _, c in pairs) - \
            sum(c for _, c in planets)
        pop(s)
        push(s, *to_warp(s, seat, total))


ALIEN = register(Alien(
    name="belch", lamp="yellow", summary="Others drawn for destiny lose ships at home as "
    "many as its biggest colony there",
    roles=("any",), phases=("destiny",), mandatory=True, source="rules 004 (classic)",
    use=_use, destiny_drawn=_drawn,
))
