"""Gith: while it has ships in the warp, the warp is one more colony toward its win, and
other players may attack it there.

Text followed: rules 004 (classic Gith), in 2008 terms ("token" = ship, "base" = colony,
"challenge" = encounter). The framework part is engine.targets (a target that is not a
planet); this module only offers the warp, settles a win there and counts it. Choices
we made:
- The win: while the Gith has at least one ship in the warp, the warp counts as one
  foreign colony (`win_places`); with none there it cannot win at all, not even a shared
  win. In team play the warp is one more place of its own in the team's count, and a Gith
  without ships in the warp counts nothing for its team (its teammate may still win
  alone: a team wins together). The two-player game counts the same way. Only the win:
  the "most foreign colonies" destiny card does not count the warp.
- Its ships enter and leave the warp only as anyone's do: nothing to implement.
- Which draws let the offense aim at the warp: any that aim the gate at the Gith's home
  system with the Gith as the defense (its colour drawn by another player, a wild or
  special card naming it, an extra encounter, the two-player game), while the Gith has
  ships in the warp and its power works at the launch (`extra_targets`). Not when the
  offense drives colonies out of its own system (the gate points there), nor when a
  power fixed the planet (the Deflector's). Commands name it `COLOUR.warp`. The power
  reads the encounter's defense, never the card, so a special card goes as the colour
  of the seat it names (rules 001, Color of Special Destiny Cards) without more: naming
  the Gith, it is the Gith's colour; naming a Gith that is the offense's teammate, the
  offense's own (a drive-out: no warp to aim at).
- "As if it were a colony on one of its home planets": the Gith's ships in the warp are
  its defending ships and count in its total (engine.targets `ships_at`, read live: ships
  that reach or leave the warp meanwhile count or stop counting; none left, it defends
  with zero ships). Allies are invited as usual and sit beside the target.
- The Gith wins: a defensive win as on any planet (the offense's side loses its gate
  ships, the defensive allies collect rewards); its ships stay in the warp.
- The Gith loses: the offense and each offensive ally that may land (engine.cosmic.powers
  `landing`) land all their gate ships on one planet of the Gith's home system of their
  own choice, in timing order (`gith_land` step: `ships PLANET:COUNT`); then every Gith
  ship in the warp returns to its colonies, placed as ships leaving the warp are (its
  choice; with no colony they stay). Defensive allies lose their ships beside as usual.
  Its warp ships are not lost, so a Gith that played a negotiate collects no
  compensation for them.
- A deal, or a failed one, goes as in any encounter; the warp plays no part in it.
- A standing rule, never a use: a Cosmic Zap has nothing to answer. With its power lost
  the warp neither counts nor keeps it from winning, and is no target; a target once
  aimed at stays: an encounter already at the warp is settled there (engine.targets).
- A seat using the Gith's power through another sheet (Insect, Plant) offers its own warp.
- Powers that act on the target planet find none at the warp and do nothing there: the
  Berserker, Cult, Quantum, Worm, Chameleon, Paradigm (the encounter stays), the Filth
  (nothing to share), an Amoeba defending there; the Fungus captures nothing there (its
  side's ships at the warp are never lost). Those that count the defense's ships there
  (Macron, Gambler, Wrack, the totals) count the Gith's warp ships; the Zealot's streak
  stays in the Gith's system, warp included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Ships
from ..choices import Fixed
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import WARP, SeatStep, emit, fail, pop, register as register_step
from ..targets import warp_site
from ..zones import place_returning

NAME = "gith"
Step_t = tuple[Any, ...]


def _extra_targets(s: GameState, seat: int) -> list[int]:
    e = s.enc
    if e is None or e.defense != seat or s.offense == seat or s.warp[seat] <= 0:
        return []
    return [warp_site(seat)]


def _win_places(s: GameState, seat: int) -> tuple[int, ...] | None:
    return (warp_site(seat),) if s.warp[seat] > 0 else None


def _site_won(s: GameState, owner: int, landers: tuple[int, ...]) -> list[Step_t]:
    emit(s, "warp_broken", owner)
    return [*[("gith_land", x, owner) for x in landers], place_returning(s, owner, WARP)]


@register_step
class GithLand(SeatStep):
    """("gith_land", lander, gith): the lander puts all its gate ships on one planet of
    the Gith's home system, its choice."""

    name, phase, kinds = "gith_land", "resolution", ("ships",)

    def _choices(self, s: GameState, st: Step_t) -> list[Ships]:
        _, lander, gith = st
        k = s.gate[lander]
        return [Ships(lander, ((p, k),)) for p in s.home_planets(gith)]

    def needed(self, s: GameState, st: Step_t) -> bool:
        return s.gate[st[1]] > 0

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed(self._choices(s, st))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if a not in self._choices(s, st):
            fail(s, a, "land every gate ship on one planet of the Gith's home system "
                       "(planet:count)")
        assert isinstance(a, Ships)
        (planet, count), = a.ships
        seat = st[1]
        s.gate[seat] -= count
        s.ships[planet * s.n + seat] += count
        emit(s, "land", seat, planet, count)
        pop(s)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Its warp counts as a colony, and may be attacked",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic)",
    extra_targets=_extra_targets, site_won=_site_won, win_places=_win_places,
))
