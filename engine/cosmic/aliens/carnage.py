"""Carnage: when its side wins, each player of the losing side loses as many more ships as
it lost in the encounter.

Text followed: rules 004 (classic Carnage), in 2008 terms ("Mothership" = gate,
"Carriers" = allies' ships, "defending planet" = the target planet). Choices we made:
- As a main player or an ally, when its side wins the encounter (offense or defense);
  a deal or a called-off encounter is nobody's win.
- The losses doubled are those of the resolution: the ships each losing player had on
  the gate, on the target planet (the defense's own) or beside it (its allies), as the
  flow reports them through the `resolution_losses` hook. Losses from anything else (the
  Plague, other powers) are not doubled. The "opponents" are the losing main player and
  its allies; ships another power lent to the losing side (the Conscriptor's drafted
  ships) belong to no opponent and are not doubled.
- Mandatory (the text says the opponents must lose): an automatic use right after the
  resolution's losses, so a Cosmic Zap cancels it (then nobody loses more).
- Each victim chooses which of its ships go, from its colonies (the ships of the
  encounter are already gone or have landed); with fewer ships it loses what it has.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register
from ..state import GameState
from ..steps import emit, push
from ..zones import ships_to_warp
from ._util import side_of

NAME = "carnage"
Step_t = tuple[Any, ...]


def _losses(s: GameState, seat: int, lost: tuple[int, ...]) -> list[Step_t]:
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None or e.result not in ("offense", "defense"):
        return []
    won = 0 if e.result == "offense" else 1
    if side != won:
        return []
    losers = (e.defense, *e.allies[1]) if won == 0 else (e.offense, *e.allies[0])
    args = tuple(x for v in s.timing_order() if v in losers and lost[v] > 0
                 for x in (v, lost[v]))
    return [("auto_power", seat, 0, args)] if args else []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    pairs = list(zip(args[0::2], args[1::2]))
    for v, k in pairs:
        emit(s, "carnage", seat, v, k)
    push(s, *[ships_to_warp(v, k, False) for v, k in pairs])


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Doubles the ships its losing opponents lose",
    roles=("main", "ally"), phases=("resolution",), mandatory=True,
    source="rules 004 (classic)", use=_use, resolution_losses=_losses,
))
