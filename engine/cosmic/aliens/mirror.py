"""Mirror: may reverse the digits of the attack cards (12 counts 21, 20 counts 2).

Text followed: rules 004 (classic Mirror), in 2008 terms. Choices we made:
- Main player only, optional, once per encounter, at the "selected" window (both cards
  chosen, none revealed). It is a use, so a Cosmic Zap stops it.
- Every card that counts as an attack after the reveal is reversed, both players' (a
  morph copying an attack is reversed too); one-digit values stay as they are, and the
  reversed value of 20, 30 or 40 is 2, 3 or 4.
"""

from __future__ import annotations

from ..flow import card_types
from ..powers import Alien, register
from ..state import GameState
from ._util import both_chosen, has, once_per_encounter, set_flag

NAME = "mirror"


def reversed_value(value: int) -> int:
    """The value read backwards: 12 -> 21, 20 -> 2, 7 -> 7."""
    return int(str(value)[::-1]) if value >= 10 else value


def _values(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    if not has(s, NAME, seat):
        return off, dfn
    kinds = card_types(s)
    return (reversed_value(off) if kinds[0] == "attack" else off,
            reversed_value(dfn) if kinds[1] == "attack" else dfn)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Reverses the digits of the attack cards",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=once_per_encounter(NAME, "selected", both_chosen), use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    card_values=_values,
))
