"""Zombie: its ships never go to the warp; they go back to its colonies instead.

Text followed: rules 004 (classic), with rules 001's ruling that saving its ships is a use
(zappable). Freeing other players' ships as part of a deal is not implemented yet (deal
terms carry no ship clause): noted in docs/aliens.md.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register
from ..state import GameState
from ..steps import WARP
from ..zones import place_returning


def _after_warp(s: GameState, seat: int, owner: int, count: int) -> list[tuple[Any, ...]]:
    if owner == seat and s.colonies(seat):
        return [("auto_power", seat, 0, (count,))]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    from ..steps import push
    push(s, place_returning(s, seat, WARP, args[0]))


ALIEN = register(Alien(
    name="zombie", lamp="green", summary="Its ships never stay in the warp",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic), 001 ruling",
    use=_use, after_warp=_after_warp,
))
