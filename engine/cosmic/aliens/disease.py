"""Disease: whenever another player's colour is drawn from the destiny deck, the Disease
may spread ships from a colony of three or more in that player's home system to one
other planet of that system.

Text followed: rules 004 (classic Disease), in 2008 terms ("token" = ship, "base" =
colony, "system" = home system). Choices we made:
- "Flipped in the destiny pile" is any destiny card of that colour drawn by anyone (for
  an encounter, or drawing again), the Disease's own encounters included. Its own
  colour does nothing. A special card shows the colour of the seat it names as the
  defense (rules 001, Color of Special Destiny Cards; engine.cosmic.flow
  `destiny_seat`), settled when it comes up; a wild card has none.
- Optional, from any role, right after the card is face up and before the draw is
  followed: a "spread" step asks the Disease (`power 0 FROM COUNT TO` or pass). One
  spread per card drawn: from one colony of at least three of its ships in that system,
  one or more of those ships (all of them allowed: the colony may be left), to any one
  other planet of that system (occupied or not; it becomes a colony, and counts for the
  win at once). Spreading is a use, so a Cosmic Zap cancels it.
- Ships that may leave their planet only for the warp (engine.steps `held`: frozen, or
  petrified by the Gorgon) do not spread from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Pass, UsePower
from ..choices import Fixed
from ..flow import destiny_seat
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, held, pop, register as register_step, replace
from ..windows import power_step

Step_t = tuple[Any, ...]

MIN_COLONY = 3  # ships the colony it spreads from must have


def _spreads(s: GameState, seat: int, target: int) -> list[UsePower]:
    out = []
    home = s.home_planets(target)
    for p in home:
        have = s.on(p, seat)
        if have < MIN_COLONY or held(s, seat, p):
            continue
        for count in range(1, have + 1):
            out += [UsePower(seat, 0, (p, count, q)) for q in home if q != p]
    return out


def _drawn(s: GameState, seat: int, drawer: int, handle: int) -> list[Step_t]:
    target = destiny_seat(s, drawer, handle)
    if target < 0 or target == seat or not _spreads(s, seat, target):
        return []
    return [("spread", seat, target)]


@register_step
class Spread(SeatStep):
    """("spread", disease, target): the Disease spreads in target's home system or passes."""

    name, phase, kinds = "spread", "destiny", ("pass", "power")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return s.has_power(st[1]) and bool(_spreads(s, st[1], st[2]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Pass(seat), *_spreads(s, st[1], st[2])])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Pass):
            pop(s)
            return
        if a not in _spreads(s, st[1], st[2]):
            fail(s, a, "spread from a colony of 3+ ships in that system: "
                       "power 0 FROM COUNT TO, or pass")
        assert isinstance(a, UsePower)
        replace(s, *power_step(s, a.seat, a.option, tuple(a.args), "spread", "disease"))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    src, count, dst = args
    count = min(count, s.on(src, seat))  # checked when offered; a Zap cannot shrink it
    if count <= 0:
        return
    s.ships[src * s.n + seat] -= count
    s.ships[dst * s.n + seat] += count
    emit(s, "spread", seat, src, dst, count)


ALIEN = register(Alien(
    name="disease", lamp="yellow", summary="Spreads ships within a system whose colour is "
    "drawn for destiny",
    roles=("any",), phases=("destiny",), mandatory=False, source="rules 004 (classic)",
    use=_use, destiny_drawn=_drawn,
))
