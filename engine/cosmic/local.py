"""The local card source: every hidden face in one process, from one seed.

For hotseat play, simulations and rule tests. It is *not* secure (whoever holds the seed
knows every card); networked games use the card protocol instead. The engine cannot tell
the two apart: both answer the same chance steps with the same kinds of facts.

Its draws come from `engine.rng.Stream` (a documented hash-based generator, never
`random`): the stream "cards" for decks and hands, "aliens" for aliens. So a seed gives
the same decks on every machine and Python version, forever.
"""

from __future__ import annotations

from ..localcards import LocalCards
from ..rng import Stream
from . import cards as C
from .actions import (
    SOURCE, Action, Delivered, Discard, FirstPlayer, HandShuffled, NewHand, Play, Reveal,
    NewAlien, Revealed, Shuffled,
)
from .state import Knowledge
from .steps import Chance

__all__ = ["Stream", "LocalSource"]  # Stream: engine.rng, shared by the games


class LocalSource(LocalCards):
    """Holds the true face of every handle and each seat's knowledge."""

    def __init__(self, seed: bytes, seats: int) -> None:
        super().__init__(seed, "cards")
        self.alien_stream = Stream(seed, "aliens")  # its own, so aliens leave the cards alone
        self.knowledge = [Knowledge(seat) for seat in range(seats)]

    def answer(self, chance: Chance) -> Action:
        """The fact that satisfies a chance step."""
        if chance.kind == "shuffle":
            self.shuffle(chance.handles, chance.cards, chance.carry)
            return Shuffled(SOURCE)
        if chance.kind in ("deliver", "show"):  # a show: the viewer alone learns the faces
            self.open_to(self.knowledge[chance.seat].faces, chance.handles)
            return Delivered(SOURCE)
        if chance.kind == "reveal":
            return Revealed(SOURCE, self.faces_of(chance.handles))
        if chance.kind == "hand_shuffle":
            self.reshuffle(chance.handles, chance.cards)
            self.open_to(self.knowledge[chance.seat].faces, chance.cards)  # the holder
            return HandShuffled(SOURCE)  # knows its own hand
        if chance.kind == "first_player":
            return FirstPlayer(SOURCE, self.stream.below(len(self.knowledge)))
        if chance.kind == "new_alien":
            return NewAlien(SOURCE, self.alien_stream.below(len(chance.names)))
        raise ValueError(f"unknown chance {chance.kind!r}")

    def check(self, action: Action) -> None:
        """Refuse an action that shows a face other than the true one (a local cheat)."""
        pairs: tuple[tuple[int, int], ...] = ()
        if isinstance(action, (Play, Reveal)):
            pairs = ((action.handle, action.card),)
        elif isinstance(action, (NewHand, Discard)):
            pairs = action.cards
        truth = self.truth
        for h, face in pairs:
            if truth.get(h) != face:  # the text of the refusal only when there is one
                self.refuse_false(action.format(), pairs, lambda face: C.card(face).label())
