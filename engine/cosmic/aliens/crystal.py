"""Crystal: in an encounter, as a main player or an ally, sets how many ships (one to
four) each other ally commits.

Text followed: rules 004 (classic Crystal), in 2008 terms ("token" = ship). Choices we
made:
- Any seat in the encounter (offense, defense, or an ally of either side), optional.
  Allies still choose freely whether to join at all and commit their ships as usual;
  at the "alliance" window (every ally has committed, no card chosen yet) the Crystal
  may then change the count of any other ally, on either side, to one to four ships.
  Each change is a use (a Cosmic Zap cancels it) naming the ally and the count:
  `power 0 SEAT COUNT`; each ally's count is set at most once an encounter.
- More ships: the ally adds them from its colonies, choosing which (it cannot be made
  to commit ships it does not have on colonies: counts it cannot reach are not
  offered). Fewer: the ally takes the extra ships home to colonies of its choice.
- An ally whose own power limits its ships (the Macron's one) keeps that limit: the
  Crystal's counts stop there (a standing rule of the ally's own alien).
- Ships a Conscriptor drafted for a side are not an ally's and are not counted.
"""

from __future__ import annotations

from typing import Any

from ..actions import GATE, Action
from ..choices import Dist
from ..powers import Alien, max_ships, register
from ..state import GameState
from ..steps import (
    BESIDE, colony_sources, emit, pop, push, register as register_step, remove_ships,
)
from ..zones import ShipChoice, place_returning
from ._util import side_of

NAME = "crystal"
MAX = 4
Step_t = tuple[Any, ...]


def _committed(s: GameState, ally: int) -> tuple[int, int]:
    """(side, ships) an ally has in the encounter."""
    e = s.enc
    assert e is not None
    if ally in e.allies[0]:
        record = s.extra.get("conscriptor")  # drafted ships are not the ally's own
        drafted = sum(k for v, k in (record[2:] if record and record[1] == 0 else ())
                      if v == ally)
        return 0, s.gate[ally] - drafted
    return 1, s.beside[ally]


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if window != "alliance" or e is None or side_of(s, seat) is None:
        return []
    out: list[tuple[int, tuple[int, ...]]] = []
    for ally in (*e.allies[0], *e.allies[1]):
        if ally == seat or e.has_flag(f"{NAME}_set:{ally}"):
            continue
        _, now = _committed(s, ally)
        room = now + sum(c for _, c in colony_sources(s, ally, moving=True))
        top = min(MAX, max_ships(s, ally, "ally"), room)
        home = bool(s.colonies(ally))  # ships sent back need a colony to go to
        out += [(0, (ally, c)) for c in range(1, top + 1) if c > now or (c < now and home)]
    return out


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    assert e is not None
    ally, count = args
    if ally not in (*e.allies[0], *e.allies[1]):
        return
    e.add_flag(f"{NAME}_set:{ally}")
    side, now = _committed(s, ally)
    emit(s, "crystal", seat, ally, count)
    if count > now:
        push(s, ("crystal_add", ally, side, count - now))
    elif count < now:
        push(s, place_returning(s, ally, GATE if side == 0 else BESIDE, now - count))


@register_step
class CrystalAdd(ShipChoice):
    """("crystal_add", ally, side, count): the ally adds ships from its colonies."""

    name, phase = "crystal_add", "alliance"

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        src = colony_sources(s, st[1], moving=True)  # not off a planet that holds them
        k = min(st[3], sum(c for _, c in src))
        return Dist(src, k, k)

    def _rule(self, st: Step_t) -> str:
        return f"add {st[3]} ships from your colonies"

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        _, ally, side, _ = st
        moved = remove_ships(s, a, ally, pairs)
        if side == 0:
            s.gate[ally] += moved
        else:
            s.beside[ally] += moved
        emit(s, "ally_more", ally, moved)
        pop(s)


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Sets how many ships each other ally commits",
    roles=("main", "ally"), phases=("alliance",), mandatory=False,
    source="rules 004 (classic)", windows=("alliance",), options=_options, use=_use,
))
