"""Virus: with an attack card, its card value is multiplied by its side's ships instead of
added to them.

Text followed: rules 004 (classic Virus), in 2008 terms. Choices we made:
- Main player only (the text speaks of the card it plays), and mandatory (no "may"). It
  acts after the reveal, when both cards count as attacks (only then are totals
  compared), as a *use* at the "reveal" window, so a Cosmic Zap answers it.
- The ships multiplied are every ship on its side, its own and its allies'.
  Reinforcements and other powers' bonuses are still added after the product.
"""

from __future__ import annotations

from ..flow import card_values
from ..powers import Alien, register
from ..state import GameState
from ._util import both_attack, has, once_per_encounter, set_flag, side_of, side_ships

NAME = "virus"


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    side = side_of(s, seat)
    if not has(s, NAME, seat) or side is None or not both_attack(s):
        return off, dfn
    own, allies = side_ships(s, side)
    ships = own + allies
    value = card_values(s)[side]
    delta = value * ships - value - ships  # the rules added card and ships once
    return (off + delta, dfn) if side == 0 else (off, dfn + delta)


ALIEN = register(Alien(
    name=NAME, lamp="red", summary="Multiplies its attack card by its side's ships",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=once_per_encounter(NAME, "reveal", lambda s, seat: both_attack(s)), use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, totals=_totals,
))
