"""Piranha: when a destiny card shows a colour, on a planet of that colour's home system
where the Piranha has more ships than another player, it may send all of that player's
ships there to the warp.

Text followed: rules 004 (classic Piranha), in 2008 terms ("token" = ship, "base" =
colony, "Destiny Pile flipped" = a destiny card drawn). Choices we made:
- Every destiny card drawn by anyone (for an encounter, or drawing again) that shows a
  player's colour indicates that player's home system, the Piranha's own and the
  drawer's included. A special card shows the colour of the seat it names as the
  defense (rules 001, Color of Special Destiny Cards; engine.cosmic.flow
  `destiny_seat`), settled when it comes up; a wild card indicates no system.
- Optional, in any role, right after the card is face up and before the draw is
  followed: a "devour" step asks the Piranha (`power 0 VICTIM PLANET`, or pass). At most
  one player on one planet per card. The planet must be in that system and hold ships
  of both, the Piranha's more than the victim's; all of the victim's ships there go to
  the warp (a loss like any other: a Healer may heal it).
- A use, so a Cosmic Zap cancels it; checked again when it resolves (nothing happens
  if the planet changed meanwhile).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Pass, UsePower
from ..choices import Fixed
from ..flow import destiny_seat
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, pop, push, register as register_step, replace, to_warp
from ..windows import power_step

NAME = "piranha"
Step_t = tuple[Any, ...]


def _prey(s: GameState, seat: int, system: int) -> list[tuple[int, int]]:
    """(victim, planet) the Piranha may devour in `system`'s home planets."""
    out = []
    for p in s.home_planets(system):
        mine = s.on(p, seat)
        out += [(x, p) for x in range(s.n) if x != seat and 0 < s.on(p, x) < mine]
    return out


def _drawn(s: GameState, seat: int, drawer: int, handle: int) -> list[Step_t]:
    system = destiny_seat(s, drawer, handle)
    if system < 0 or not _prey(s, seat, system):
        return []
    return [("devour", seat, system)]


@register_step
class Devour(SeatStep):
    """("devour", piranha, system): the Piranha devours one player on one planet of that
    home system, or passes."""

    name, phase, kinds = "devour", "destiny", ("pass", "power")

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        return [UsePower(st[1], 0, prey) for prey in _prey(s, st[1], st[2])]

    def needed(self, s: GameState, st: Step_t) -> bool:
        return (s.aliens[st[1]] == NAME and s.has_power(st[1])
                and bool(_prey(s, st[1], st[2])))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Pass(seat), *self._uses(s, st)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Pass):
            pop(s)
            return
        if a not in self._uses(s, st):
            fail(s, a, "devour a player with fewer ships than yours on a planet of that "
                       "system: power 0 VICTIM PLANET, or pass")
        assert isinstance(a, UsePower)
        replace(s, *power_step(s, a.seat, a.option, tuple(a.args), "devour", NAME))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    victim, planet = args
    count = s.on(planet, victim)
    if not 0 < count < s.on(planet, seat):
        return
    s.ships[planet * s.n + victim] = 0
    emit(s, "devour", seat, victim, planet, count)
    push(s, *to_warp(s, victim, count))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Sends a smaller colony sharing its planet in the "
    "destiny system to the warp",
    roles=("any",), phases=("destiny",), mandatory=False, source="rules 004 (classic)",
    use=_use, destiny_drawn=_drawn,
))
