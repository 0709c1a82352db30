"""Fungus: when its side wins an encounter it had ships in, the losers' ships do not go to
the warp: they stick under its ships, count in its totals, and go to the warp only when
the ships they stick to do.

Text followed: rules 004 (classic Fungus), in 2008 terms. The captured ships are kept by
the framework (engine.cosmic.powers, Captured ships: s.extra["captives"], who holds how many of
whose ships where; every ship count and invariant counts them for their owner). Choices
we made:
- When: the Fungus is a main player or an ally on the winning side and still has ships in
  the encounter at the resolution (offense side: landed on the target, or on the gate if
  kept off it; defense: on the target; defensive ally: beside it). Every ship the losing
  side loses in the resolution is captured (the defense's and its allies', or the
  offense's and its allies'); losses outside the resolution (a Plague, a power's) are not.
  A standing rule (`capture` hook), not a use: there is nothing to zap.
- Stacks: the text lets the Fungus spread its captives under one or more of its ships;
  we keep all its captives at one place as one stack (stacks that meet merge). The stack
  costs no ship: it moves with the Fungus's ships at its place only when none of them
  stays behind (then it goes where most of them went; engine.cosmic.powers `follow_captives`),
  so moving ships from a planet leaves the stack there while a Fungus ship remains.
- Totals: while its power works, the Fungus's captives at its place in the encounter
  (the gate on the offense side, the target planet as defense, beside it as a defensive
  ally) count as its ships (`totals`). Captured ships keep no power of their owner's.
- Release: when the Fungus's ships at the stack's place go to the warp (or leave with
  nowhere to go), the captives go to their owners' warp. With the power lost, stacks stay
  as they are and still follow its ships, but add nothing to totals and capture nothing.
"""

from __future__ import annotations

from ..actions import GATE
from ..powers import Alien, captives_at, co_defenders, hold_captives, register
from ..state import GameState
from ..targets import target_planet
from ..steps import BESIDE, emit
from ._util import side_of

NAME = "fungus"


def _place(s: GameState, seat: int) -> tuple[int, int] | None:
    """(side, place of its ships in the encounter) for a seat with ships in it, or None."""
    e = s.enc
    if e is None or e.target == -1:
        return None
    t = target_planet(s)  # -1 at a site (engine.targets): ships there are never lost
    if seat == e.defense or seat in co_defenders(s):
        return (1, t) if t >= 0 and s.on(t, seat) else None
    side = side_of(s, seat)
    if side == 1:
        return (1, BESIDE) if s.beside[seat] else None
    if side == 0:
        if s.gate[seat]:
            return 0, GATE
        if t >= 0 and s.on(t, seat):  # landed
            return 0, t
    return None


def _capture(s: GameState, seat: int, lost: tuple[int, ...]) -> tuple[int, ...]:
    e = s.enc
    where = _place(s, seat)
    if e is None or where is None or where[0] != (0 if e.result == "offense" else 1):
        return (0,) * len(lost)
    caught = tuple(0 if x == seat else c for x, c in enumerate(lost))
    for owner, count in enumerate(caught):
        hold_captives(s, seat, where[1], owner, count)
    if any(caught):
        emit(s, "capture", seat, where[1], sum(caught))
    return caught


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    where = _place(s, seat)
    if where is None:
        return off, dfn
    extra = captives_at(s, seat, where[1])
    return (off + extra, dfn) if where[0] == 0 else (off, dfn + extra)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Captures the losers' ships under its own",
    roles=("main", "ally"), phases=("resolution",), mandatory=True, source="rules 004 (classic)",
    capture=_capture, totals=_totals,
))
