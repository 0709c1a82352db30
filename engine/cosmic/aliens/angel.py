"""Angel: as a main player, may negotiate without a negotiate card, after seeing the
opponent's card, keeping its own card unseen.

Text followed: rules 004 (classic Angel), in 2008 terms ("compromise" = negotiate,
"Challenge Card" = encounter card). Choices we made:
- Main player only, optional. The Angel chooses an encounter card as usual (a Select);
  with its power it reveals after the other main player (the flow's "last_reveal"
  pseudo-window, like the Gambler's). Once the other card is up it either reveals its own
  card as usual (then that card is what it plays) or uses its power: its side's card
  then counts as a negotiate (encounter flag "stated:SIDE:FACE", which engine.cosmic.flow reads)
  and the card it had chosen simply stays in its hand. Nothing is revealed, discarded or
  moved, so in networked play its face never becomes visible to anyone (its face-down
  commitment is opened only at the end of the game, like any other, for the audit).
- The declared negotiate is a negotiate in every respect: against an attack the Angel
  loses and takes compensation; against a negotiate the two make a deal.
- A use of a power, so a Cosmic Zap answers it; zapped, the Angel reveals its card after
  all. With the power lost it reveals in the usual order and has nothing to declare.
- Not offered once a power has switched the face-down cards (the Sorcerer's): the card on
  the Angel's side is then its opponent's, which it cannot take back.
- Only when its card is still face down: a card shown early (the Oracle's opponent)
  stands.
"""

from __future__ import annotations

from .. import cards as C
from ..flow import LAST_REVEAL
from ..powers import Alien, register
from ..state import GameState
from ..steps import emit, pop
from ._util import has, reveals_last, set_flag, side_of

NAME = "angel"
NEGOTIATE = next(c.id for c in C.CATALOGUE if c.kind == "negotiate")


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if not reveals_last(s, seat, window, NAME):
        return []
    return [(0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None or e.cards[side] >= 0 or s.step() != ("reveal",):
        return  # its card was revealed meanwhile: it stands
    set_flag(s, NAME, seat)
    e.add_flag(f"stated:{side}:{NEGOTIATE}")
    emit(s, "angel_negotiates", seat)
    pop(s)  # no Reveal from the Angel: the reveal is over


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Negotiates at will once the other card is up",
    roles=("main",), phases=("reveal",), mandatory=False, source="rules 004 (classic)",
    windows=(LAST_REVEAL,), options=_options, use=_use,
))
