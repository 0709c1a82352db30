"""Equalizer: makes an ally commit as many ships to the other side as well.

Text followed: rules 004 (classic Equalizer), in 2008 terms. Choices we made:
- As a main player or an ally, optional, once per encounter, at the "alliance" window
  (every ally has committed, no card is chosen yet).
- It names one other ally that joined by accepting an invitation (or by a power letting
  it join): one already made to join by an Equalizer is not "voluntary" and cannot be
  named again. `power 0 SEAT`.
- The named ally commits as many ships to the other side as it has on its own side
  (gate ships for the offense's side, ships beside the planet for the defense's), chosen
  by it from its colonies like any ally's (it may empty a colony). With fewer ships on
  colonies it commits all it has. It is then an ally of both sides: it wins and loses
  with each side, its ships on each side counted there.
- It is a use: a Cosmic Zap cancels it and nothing moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..choices import Dist
from ..powers import Alien, register
from ..state import GameState, pair_with
from ..steps import colony_sources, emit, pop, push, register as register_step, remove_ships
from ..windows import role
from ..zones import ShipChoice
from ._util import has, set_flag

NAME = "equalizer"
FORCED = "equalized"  # flag "equalized:SEAT": that ally was made to join the other side
Step_t = tuple[Any, ...]


def _committed(s: GameState, ally: int) -> tuple[int, int] | None:
    """(ships the ally has on its side, the other side) for a voluntary ally, else None."""
    e = s.enc
    assert e is not None
    if has(s, FORCED, ally):
        return None
    if ally in e.allies[0] and ally not in e.allies[1]:
        return s.gate[ally], 1
    if ally in e.allies[1] and ally not in e.allies[0]:
        return s.beside[ally], 0
    return None


def _options(s: GameState, seat: int, window: str) -> Sequence[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "alliance" or e is None or has(s, NAME, seat)
            or role(s, seat) not in ("offense", "defense", "ally")):
        return []
    out = []
    for ally in e.allies[0] + e.allies[1]:
        got = _committed(s, ally)
        if ally != seat and got is not None and got[0] > 0 and s.ships_on_planets(ally) > 0:
            out.append((0, (ally,)))
    return sorted(set(out))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    assert e is not None
    ally = args[0]
    got = _committed(s, ally)
    set_flag(s, NAME, seat)
    if got is None:  # it changed since it was offered
        return
    count, side = got
    set_flag(s, FORCED, ally)
    push(s, ("equalize", ally, count, side))


@register_step
class Equalize(ShipChoice):
    """("equalize", ally, count, side): the ally commits `count` ships from its colonies
    (all it has if fewer) to `side` (0 the gate, 1 beside the planet) and joins it."""

    name, phase = "equalize", "alliance"

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        src = colony_sources(s, st[1], moving=True)  # not off a planet that holds them
        k = min(st[2], sum(c for _, c in src))
        return Dist(src, k, k)

    def _rule(self, st: Step_t) -> str:
        return f"commit {st[2]} ships from your colonies to the other side"

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Any) -> None:
        e = s.enc
        assert e is not None
        _, ally, _, side = st
        moved = remove_ships(s, a, ally, pairs)
        pop(s)
        if moved <= 0:
            return
        if side == 0:
            s.gate[ally] += moved
        else:
            s.beside[ally] += moved
        e.allies = pair_with(e.allies, side, tuple(sorted(e.allies[side] + (ally,))))
        # not an "ally" event: the ally did not choose this side
        emit(s, "equalized", ally, (e.offense, e.defense)[side], moved)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Makes an ally commit as many ships to the other side",
    roles=("main", "ally"), phases=("alliance",), mandatory=False,
    source="rules 004 (classic)", windows=("alliance",), options=_options, use=_use,
))
