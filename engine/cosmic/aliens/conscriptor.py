"""Conscriptor: as a main player, once the allies are in, drafts other players' ships from
the warp to fight on its side.

Text followed: rules 004 (classic Conscriptor), in 2008 terms ("token" = ship, "base" =
colony, "Mothership" = gate). Choices we made:
- Main player only, optional, once per encounter, at the "alliance" window (every ally
  has committed, no card chosen yet). A use, so a Cosmic Zap stops it.
- It names (seat, count) pairs: ships of any players but itself and its opponent (its
  own allies' and the opponent's allies' too), at most four of each, at least one in all.
  They leave the warp for the Conscriptor's side: onto the gate for the offense, beside
  the target planet for the defense. They count in its side's total like allies' ships,
  but their owners do not become allies.
- If its side wins they are treated as allies' ships: on the offense they land and make
  (or add to) their owners' colonies; on the defense their owners take defender rewards
  for them, and they then go home to their owners' colonies.
- If its side loses they go back to the warp with the rest of the side's ships (an
  ordinary loss, so a Healer may heal them). If the main players are to make a deal, or
  the encounter is called off, they go straight back to the warp (the
  `before_going_home` hook) instead of home.
- The drafted ships are recorded in `extra["conscriptor"]` ([seat, side, [owner, count],
  ...]) for the encounter; the record is dropped when it ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..choices import Dist, Mapped
from ..powers import Alien, register
from ..state import GameState
from ..steps import Step, emit, pop, register as register_step
from ._util import has, is_main, opponent, set_flag, side_of

NAME = "conscriptor"
MAX_EACH = 4
Step_t = tuple[Any, ...]


def _space(s: GameState, seat: int) -> Dist:
    foe = opponent(s, seat)
    src = [(v, min(MAX_EACH, s.warp[v])) for v in range(s.n) if v not in (seat, foe)]
    return Dist(src, 1, sum(c for _, c in src))


def _flat(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(x for p in pairs for x in p)


def _options(s: GameState, seat: int, window: str) -> Sequence[tuple[int, tuple[int, ...]]]:
    if window != "alliance" or not is_main(s, seat) or has(s, NAME, seat):
        return ()
    space = _space(s, seat)
    if not space.locs:
        return ()
    return Mapped(space, lambda d: (0, _flat(d)))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    side = side_of(s, seat)
    pairs = tuple(zip(args[0::2], args[1::2]))
    if side is None or not _space(s, seat).contains(pairs):  # the warp changed meanwhile
        return
    set_flag(s, NAME, seat)
    for v, k in pairs:
        s.warp[v] -= k
        if side == 0:
            s.gate[v] += k
        else:
            s.beside[v] += k
        emit(s, "conscript", seat, v, k)
    s.extra[NAME] = [seat, side, *[[v, k] for v, k in pairs]]


def _going_home(s: GameState, seat: int, why: str) -> list[Step_t]:
    record = s.extra.get(NAME)
    return [("conscript_return", seat)] if record and record[0] == seat else []


@register_step
class ConscriptReturn(Step):
    """No winner: the drafted ships still in the encounter go back to the warp."""

    name, phase = "conscript_return", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        record = s.extra.pop(NAME, None)
        pop(s)
        if record is None:
            return True
        _, side, *pairs = record
        for v, k in pairs:
            where = s.gate if side == 0 else s.beside
            back = min(k, where[v])
            where[v] -= back
            s.warp[v] += back
            emit(s, "conscript_return", v, back)
        return True


def _cleanup(s: GameState, seat: int) -> list[Step_t]:
    record = s.extra.get(NAME)
    if record and record[0] == seat:
        del s.extra[NAME]
    return []


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Drafts other players' ships from the warp",
    roles=("main",), phases=("alliance",), mandatory=False, source="rules 004 (classic)",
    windows=("alliance",), options=_options, use=_use, encounter_cleanup=_cleanup,
    before_going_home=_going_home,
))
