"""Visionary: as a main player, names the encounter card its opponent must play, if the
opponent holds one.

Text followed: rules 004 (classic Visionary), in 2008 terms ("Challenge Card" =
encounter card). Choices we made:
- Main player only, optional, once per encounter, at the "planning" window (after the
  alliances, before either card goes face down). A use, so a Cosmic Zap stops it.
- The card is named by face (`power 0 FACE`, one option per distinct encounter card:
  the first catalogue id of each kind and value, as the Gambler states a card): "an
  attack 06" is any attack 06, "a negotiate" any negotiate.
- The rule goes on the opponent's card (engine.cosmic.powers `bind_card`, rule "is:FACE"), to be
  kept if able: a client is offered only such cards to put face down when it holds one
  (engine.cosmic.api `encounter_card_options`). The engine cannot see the hand, so a reveal of
  another card is accepted and records the opponent's claim that the rest of its hand
  held no such card (audited at the end of the game): that is how the opponent "says it
  has none". Without one it plays any encounter card it likes.
- "Unless prevented by another player": a card a power picked at random (the Laser's)
  overrides the named card, and so does anything that takes the card away before the
  reveal. A card kept face down and stated (the Gambler's believed bluff) is never
  revealed, so it records no claim.
"""

from __future__ import annotations

from ..powers import Alien, bind_card, register
from ..state import GameState
from ..steps import emit
from .gambler import STATEMENTS
from ._util import has, is_main, opponent, set_flag

NAME = "visionary"


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "planning" or e is None or not is_main(s, seat) or has(s, NAME, seat)
            or e.selected):
        return []
    return [(0, (face,)) for face in STATEMENTS]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    other = opponent(s, seat)
    bind_card(s, other, f"is:{args[0]}")
    emit(s, "vision", seat, other, args[0])


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Names the encounter card its opponent must play",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("planning",), options=_options, use=_use,
))
