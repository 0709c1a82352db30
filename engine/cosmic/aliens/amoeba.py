"""Amoeba: once the cards are chosen, may add ships to the encounter or take some out.

Text followed: rules 004 (classic Amoeba), in 2008 terms; its flare (rules 001) is not
part of this module. Choices we made:
- Main player only (the text speaks of "you and your opponent" playing cards; the
  Amoeba's super flare is what lets it act as an ally), optional, once per encounter,
  at the "selected" window (both cards face down, none revealed). It is a use, so a
  Cosmic Zap stops it.
- Only with at least one of its ships in the encounter: the offense's ships on the gate,
  the defense's ships on the target planet.
- Option 0 adds ships from its colonies (any number, no limit of four); for the defense
  the target planet itself is not a source. Option 1 takes ships out to its colonies
  (the target planet excepted for the defense); it may take all of them.
- Arguments are (planet, count) pairs flattened: `power 0 3 2 4 1` adds two ships from
  planet 3 and one from planet 4.
- Ships held on the target planet (engine.steps `held`: frozen, or petrified by the
  Gorgon) cannot be taken out to the defense's colonies: option 1 is not offered.
- The Amoeba's super flare (engine/flares.py) sets the flag "amoeba_ally:SEAT": for that
  encounter the power is offered to the Amoeba as an ally too (its ships on the gate for
  the offense's side, beside the planet for the defense's). The flare's wild effect
  reuses `add_space`, `remove_space` and `move` with a cap of four ships.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..choices import Concat, Dist, Mapped
from ..powers import Alien, register
from ..state import GameState
from ..targets import ships_at, target_planet
from ..steps import colony_sources, emit, held
from ._util import has, is_main, set_flag

NAME = "amoeba"
Pairs = tuple[tuple[int, int], ...]


def _in_encounter(s: GameState, seat: int) -> int:
    e = s.enc
    assert e is not None
    if seat == e.offense or seat in e.allies[0]:
        return s.gate[seat]
    if seat == e.defense:
        return ships_at(s, seat)
    return s.beside[seat] if seat in e.allies[1] else 0


def _not_target(s: GameState, seat: int, planet: int) -> bool:
    """The defense's ships on the target planet are in the encounter, not a colony apart."""
    e = s.enc
    assert e is not None
    return seat != e.defense or planet != e.target


def _flat(option: int, pairs: Pairs) -> tuple[int, tuple[int, ...]]:
    return option, tuple(x for pair in pairs for x in pair)


def add_space(s: GameState, seat: int, cap: int = 0) -> Dist:
    """Ways to add ships to the encounter from colonies (at most `cap`, 0: no limit)."""
    src = [(p, c) for p, c in colony_sources(s, seat, moving=True) if _not_target(s, seat, p)]
    total = sum(c for _, c in src)
    return Dist(src, 1, min(total, cap) if cap else total)


def remove_space(s: GameState, seat: int, cap: int = 0) -> Dist:
    """Ways to take ships out of the encounter to colonies (at most `cap`, 0: all)."""
    e = s.enc
    assert e is not None
    k = _in_encounter(s, seat)
    if seat == e.defense and held(s, seat, e.target):
        k = 0  # its ships may leave the target planet only for the warp
    dest = [(p, k) for p in s.colonies(seat) if _not_target(s, seat, p)]
    return Dist(dest, 1, min(k, cap) if cap else k)


_add_space, _remove_space = add_space, remove_space


def _options(s: GameState, seat: int, window: str) -> Sequence[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "selected" or e is None or len(e.selected) < 2
            or not (is_main(s, seat) or has(s, "amoeba_ally", seat))
            or has(s, NAME, seat) or _in_encounter(s, seat) <= 0
            or (seat == e.defense and target_planet(s) < 0)):  # defending at a site: no planet
        return ()
    return Concat(Mapped(_add_space(s, seat), lambda d: _flat(0, d)),
                  Mapped(_remove_space(s, seat), lambda d: _flat(1, d)))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    assert e is not None
    pairs = tuple(zip(args[::2], args[1::2]))
    space = _add_space(s, seat) if option == 0 else _remove_space(s, seat)
    if not space.contains(pairs):  # the position changed since it was offered
        return
    set_flag(s, NAME, seat)
    move(s, seat, option, pairs)


def move(s: GameState, seat: int, option: int, pairs: Pairs) -> None:
    """Option 0: these (planet, count) ships join the encounter; 1: they leave it."""
    e = s.enc
    assert e is not None
    n, moved = s.n, sum(c for _, c in pairs)
    sign = 1 if option == 0 else -1
    for p, c in pairs:
        s.ships[p * n + seat] -= sign * c
    if seat == e.offense or seat in e.allies[0]:
        s.gate[seat] += sign * moved
    elif seat == e.defense:
        s.ships[e.target * n + seat] += sign * moved
    else:
        s.beside[seat] += sign * moved
    emit(s, "ooze", seat, sign * moved)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Adds ships to the encounter or takes them out",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=_options, use=_use,
))
