"""Warpspace Key (rules 001, tech card text; research number 3, offense only, regroup
phase): once completed, the offense may discard it in the regroup phase of one of its
encounters to bring all of its ships in the warp back to its colonies.

Interpretations:
- When: the window at the start of the encounter ("start", which sits in the regroup
  phase, before the offense retrieves its one ship); only the offense, and only with a
  ship in the warp (otherwise the use would throw the tech away for nothing).
- The freed ships go to colonies of its choice, as any ships coming back from the warp
  (engine.zones `place_returning`: powers that react to retrieved ships see them).
"""

from __future__ import annotations

from ..state import GameState
from ..steps import WARP, push
from ..windows import role
from ..zones import place_returning
from . import TechEffect, tech_effect

NAME = "warpspace_key"


def _who(s: GameState, seat: int) -> bool:
    return role(s, seat) == "offense" and s.warp[seat] > 0


def _free(s: GameState, seat: int) -> None:
    push(s, place_returning(s, seat, WARP))


tech_effect(TechEffect(NAME, "start", _who, _free))
