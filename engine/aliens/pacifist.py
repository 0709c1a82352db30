"""Pacifist: a negotiate card beats an attack card when the Pacifist plays it.

Text followed: rules 004 (classic Pacifist), in 2008 terms; rules 001 lists its summary
("wins with negotiate card"). Choices we made:
- Main player only, mandatory (the text has no "may"): after the reveal, when its card
  counts as a negotiate and the opponent's as an attack, it is used at the "reveal"
  window; a Cosmic Zap answers it and the attack then wins as usual.
- Its card is the one on its side after the reveal (a Sorcerer's switch counts). Two
  negotiates still make a deal as usual.
"""

from __future__ import annotations

from ..flow import card_types
from ..powers import Alien, register
from ..state import GameState
from ._util import has, is_main, set_flag, side_of

NAME = "pacifist"


def _applies(s: GameState, seat: int) -> bool:
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None or min(e.cards) < 0:
        return False
    kinds = card_types(s)
    return kinds[side] == "negotiate" and kinds[1 - side] == "attack"


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window == "reveal" and is_main(s, seat) and not has(s, NAME, seat) and _applies(s, seat):
        return [(0, ())]
    return []


def _decide(s: GameState, seat: int, result: str) -> str:
    if has(s, NAME, seat) and _applies(s, seat):
        return "offense" if side_of(s, seat) == 0 else "defense"
    return result


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Wins with a negotiate card against an attack",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=_options, use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, decide=_decide,
))
