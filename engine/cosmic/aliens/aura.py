"""Aura: every other player keeps its hand face up for all to see; a main player picks its
hand up only to choose and play its encounter card, and shows it again afterwards.

Text followed: rules 004 (classic), in 2008 terms. Choices:
- A standing rule (`face_up` hook), not a use: no Cosmic Zap answers it; it stops while
  the Aura's power is lost (too few home colonies) or zapped, and starts again when it
  works again. Faces once public stay public (nobody forgets what the table saw).
- "Face up" is a public reveal: whenever the game waits for a seat, every card in
  another player's hand whose face is not public yet is turned up first (the engine's
  `reveal_cards` chance; in networked games the holder publishes its last decryption
  share). So a card drawn, taken or received later is shown as soon as the game waits
  for anyone, before anybody decides anything with the hand hidden.
- A main player's hand is taken up from the moment it puts its encounter card face down
  (its Select) until the encounter is over; cards it gets meanwhile (rewards, a deal,
  compensation) are shown when the encounter is over. The encounter card stays secret
  although every face of the hand was public: the Select commits to a card that only
  its holder knows, as at a real table, where the others saw the hand but not which card
  was taken from it. A defense that has not chosen yet still shows its hand.
- The Aura's own hand stays hidden. Cards held for someone else are shown where they lie
  (the Demon's possessed cards in the Demon's hand). Artifacts are played from a face-up
  hand as from any other (nothing to add).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState

NAME = "aura"


def _face_up(s: GameState, seat: int) -> list[int]:
    e = s.enc
    taken_up = e.selected if e is not None else ()
    return [h for x in range(s.n) if x != seat and x not in taken_up for h in s.hands[x]]


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Every other player's hand is face up",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic)",
    face_up=_face_up,
))
