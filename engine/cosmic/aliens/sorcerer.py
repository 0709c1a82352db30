"""Sorcerer: may switch the two face-down encounter cards before they are revealed.

Text followed: rules 004 (classic Sorcerer), in 2008 terms; rules 000 (Alien
Interactions) for the Oracle: a card the Oracle's opponent already turned up can still be
switched. Choices we made:
- Main player only, optional, once per encounter, at the "selected" window (both cards
  chosen). It is a use, so a Cosmic Zap stops it.
- Switching sets the encounter's "switched" flag: each main player then reveals its own
  card onto the other's side (engine.cosmic.flow RevealStep). A card already face up moves to
  the other side at once. A second switch (two Sorcerers) switches them back.
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ._util import both_chosen, once_per_encounter, set_flag

NAME = "sorcerer"


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None:
        return
    set_flag(s, NAME, seat)
    e.cards = (e.cards[1], e.cards[0])
    if e.has_flag("switched"):
        e.flags = tuple(f for f in e.flags if f != "switched")
    else:
        e.add_flag("switched")


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Switches the two face-down encounter cards",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=once_per_encounter(NAME, "selected", both_chosen), use=_use,
))
