"""Macron: sends only one ship as offense or ally, but each of its ships counts 4;
compensation and rewards count each of its ships twice.

Text followed: rules 001 (FFG sheet). The one-ship limit is applied as a standing rule
(our documents give no zap timing for it); the ships-worth-4 part is a use after the
reveal, so a Cosmic Zap can stop it.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register
from ..state import GameState
from ..targets import ships_at
from ._util import has, is_main_or_ally, set_flag, side_of


def _max_ships(s: GameState, seat: int, role: str) -> int | None:
    return 1 if role in ("offense", "ally") else None


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window == "reveal" and is_main_or_ally(s, seat) and not has(s, "macron", seat):
        return [(0, ())]
    return []


def _own_ships(s: GameState, seat: int) -> int:
    """Macron's ships counted on its side."""
    e = s.enc
    assert e is not None
    if side_of(s, seat) == 0:
        return s.gate[seat]
    return s.beside[seat] + (ships_at(s, seat) if seat == e.defense else 0)


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    if not has(s, "macron", seat):
        return off, dfn
    extra = 3 * _own_ships(s, seat)  # each ship already counted once
    return (off + extra, dfn) if side_of(s, seat) == 0 else (off, dfn + extra)


def _after(s: GameState, seat: int, steps: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    out = []
    for st in steps:
        if st[0] == "compensate" and st[1] == seat:
            st = st[:3] + (st[3] * 2,)
        elif st[0] == "rewards" and st[1] == seat:
            st = (st[0], st[1], st[2] * 2)
        out.append(st)
    return out


ALIEN = register(Alien(
    name="macron", lamp="yellow", summary="Each of its ships is worth 4; sends only one",
    roles=("main", "ally"), phases=("launch", "alliance", "reveal", "resolution"),
    mandatory=True, source="rules 001 (FFG)",
    windows=("reveal",), options=_options, use=lambda s, seat, o, a: set_flag(s, "macron", seat),
    must_use=lambda s, seat, w: True, max_ships=_max_ships, totals=_totals,
    after_resolution=_after,
))
