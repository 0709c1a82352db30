"""Warpish: as a main player, every ship in the warp (anyone's) adds 1 to its side's total.

Text followed: rules 004 (classic Warpish), in 2008 terms: "tokens in the Warp" are ships
in the warp, "consolation" is compensation. Counting the warp is a mandatory use after
the reveal (the Human's and the Macron's pattern), so a Cosmic Zap can cancel it; the
warp is counted when the totals are made, so ships lost after the use still count.
Compensation counts only the ships a player lost, so the warp never adds to it.
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ._util import has, is_main, set_flag, side_of


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if window == "reveal" and is_main(s, seat) and not has(s, "warpish", seat):
        return [(0, ())]
    return []


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    if not has(s, "warpish", seat) or not is_main(s, seat):
        return off, dfn
    extra = sum(s.warp)
    return (off + extra, dfn) if side_of(s, seat) == 0 else (off, dfn + extra)


ALIEN = register(Alien(
    name="warpish", lamp="yellow", summary="Ships in the warp add to its total",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=_options,
    use=lambda s, seat, o, a: set_flag(s, "warpish", seat),
    must_use=lambda s, seat, w: True, totals=_totals,
))
