"""Gorgon: other players' ships on a planet where the Gorgon has a colony are petrified:
they may leave that planet only for the warp.

Text followed: rules 004 (classic Gorgon), in 2008 terms ("token" = ship, "base" =
colony). Choices we made:
- A standing constraint, not a use: it holds whenever the Gorgon has its power, in
  every role and outside encounters, so a Cosmic Zap has nothing to answer (no use is
  ever made); it stops while the power is lost (too few home colonies).
- It is the `holds` hook (engine.cosmic.powers), read with the Chill's frozen planets by
  engine.steps `held`, which every move off a planet asks: launching, allying, a
  colony granted in a deal, re-establishing a home colony, powers adding ships to the
  encounter (Amoeba, Crystal, Equalizer), the Disease's spread, and single ships moved
  between planets (engine.zones `ship_moves`: the Quantum's teleport). The exception
  that lets an offense whose colonies are all frozen launch one ship does not free a
  petrified ship.
- "For any reason" includes the powers that drive ships off a planet or let them
  retreat: the Filth's driven-off ships go to the warp instead of other colonies; an
  Amoeba defending on such a planet may not take its ships there out of the encounter.
- Only ships on the planet are held. Ships landing there, and the defense's ships lost
  to the warp when the offense wins, are unaffected. A planet counts while the Gorgon
  has at least one ship on it; its own ships move freely.
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState

NAME = "gorgon"


def _holds(s: GameState, seat: int, owner: int, planet: int) -> bool:
    return owner != seat and s.on(planet, seat) > 0


def petrified(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(planet, owner) of every ship group the Gorgon at `seat` holds now (for the log
    and for tests that look for the power at work)."""
    if not s.has_power(seat):
        return []
    return [(p, x) for p in s.colonies(seat) for x in range(s.n) if x != seat and s.on(p, x)]


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Others' ships on its planets may leave only for "
    "the warp",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic)",
    holds=_holds,
))
