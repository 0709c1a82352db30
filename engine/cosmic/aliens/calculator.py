"""Calculator: may equalize the encounter cards; the higher attack loses the lower's value.

Text followed: rules 004 (classic Calculator), in 2008 terms. Choices we made:
- Main player only, optional, once per encounter, at the "selected" window (both cards
  chosen, none revealed). It is a use, so a Cosmic Zap stops it.
- It changes the card values only when both cards count as attacks after the reveal (a
  morph counts as the card it copies); equal values are left alone (neither is higher).
"""

from __future__ import annotations

from ..flow import card_types
from ..powers import Alien, register
from ..state import GameState
from ._util import both_chosen, has, once_per_encounter, set_flag

NAME = "calculator"


def _values(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    if not has(s, NAME, seat) or card_types(s) != ("attack", "attack"):
        return off, dfn
    if off > dfn:
        return off - dfn, dfn
    if dfn > off:
        return off, dfn - off
    return off, dfn


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Cuts the higher attack card by the lower one",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=once_per_encounter(NAME, "selected", both_chosen), use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    card_values=_values,
))
