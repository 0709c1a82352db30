"""Jinx: as a main player, once both cards are face down, makes one of them count as an
attack 13 when it is revealed.

Text followed: rules 004 (classic Jinx), in 2008 terms ("Challenge Card" = encounter
card). Choices we made:
- Main player only, optional, once per encounter, at the "selected" window (both cards
  chosen, none revealed). A use, so a Cosmic Zap stops it.
- It names a card by whose it is: `power 0 SEAT` with SEAT the offense or the defense
  (its own card may be chosen too: the text says either played card). The choice
  follows the card: after a Sorcerer's switch it is still that player's card, now on the
  other side.
- Once revealed, the card counts as an attack 13 outright (engine.cosmic.powers `card_faces`):
  a morph opposite it copies an attack 13; Emotion Control, the Mirror (31) and other
  card-changing powers then act on the 13 as on any attack 13. A card kept face down and
  stated (the Gambler's believed bluff) becomes an attack 13 as well.
"""

from __future__ import annotations

from .. import cards as C
from ..powers import Alien, register
from ..state import GameState
from ..steps import emit
from ._util import both_chosen, has, is_main, set_flag

NAME = "jinx"
ATTACK_13 = next(c.id for c in C.CATALOGUE if c.kind == "attack" and c.value == 13)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "selected" or e is None or not is_main(s, seat) or has(s, NAME, seat)
            or not both_chosen(s, seat)):
        return []
    return [(0, (e.offense,)), (0, (e.defense,))]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None:
        return
    set_flag(s, NAME, seat)
    e.add_flag(f"jinxed:{args[0]}")
    emit(s, "jinx", seat, args[0])


def _faces(s: GameState, seat: int, faces: tuple[int, int]) -> tuple[int, int]:
    """Every card a Jinx named counts as an attack 13 (a flag per named player's card)."""
    e = s.enc
    if e is None or not has(s, NAME, seat):
        return faces
    out = list(faces)
    for player in (e.offense, e.defense):
        if e.has_flag(f"jinxed:{player}"):
            side = (0 if player == e.offense else 1) ^ e.has_flag("switched")
            out[side] = ATTACK_13
    return out[0], out[1]


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Turns a played card into an attack 13",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=_options, use=_use, card_faces=_faces,
))
