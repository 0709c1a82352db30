"""Philanthropist: as a main player or ally, before encounter cards are chosen, gives one
card from its hand to the offense or the defense.

Text followed: rules 004 (classic), in 2008 terms. The use is offered at the planning
window and names the receiver (a main player other than the Philanthropist); once the
use stands (no Cosmic Zap), the Philanthropist chooses which card with the ordinary
`give` step, so the card's face is opened only to its new holder. The receiver simply
keeps it ("keep it or play it" needs no rule of its own). One gift per encounter.
"""

from __future__ import annotations

from ..powers import Alien, held_for_others, register
from ..state import GameState
from ..steps import push
from ._util import has, is_main_or_ally, set_flag


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "planning" or e is None or not is_main_or_ally(s, seat)
            or has(s, "philanthropist", seat)):
        return []
    keep = held_for_others(s, seat)
    if not [h for h in s.hands[seat] if h not in keep]:
        return []
    return [(0, (to,)) for to in (e.offense, e.defense) if to != seat]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "philanthropist", seat)
    push(s, ("give", seat, args[0], 1))


ALIEN = register(Alien(
    name="philanthropist", lamp="green", summary="Gives a card to a main player",
    roles=("main", "ally"), phases=("planning",), mandatory=False,
    source="rules 004 (classic)", windows=("planning",), options=_options, use=_use,
))
