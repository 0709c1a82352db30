"""Reincarnator: after losing an encounter as a main player or an ally (a failed deal
counts as a loss for both main players), it becomes a random alien that is not in play;
its own power stays beneath, so each later loss draws the next one.

Text followed: rules 004 (classic Reincarnator), in 2008 terms. Choices: an alien it
leaves behind is out of the game (never drawn again); the Reincarnator itself is never
drawn; with nothing left to draw it keeps its current alien. The change is made when
the encounter is over and its ships are home, before the next encounter begins.

The draw is chance: a `new_alien` step (engine.alien_deal) answered by the card source
with an index into the sorted candidates, and the seat's entry of `state.aliens` is
replaced. The Reincarnator's sheet is kept beneath the new alien (engine.cosmic.powers
`kept_powers`), so its hook keeps running while the seat holds another alien; like every
power it works only while the seat has enough home colonies and is not zapped.
Reincarnating is not a use (the classic text makes it happen, nobody uses it), so a
Cosmic Zap cannot answer it; the log still records it as a power event.
"""

from __future__ import annotations

from typing import Any

from ..alien_deal import new_alien, unheld
from ..powers import Alien, register
from ..state import GameState
from ..steps import Step, emit, register as register_step, replace
from ._util import is_main, side_of

Step_t = tuple[Any, ...]

NAME = "reincarnator"


def _lost(s: GameState, seat: int) -> bool:
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None:
        return False
    if e.result == "offense":
        return side == 1
    if e.result == "defense":
        return side == 0
    return e.result == "nodeal" and is_main(s, seat)


def _encounter_end(s: GameState, seat: int) -> list[Step_t]:
    return [("reincarnate", seat)] if _lost(s, seat) else []


@register_step
class Reincarnate(Step):
    """Leave the current alien behind and draw the next one."""

    name, phase = "reincarnate", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        current = s.aliens[seat]
        gone = sorted(set(s.extra.get(NAME, ())) | ({current} - {NAME, ""}))
        candidates = unheld(s, exclude=[NAME, *gone])
        if not candidates:  # nothing left to become: keep the current alien
            replace(s)
            return True
        kept = [list(k) for k in s.extra.get("kept", ())]
        if [seat, NAME] not in kept:  # its own sheet goes beneath the new alien
            s.extra["kept"] = sorted(kept + [[seat, NAME]])
        s.extra[NAME] = gone
        emit(s, "power", seat, NAME, 0, ())
        if s.enc is not None:
            s.enc.powers_used = s.enc.powers_used + (seat,)
        replace(s, new_alien(seat, candidates))
        return True


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Becomes a random new alien after each loss",
    roles=("main", "ally"), phases=("resolution",), mandatory=True,
    source="rules 004 (classic)",
    encounter_end=_encounter_end,
))
