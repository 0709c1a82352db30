"""Troll: between encounters it may bring one of its ships back from the warp to one of
its colonies.

Text followed: rules 004 (classic Troll), in 2008 terms ("token" = ship, "base" =
colony). Choices we made:
- "Between each encounter" is the start window of every encounter (before the regroup),
  the first of the game included; once per encounter, whoever's turn it is and whatever
  the Troll's role (it has none yet at that window).
- `power 0 PLANET` names the colony the ship goes to; optional. It is a use, so a Cosmic
  Zap cancels it (the ship stays in the warp).
- It is a retrieval of a single ship, so the Wrath's rule about retrieving several ships
  does not apply to it.
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ..steps import emit
from ._util import has, set_flag

NAME = "troll"


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if window != "start" or s.warp[seat] <= 0 or has(s, NAME, seat):
        return []
    return [(0, (p,)) for p in s.colonies(seat)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    planet = args[0]
    if s.warp[seat] <= 0 or planet not in s.colonies(seat):
        return
    s.warp[seat] -= 1
    s.ships[planet * s.n + seat] += 1
    emit(s, "troll", seat, planet)


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Brings one ship back from the warp between encounters",
    roles=("any",), phases=("start_turn",), mandatory=False, source="rules 004 (classic)",
    windows=("start",), options=_options, use=_use,
))
