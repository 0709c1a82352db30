"""Empath: when its card counts as a negotiate, its opponent's card counts as one too.

Text followed: rules 004 (classic Empath), in 2008 terms. Choices we made:
- Main player only. Its card is the one on its side after the reveal (a Sorcerer's
  switch counts; a morph counts as what it copies, so a morph against a negotiate is
  already a negotiate and needs no power).
- Mandatory (the text has no "may": the choice is playing the negotiate). It is a use at
  the "reveal" window when its card counts as a negotiate and the opponent's does not; a
  Cosmic Zap answers it and the cards count as printed.
- Used, the opponent's card counts as a negotiate for everything that asks what it is
  (the outcome, compensation, other powers): the `card_kinds` hook, applied after a
  morph has copied and Emotion Control has acted. Card values are untouched, so powers
  that change attack values (Calculator, Mirror) no longer apply once both are
  negotiates; two negotiates make a deal as usual.
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ._util import has, once_per_encounter, revealed_kinds, set_flag, side_of

NAME = "empath"


def _applies(s: GameState, seat: int) -> bool:
    kinds = revealed_kinds(s, seat)
    return kinds is not None and kinds[0] == "negotiate" and kinds[1] != "negotiate"


def _kinds(s: GameState, seat: int, kinds: tuple[str, str]) -> tuple[str, str]:
    side = side_of(s, seat)
    if not has(s, NAME, seat) or side is None or kinds[side] != "negotiate":
        return kinds
    return ("negotiate", "negotiate")


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Its negotiate turns the other card into a negotiate",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=once_per_encounter(NAME, "reveal", _applies), use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, card_kinds=_kinds,
))
