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

from ..powers import Alien, register
from ..state import GameState
from ._util import has, once_per_encounter, revealed_kinds, set_flag, side_of

NAME = "pacifist"


def _applies(s: GameState, seat: int) -> bool:
    return revealed_kinds(s, seat) == ("negotiate", "attack")


def _decide(s: GameState, seat: int, result: str) -> str:
    if has(s, NAME, seat) and _applies(s, seat):
        return "offense" if side_of(s, seat) == 0 else "defense"
    return result


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Wins with a negotiate card against an attack",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=once_per_encounter(NAME, "reveal", _applies),
    use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, decide=_decide,
))
