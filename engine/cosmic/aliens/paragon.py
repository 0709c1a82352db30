"""Paragon: attacks only the players with the most foreign colonies, and may help a main
player with fewer than its opponent without an invitation.

Text followed: rules 004 (classic Paragon), in 2008 terms ("base" = colony, "external
base" = foreign colony, "token" = ship). Choices we made:
- The strongest: the other seats with the most foreign colonies (ties: all of them; the
  Paragon's own colonies are not compared). When nobody has more than the rest (all at
  zero, say), everyone is among the strongest and the restriction never bites.
- As the offense, once destiny has named the defense (the `defense_known` hook): if the
  defense is among the strongest, nothing changes. Otherwise the Paragon must attack a
  colony of one of the strongest in the system destiny showed (the defense's home
  system; in a drive-out, its own, and in team play its teammate's too, since a draw of
  the teammate's colour counts as its own there, drive-out included: rules 004, Team
  Play; the teammate's own colonies are never the target of a drive-out); if there is
  none there, any colony of one of the strongest, anywhere. It chooses
  (`paragon_target` step, `power 0 SEAT PLANET`; no pass): that seat becomes the
  defense and the gate must point at that planet. A use, so a
  Cosmic Zap cancels it and the encounter goes on against the destiny defense. If no
  strongest seat has a colony at all, nothing changes.
- Helping the weak: while not a main player, it may join the side of a main player who
  has fewer foreign colonies than the other, uninvited, with one to four ships (the
  framework's `may_ally`, a use as for the Parasite: zapped, its ships go home). A Force
  Field keeps it out, as the text says. Invited, it joins like anyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, UsePower
from ..choices import Fixed
from ..flow import own_systems
from ..powers import Alien, aim, change_defense, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, register as register_step, replace
from ..windows import power_step
from .parasite import ALIEN as PARASITE

Step_t = tuple[Any, ...]


def _strongest(s: GameState, seat: int) -> list[int]:
    others = [o for o in range(s.n) if o != seat]
    best = max(s.foreign_colonies(o) for o in others)
    return [o for o in others if s.foreign_colonies(o) == best]


def _targets(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(seat, planet) the Paragon may attack instead of the destiny defense; none when
    the destiny defense is fine (or nothing else can be attacked)."""
    e = s.enc
    if e is None or seat != e.offense or e.defense < 0:
        return []
    strong = _strongest(s, seat)
    if e.defense in strong:
        return []
    if e.has_flag("home_system"):  # a drive-out: its own system, or its teammate's
        mate = s.config.teammate(seat)
        system = own_systems(s, seat)
        here = [(o, p) for p in system for o in strong if o != mate and s.on(p, o)]
    else:
        here = [(o, p) for p in s.home_planets(e.defense) for o in strong if s.on(p, o)]
    if here:
        return here
    return [(o, p) for o in strong for p in s.colonies(o)]


def _defense_known(s: GameState, seat: int) -> list[Step_t]:
    return [("paragon_target", seat)] if _targets(s, seat) else []


def _choices(s: GameState, seat: int) -> list[Action]:
    return [UsePower(seat, 0, t) for t in _targets(s, seat)]


@register_step
class ParagonTarget(SeatStep):
    """The Paragon, as offense, names the strongest seat's colony it attacks."""

    name, phase, kinds = "paragon_target", "destiny", ("power",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return s.has_power(st[1]) and bool(_targets(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed(_choices(s, seat))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, UsePower)
        if a not in _choices(s, a.seat):
            fail(s, a, "attack a colony of a seat with the most foreign colonies: "
                       f"one of {_targets(s, a.seat)} (seat, planet)")
        replace(s, *power_step(s, a.seat, a.option, tuple(a.args), "destiny", "paragon"))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None or len(args) != 2 or tuple(args) not in _targets(s, seat):
        return
    target, planet = args
    if target != e.defense:
        change_defense(s, target)
    aim(s, planet)
    emit(s, "paragon_target", seat, target, planet)


def _may_ally(s: GameState, seat: int) -> Sequence[int]:
    e = s.enc
    if e is None or seat in (e.offense, e.defense) or e.defense < 0:
        return ()
    off, dfn = s.foreign_colonies(e.offense), s.foreign_colonies(e.defense)
    return (0,) if off < dfn else (1,) if dfn < off else ()


ALIEN = register(Alien(
    name="paragon", lamp="yellow", summary="Attacks only the strongest; may aid the weaker side",
    roles=("offense", "ally"), phases=("destiny", "alliance"), mandatory=True,
    source="rules 004 (classic)",
    use=_use, defense_known=_defense_known, may_ally=_may_ally,
    on_zapped=PARASITE.on_zapped,
))
