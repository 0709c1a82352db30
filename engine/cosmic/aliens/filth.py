"""Filth: no other player's ships may stay on a planet where the Filth has ships.

Text followed: rules 004 (classic Filth), in 2008 terms. Choices we made:
- When the offense wins and the Filth's ships would share the target planet with
  others', the Filth must use its power (a mandatory use at the "result" window, before
  anyone lands; a Cosmic Zap answers it and everyone lands as the rules say):
  - the Filth lands (it is the offense or an offensive ally): it alone lands on the
    target. Its partners on the gate each land instead on another planet of the target's
    system of their choice (one planet each; not one holding the Filth's ships; with none
    left their ships go home). Other players' ships already on the target go to their
    other colonies (to the warp if they have none);
  - the Filth has ships on the target and is not landing (it is the defense there, or
    a colony of its shares the defense's planet): the winners do not land, and their
    ships go home to their colonies at the end of the encounter. The Filth's ships there
    are lost or stay as the rules say (the defense's go to the warp); a planet it loses
    is left empty.
- A standing rule, not a use (so it is not zapped): at the end of every encounter, any
  other ships on a planet holding the Filth's ships go to their owners' other colonies
  (to the warp without one). This covers colonies gained in a deal (the Filth's partner
  leaves a planet the Filth settles, and is driven off one of the Filth's planets that
  it settles: the classic text's trade of planets is not followed, as a deal's terms are
  not kept past the deal) and ships that stayed because the power was zapped: the zap
  cancels the use (everyone lands on the target, partners included), but the encounter
  over, they may not stay with the Filth and leave for their other colonies. It does
  nothing while the power is lost (it is run by `encounter_cleanup`, which is asked of
  every alien, so that a zap, which ends with the encounter, does not stop it).
- The owners choose where their ships go (`ships PLANET:COUNT`). Ships a power holds on
  that planet (engine.steps `held`: the Gorgon's petrified ships, a frozen planet) may
  leave it only for the warp, so driven off they go to the warp.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Ships
from ..choices import Dist, Fixed
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, held, pop, push, register as register_step, to_warp
from ..zones import ShipChoice
from ._util import has, set_flag, side_of

NAME = "filth"
Step_t = tuple[Any, ...]


def _sharing(s: GameState, seat: int) -> bool:
    """Would the Filth's ships share the target planet with others' after landing?"""
    e = s.enc
    assert e is not None
    t = e.target
    if t < 0:  # a site is no planet (engine.targets): nothing to share
        return False
    others_landing = any(s.gate[x] for x in range(s.n) if x != seat)
    if s.gate[seat]:  # it lands: partners landing, or others already there
        return others_landing or any(
            s.on(t, x) for x in range(s.n) if x not in (seat, e.defense))
    return s.on(t, seat) > 0 and others_landing


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window == "result" and e is not None and e.result == "offense"
            and not has(s, NAME, seat) and _sharing(s, seat)):
        return [(0, ())]
    return []


def _landing(s: GameState, seat: int, lander: int) -> bool:
    return lander == seat or not has(s, NAME, seat)


def _system(s: GameState, planet: int) -> list[int]:
    return list(s.home_planets(s.planet_owner(planet)))


def _after_resolution(s: GameState, seat: int, steps: list[Step_t]) -> list[Step_t]:
    e = s.enc
    assert e is not None
    if not has(s, NAME, seat) or e.result != "offense" or side_of(s, seat) != 0:
        return steps  # not landing: the winners stayed on the gate
    if s.gate[seat] or not s.on(e.target, seat):  # another power kept it off
        return steps
    order = s.timing_order()
    mine = [("filth_land", x, seat) for x in order if x != seat and s.gate[x]]
    mine += [("filth_drive", x, e.target) for x in order if x != seat and s.on(e.target, x)]
    return mine + steps


def _cleanup(s: GameState, seat: int) -> list[Step_t]:
    """The standing rule at the end of each encounter (while the power is not lost)."""
    if s.home_colonies(seat) < s.config.power_threshold:
        return []
    return [("filth_drive", x, p) for p in s.colonies(seat)
            for x in s.timing_order() if x != seat and s.on(p, x)]


def _land_planets(s: GameState, partner: int, filth: int) -> list[int]:
    e = s.enc
    assert e is not None
    return [p for p in _system(s, e.target) if p != e.target and not s.on(p, filth)]


@register_step
class FilthLand(SeatStep):
    """("filth_land", partner, filth): a partner of the landing Filth lands its gate
    ships on another planet of the target's system."""

    name, phase, kinds = "filth_land", "resolution", ("ships",)

    def _choices(self, s: GameState, st: Step_t) -> list[Ships]:
        _, partner, filth = st
        k = s.gate[partner]
        return [Ships(partner, ((p, k),)) for p in _land_planets(s, partner, filth)]

    def auto(self, s: GameState, st: Step_t) -> bool:
        choices = self._choices(s, st)
        if s.gate[st[1]] == 0 or not choices:
            pop(s)  # nothing to land, or nowhere: its ships go home with the gate's
            return True
        if len(choices) == 1:
            self._do(s, st, choices[0])
            return True
        return False

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed(self._choices(s, st))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if a not in self._choices(s, st):
            fail(s, a, "land every gate ship on one other planet of this system "
                       "without the Filth's ships (planet:count)")
        assert isinstance(a, Ships)
        self._do(s, st, a)

    def _do(self, s: GameState, st: Step_t, a: Ships) -> None:
        (planet, count), = a.ships
        seat = st[1]
        s.gate[seat] -= count
        s.ships[planet * s.n + seat] += count
        emit(s, "land", seat, planet, count)
        pop(s)


@register_step
class FilthDrive(ShipChoice):
    """("filth_drive", seat, planet): the seat's ships on the planet go to its other
    colonies, or to the warp if it has none or may leave the planet only for the warp
    (engine.steps `held`)."""

    name, phase = "filth_drive", "resolution"

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        _, seat, planet = st
        k = s.on(planet, seat)
        return Dist([(p, k) for p in s.colonies(seat) if p != planet], k, k)

    def _rule(self, st: Step_t) -> str:
        return "move every ship on that planet to your other colonies"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, planet = st
        k = s.on(planet, seat)
        if k == 0:
            pop(s)
            return True
        if held(s, seat, planet) or not [p for p in s.colonies(seat) if p != planet]:
            s.ships[planet * s.n + seat] = 0
            emit(s, "driven", seat, planet, k)
            pop(s)
            push(s, *to_warp(s, seat, k))
            return True
        return super().auto(s, st)

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        _, seat, planet = st
        k = s.on(planet, seat)
        s.ships[planet * s.n + seat] = 0
        for p, c in pairs:
            s.ships[p * s.n + seat] += c
        emit(s, "driven", seat, planet, k)
        pop(s)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Drives others' ships off its planets",
    roles=("any",), phases=("resolution",), mandatory=True, source="rules 004 (classic)",
    windows=("result",), options=_options, use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, landing=_landing,
    after_resolution=_after_resolution, encounter_cleanup=_cleanup,
))
