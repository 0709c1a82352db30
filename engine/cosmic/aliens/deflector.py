"""Deflector: as the defense, chooses where the offense must aim: any planet, in any
system, where the Deflector has ships.

Text followed: rules 004 (classic Deflector), in 2008 terms ("base" = colony). Choices:
- When: at the destiny window, once the defense is known and before the launch; optional.
  The use names the planet (engine.cosmic.powers `aim`), and the launch may aim only there.
- Which planets: every planet where the Deflector has at least one ship, its home planets
  and foreign colonies alike, whoever else is there (the offense's own home planets too:
  the encounter is then fought there like any other).
- A use, so a Cosmic Zap cancels it: the offense aims as destiny allowed. Once per
  encounter (one choice of planet). Only the defense: as offense, ally or bystander the
  power offers nothing.
"""

from __future__ import annotations

from ..powers import Alien, aim, aimed_at, register
from ..state import GameState
from ..steps import emit


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "destiny" or e is None or e.defense != seat or e.target >= 0
            or aimed_at(s) is not None):
        return []
    return [(0, (p,)) for p in s.colonies(seat)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None or e.defense != seat or e.target >= 0 or s.on(args[0], seat) <= 0:
        return
    aim(s, args[0])
    emit(s, "deflect", seat, args[0])


ALIEN = register(Alien(
    name="deflector", lamp="yellow", summary="Chooses which of its colonies is attacked",
    roles=("defense",), phases=("destiny",), mandatory=False, source="rules 004 (classic)",
    windows=("destiny",), options=_options, use=_use,
))
