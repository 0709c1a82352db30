"""Worm: once the cards are up, moves the gate to another planet of the system attacked.

Text followed: rules 004 (classic Worm), in 2008 terms ("Mothership" = the gate, "base"
= colony, "token" = ship). Choices we made:
- When: at the reveal window, once both encounter cards are face up (before the outcome
  is decided), once an encounter: `power 0 PLANET`. A use, so a Cosmic Zap cancels it
  (the gate stays where it was).
- As the offense: any other planet of the defense's home system, whoever is on it, but
  only when the gate points into that system (not in a drive-out from the Worm's own
  system). As the defense: only when the gate points at one of its home planets where it
  has a colony, to another of its home planets where it also has one.
- The outcome is then settled as if the gate had pointed there from the launch: the
  defense's ships there count (its allies' ships stay beside the target, and count, as
  they were committed to the defense); a winning offense lands there, a losing defense
  loses its ships there. Ships the defense has on the first planet stay out of it.
- Neither as an ally nor outside the encounter.
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ..steps import emit
from ._util import has, set_flag

KEY = "worm"


def _planets(s: GameState, seat: int) -> list[int]:
    e = s.enc
    if e is None or min(e.cards) < 0 or has(s, KEY, seat) or e.target < 0:
        return []
    if seat == e.offense:
        home = s.home_planets(e.defense)
        return [p for p in home if p != e.target] if e.target in home else []
    if seat == e.defense:
        mine = [p for p in s.home_planets(seat) if s.on(p, seat)]
        return [p for p in mine if p != e.target] if e.target in mine else []
    return []


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if window != "reveal":
        return []
    return [(0, (p,)) for p in _planets(s, seat)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None or not args or args[0] not in _planets(s, seat):
        return
    set_flag(s, KEY, seat)
    e.target = args[0]
    emit(s, "gate_moved", seat, args[0])


ALIEN = register(Alien(
    name="worm", lamp="yellow", summary="Moves the gate to another planet after the reveal",
    roles=("main",), phases=("reveal",), mandatory=False, source="rules 004 (classic)",
    windows=("reveal",), options=_options, use=_use,
))
