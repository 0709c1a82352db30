"""Human: adds 4 to its side's total; zapped, its side wins instead.

Text followed: the 2008 Human (rules 001 gives only its summary, "adds 4 to encounter
total"; the rest is the 2008 sheet: as a main player or ally, after the reveal, the power
is used to add 4; if the power is zapped, the Human's side wins the encounter).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ._util import has, is_main_or_ally, set_flag, side_of


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window == "reveal" and is_main_or_ally(s, seat) and not has(s, "human", seat):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "human", seat)


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    if has(s, "human", seat):
        return (off + 4, dfn) if side_of(s, seat) == 0 else (off, dfn + 4)
    return off, dfn


def _zapped(s: GameState, seat: int, option: int) -> None:
    side = side_of(s, seat)
    if s.enc is not None and side is not None:
        s.enc.add_flag("wins:" + ("offense" if side == 0 else "defense"))


ALIEN = register(Alien(
    name="human", lamp="green", summary="Adds 4 to its side's total; zapped, its side wins",
    roles=("main", "ally"), phases=("reveal",), mandatory=True,
    source="2008 sheet (rules 001 has only its summary)",
    windows=("reveal",), options=_options, use=_use,
    must_use=lambda s, seat, w: True, totals=_totals, on_zapped=_zapped,
))
