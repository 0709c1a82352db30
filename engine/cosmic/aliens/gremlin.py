"""Gremlin: as a main player or ally, may discard an attack card to send that many ships
from the gate back to their owners' colonies, taking the colours in turn.

Text followed: rules 004 (classic Gremlin), in 2008 terms ("token" = ship, "base" =
colony, "Mothership" = the gate, "Attack Card" = an attack encounter card). Choices we
made:
- Main player or ally, optional, once per encounter, at the alliance or the planning
  window (ships are on the gate, no card chosen yet). `power 0` is the use (a Cosmic
  Zap cancels it, and then no card is discarded); the Gremlin then discards one attack
  card face up (`gremlin_discard` step: a one-card `discard`, or `pass` to discard
  nothing) whose value is at most the number of ships on the gate, all colours
  counted. The discard is an ordinary face-up discard (`discarded` hook: a Vulch
  collects nothing, it is no artifact).
- Then as many ships as the card's value leave the gate, one at a time (`gremlin_remove`
  step: `power 1 OWNER PLANET`): the Gremlin chooses each ship's colour and the colony
  of its owner it goes to (any colour, its own included). A colour may give a further
  ship only when every colour still on the gate has given as many: the counts stay
  level, and a colour with no ship left on the gate (or whose owner has no colony to go
  to) no longer holds the others back. With no ship left to take, the rest is lost.
- Each ship goes by the framework's single-ship move (engine.zones `ship_moves`,
  `move_ship`), from the gate to a planet where its owner already has a colony: the
  Gremlin never makes a new colony. Ships sent home take no further part (they are no
  longer committed to the encounter).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import GATE, Action, Discard, Pass, UsePower
from ..choices import Fixed
from ..powers import Alien, Option, discarded, held_for_others, register
from ..state import GameState, Knowledge
from ..steps import (
    SeatStep, emit, fail, learn, pop, push, register as register_step, replace,
    take_from_hand,
)
from ..zones import move_ship, ship_moves
from ._util import has, is_main_or_ally, set_flag

NAME = "gremlin"
Step_t = tuple[Any, ...]


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if (window in ("alliance", "planning") and is_main_or_ally(s, seat)
            and not has(s, NAME, seat) and sum(s.gate) > 0 and _own(s, seat)):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    push(s, ("gremlin_discard", seat))


@register_step
class GremlinDiscard(SeatStep):
    """("gremlin_discard", seat): discard one attack card worth at most the ships on the
    gate, or pass."""

    name, phase, kinds = "gremlin_discard", "alliance", ("discard", "pass")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(_own(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        out: list[Action] = [Pass(seat)]
        for h in _own(s, seat):
            face = kn.faces.get(h, s.faces.get(h))
            if face is not None and _fits(s, face):
                out.append(Discard(seat, ((h, face),), ()))
        return Fixed(out)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        seat = st[1]
        if isinstance(a, Pass):
            pop(s)
            return
        assert isinstance(a, Discard)
        if len(a.cards) != 1 or a.none_of:
            fail(s, a, "discard exactly one attack card (and claim nothing)")
        h, face = a.cards[0]
        if h not in _own(s, seat):
            fail(s, a, f"card {h} is not one of your own cards")
        info = learn(s, a, h, face)
        if not _fits(s, face):
            fail(s, a, f"{info.label()} is not an attack card worth at most the "
                       f"{sum(s.gate)} ships on the gate")
        take_from_hand(s, a, seat, (h,))
        s.discard = s.discard + (h,)
        emit(s, "discard", seat, (face,))
        replace(s, ("gremlin_remove", seat, info.value, (0,) * s.n))
        push(s, *discarded(s, seat, (h,), NAME))


def _fits(s: GameState, face: int) -> bool:
    info = C.CATALOGUE[face]
    return info.kind == "attack" and info.value <= sum(s.gate)


def removals(s: GameState, removed: tuple[int, ...]) -> list[tuple[int, int]]:
    """(owner, planet) of each ship the Gremlin may send home next: a colour still on
    the gate that has given no more than every other such colour, to one of its
    owner's colonies."""
    moves = {x: ship_moves(s, x, (GATE,), s.colonies(x)) for x in range(s.n)}
    able = [x for x in range(s.n) if moves[x]]
    if not able:
        return []
    level = min(removed[x] for x in able)
    return [(x, dest) for x in able if removed[x] == level for _, dest in moves[x]]


@register_step
class GremlinRemove(SeatStep):
    """("gremlin_remove", seat, left, removed): send one more ship from the gate home
    (`power 1 OWNER PLANET`); `removed` counts the ships taken of each colour so far."""

    name, phase, kinds = "gremlin_remove", "alliance", ("power",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return st[2] > 0 and bool(removals(s, st[3]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([UsePower(seat, 1, move) for move in removals(s, st[3])])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seat, left, removed = st
        assert isinstance(a, UsePower)
        move = tuple(a.args)
        if a.option != 1 or len(move) != 2 or move not in removals(s, removed):
            fail(s, a, "send home a ship of a colour that has not given more than the "
                       "others: power 1 OWNER PLANET (one of its colonies)")
        owner, dest = move
        move_ship(s, owner, GATE, dest)
        counts = list(removed)
        counts[owner] += 1
        replace(s, ("gremlin_remove", seat, left - 1, tuple(counts)))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Discards an attack card to send that many ships "
    "from the gate home",
    roles=("main", "ally"), phases=("alliance", "planning"), mandatory=False,
    source="rules 004 (classic)",
    windows=("alliance", "planning"), options=_options, use=_use,
))
