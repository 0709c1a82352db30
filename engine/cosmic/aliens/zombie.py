"""Zombie: its ships never go to the warp; they go back to its colonies instead.

Text followed: rules 004 (classic), with rules 001's ruling that saving its ships is a use
(zappable).

Freeing ships in a deal: a Zombie main player's deal proposals carry a fifth term, how
many of the other main player's ships in the warp it frees (0 up to all of them; only
while that player has a colony to put them on). The text says "any player's"; a deal
binds only its two main players, so we read it as the other party's ships. Freeing is a
term the two agree on, not a separate use: it happens when the deal is carried out, if
the Zombie's power still works then; the freed player places the ships on its colonies.
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


def _deal_frees(s: GameState, seat: int, other: int) -> int:
    return s.warp[other] if s.colonies(other) else 0


ALIEN = register(Alien(
    name="zombie", lamp="green", summary="Its ships never stay in the warp",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic), 001 ruling",
    use=_use, after_warp=_after_warp,
    deal_frees=_deal_frees,
))
