"""Machine: its turn is not limited to two encounters; it may go on while it holds an
encounter card, even after losing.

Text followed: rules 004 (classic Machine), in 2008 terms. Going on is a use of the power
at the end of an encounter (the last window, after the ships are home), so a Cosmic Zap
can stop it: zapped, the turn ends unless the rules already give a second encounter.
The power is offered only where the rules would end the turn (after a failed first
encounter, or after the second or a later one), and never after an encounter abandoned
for want of an encounter card. Taking the next encounter is still the offense's
`second` action, a recorded claim that it holds an encounter card (checked by the audit).
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ._util import has, set_flag


def _rules_allow_another(s: GameState) -> bool:
    e = s.enc
    assert e is not None
    success = e.result in ("offense", "deal", "reestablished")
    return success and e.number == 1 and not s.config.single_encounter


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    e = s.enc
    if (window != "end" or e is None or seat != e.offense or e.result in ("", "aborted")
            or has(s, "machine", seat) or _rules_allow_another(s)):
        return []
    return [(0, ())]


ALIEN = register(Alien(
    name="machine", lamp="red", summary="Keeps its turn going while it has encounter cards",
    roles=("offense",), phases=("resolution",), mandatory=False,
    source="rules 004 (classic)",
    windows=("end",), options=_options, use=lambda s, seat, o, a: set_flag(s, "machine", seat),
    continue_turn=lambda s, seat: has(s, "machine", seat),
))
