"""Chill: right after the destiny card names the defense, may freeze planets where it has
a colony; for the rest of the encounter no ship may leave a frozen planet except for the
warp.

Text followed: rules 004 (classic Chill), in 2008 terms ("token" = ship, "base" =
colony, "Mothership" = gate, "challenge" = encounter). Choices we made:
- Any role, optional, once per encounter, at the "destiny" window (the first window
  after the destiny card is followed; also when a power chose the defense instead of a
  draw). `power 0 PLANET...` names one or more of the planets where it has a colony, in
  ascending order. A use, so a Cosmic Zap cancels it.
- Freezing sets the encounter flag "frozen:PLANET" (engine.steps `frozen`): the ship
  choices that move ships somewhere other than the warp leave frozen planets out
  (`colony_sources(moving=True)`: launching, allying, a colony granted in a deal, the
  Amoeba's adding). Ships still land on a frozen planet, return to it, and leave it for
  the warp. The freeze holds its owner too, and lasts the encounter even if the power is
  lost later in it.
- When every colony of the offense is frozen, the offense may still launch one ship, from
  any one of them (engine.cosmic.flow, launch): the text's exception, read for any freeze.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..choices import Mapped, Subsets
from ..powers import Alien, register
from ..state import GameState
from ..steps import emit, frozen
from ._util import has, set_flag

NAME = "chill"


def _thawed(s: GameState, seat: int) -> list[int]:
    return [p for p in s.colonies(seat) if not frozen(s, p)]


def _options(s: GameState, seat: int, window: str) -> Sequence[tuple[int, tuple[int, ...]]]:
    if window != "destiny" or s.enc is None or has(s, NAME, seat):
        return ()
    return Mapped(Subsets(_thawed(s, seat), nonempty=True), lambda sub: (0, sub))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    e = s.enc
    assert e is not None
    planets = tuple(p for p in args if p in s.colonies(seat))
    for p in planets:
        e.add_flag(f"frozen:{p}")
    emit(s, "freeze", seat, planets)


ALIEN = register(Alien(
    name="chill", lamp="yellow", summary="Freezes planets where it has colonies: no ship "
    "leaves them but to the warp",
    roles=("any",), phases=("destiny",), mandatory=False, source="rules 004 (classic)",
    windows=("destiny",), options=_options, use=_use,
))
