"""Xenophobe: as a main player, adds to its total every ship its opponents have on
planets of its home system.

Text followed: rules 004 (classic Xenophobe), in 2008 terms ("token" = ship, "Attack
total" = the side's total in an attack against attack). Choices we made:
- Main player only (the text says so). "Opponents" are the seats on the other side of
  the encounter: the other main player and that side's allies (a seat allied with the
  Xenophobe, or outside the encounter, is not an opponent).
- Counted: their ships on any planet of the Xenophobe's home system (the target
  planet included when it is one), not ships on the gate or beside the planet. The
  count is taken when the totals are compared.
- Mandatory (no "may"), and it matters only when totals are compared: a use at the
  "reveal" window when both cards count as attacks and the count is above zero, like
  the Cult's; a Cosmic Zap answers it and the totals stay as printed.
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ._util import both_attack, has, is_main, set_flag, side_of

NAME = "xenophobe"


def intruders(s: GameState, seat: int) -> int:
    """Ships of the Xenophobe's opponents on planets of its home system."""
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None or not is_main(s, seat):
        return 0
    opponents = (e.defense, *e.allies[1]) if side == 0 else (e.offense, *e.allies[0])
    return sum(s.on(p, x) for p in s.home_planets(seat) for x in opponents)


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if (window == "reveal" and is_main(s, seat) and not has(s, NAME, seat)
            and both_attack(s) and intruders(s, seat) > 0):
        return [(0, ())]
    return []


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    if not has(s, NAME, seat):
        return off, dfn
    extra = intruders(s, seat)
    return (off + extra, dfn) if side_of(s, seat) == 0 else (off, dfn + extra)


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Adds its opponents' ships in its home system to its "
    "total",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=_options, use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, totals=_totals,
))
