"""Toxin: at the start of each encounter, on every planet the offense shares with the
Toxin with fewer ships than the Toxin's there, one of the offense's ships goes to the
warp.

Text followed: rules 004 (classic Toxin), in 2008 terms ("token" = ship, "base" =
colony, "challenge" = encounter). Choices we made:
- Timing: once per encounter, as soon as the defense is known (after the destiny card
  is followed, or a power named the defense instead of a draw), before the launch
  (the `defense_known` hook).
- Mandatory and without a choice, in any role (the Toxin need not take part): an
  automatic use (zappable: zapped, no ship is lost). Nothing when the Toxin is itself
  the offense, or no planet qualifies. The use is made by a "poison" step of its own,
  which checks the seat still holds the Toxin: a power acting first on the defense
  being known (the Changeling's exchange) may have taken it away.
- "Sharing a planet": both have ships on it, any planet (home or foreign, any system).
  One ship per such planet, the planets in order; the planets are counted when the use
  resolves. A ship going to the warp is a loss like any other (a Healer may heal it).
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register
from ..state import GameState
from ..steps import Step, emit, pop, push, register as register_step, replace, to_warp
from ..windows import power_step

NAME = "toxin"
Step_t = tuple[Any, ...]


def poisoned(s: GameState, seat: int) -> list[int]:
    """Planets where the offense has ships, fewer than the Toxin's there."""
    off = s.offense
    if off == seat or off < 0:
        return []
    return [p for p in s.colonies(seat) if 0 < s.on(p, off) < s.on(p, seat)]


def _known(s: GameState, seat: int) -> list[Step_t]:
    return [("poison", seat)] if poisoned(s, seat) else []


@register_step
class Poison(Step):
    """("poison", seat): the Toxin's automatic use, if the seat still holds the Toxin
    with its power and something to poison."""

    name, phase = "poison", "destiny"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        if s.aliens[seat] == NAME and s.has_power(seat) and poisoned(s, seat):
            replace(s, *power_step(s, seat, 0, (), "auto", NAME))
        else:
            pop(s)
        return True


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    off = s.offense
    planets = poisoned(s, seat)
    for p in planets:
        s.ships[p * s.n + off] -= 1
    if planets:
        emit(s, "poison", seat, off, tuple(planets))
        push(s, *to_warp(s, off, len(planets)))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="The offense loses a ship where it has fewer than "
    "the Toxin",
    roles=("any",), phases=("destiny",), mandatory=True, source="rules 004 (classic)",
    use=_use, defense_known=_known,
))
