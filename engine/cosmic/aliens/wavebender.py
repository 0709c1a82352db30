"""Wavebender: its side's ships go into the encounter at the last moment, after both
encounter cards are chosen.

Text followed: rules 004 (classic Wavebender), in 2008 terms ("token" = ship,
"Mothership" = the gate, "Carriers" = allies' ships beside the target). Choices we made:
- Who comes late: the Wavebender itself when it is the offense or an ally; and, while it
  is a main player (offense or defense), every ally that joins its side. Defending, its
  own ships are already on the target planet: only its allies come late. Allies of the
  other side commit as usual.
- How (the framework's `late_ships` hook): the offense aims the gate at the launch with
  no ships (`launch PLANET -`); such an ally joins its side with no ships (`ally SEAT -`).
  Once both main players have put their cards face down, just before the reveal, each of
  them in timing order puts its ships in (`late_ships` step: `ships`), one to four from
  its colonies, as at the launch or the alliance. Nothing is hidden in the meantime: the
  count does not exist before it is chosen, in the open, so no seat can learn it early
  and no commitment is needed (networked games included); the opposing main player chose
  its card without knowing it, which is what the power gives.
- A standing rule, not a use: a Cosmic Zap has nothing to cancel. Whether ships come late
  is settled when each seat launches or joins; a seat marked to come late still puts its
  ships in before the reveal even if the power is lost meanwhile.
- Powers that look at allies' ships before the reveal see none for a late ally (the
  Equalizer would match nothing).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState


def _late(s: GameState, seat: int, committer: int, side: int) -> bool:
    e = s.enc
    if e is None:
        return False
    if committer == seat:
        return seat != e.defense
    mains = (e.offense, e.defense)
    return seat in mains and mains[side] == seat


ALIEN = register(Alien(
    name="wavebender", lamp="yellow", summary="Its side's ships go in just before the reveal",
    roles=("main", "ally"), phases=("launch", "alliance", "planning"), mandatory=True,
    source="rules 004 (classic)", late_ships=_late,
))
