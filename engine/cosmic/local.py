"""The local card source: every hidden face in one process, from one seed.

For hotseat play, simulations and rule tests. It is *not* secure (whoever holds the seed
knows every card); networked games use the card protocol instead. The engine cannot tell
the two apart: both answer the same chance steps with the same kinds of facts.

Its draws come from `engine.rng.Stream` (a documented hash-based generator, never
`random`): the stream "cards" for decks and hands, "aliens" for aliens. So a seed gives
the same decks on every machine and Python version, forever.
"""

from __future__ import annotations

from ..rng import Stream
from . import cards as C
from .actions import (
    SOURCE, Action, Delivered, Discard, FirstPlayer, HandShuffled, NewHand, Play, Reveal,
    NewAlien, Revealed, Shuffled,
)
from ..errors import IllegalAction
from .state import Knowledge
from .steps import Chance

__all__ = ["Stream", "LocalSource"]  # Stream: engine.rng, shared by the games


class LocalSource:
    """Holds the true face of every handle and each seat's knowledge."""

    def __init__(self, seed: bytes, seats: int) -> None:
        self.stream = Stream(seed, "cards")
        self.alien_stream = Stream(seed, "aliens")  # its own, so aliens leave the cards alone
        self.truth: dict[int, int] = {}
        self.knowledge = [Knowledge(seat) for seat in range(seats)]

    def answer(self, chance: Chance) -> Action:
        """The fact that satisfies a chance step."""
        if chance.kind == "shuffle":
            faces = list(chance.cards) + [self.truth[h] for h in chance.carry]
            perm = self.stream.permutation(len(faces))
            for h, k in zip(chance.handles, perm):
                self.truth[h] = faces[k]
            return Shuffled(SOURCE)
        if chance.kind == "deliver":
            kn = self.knowledge[chance.seat]
            for h in chance.handles:
                kn.faces[h] = self.truth[h]
            return Delivered(SOURCE)
        if chance.kind == "show":  # the viewer alone learns these faces; nothing moves
            kn = self.knowledge[chance.seat]
            for h in chance.handles:
                kn.faces[h] = self.truth[h]
            return Delivered(SOURCE)
        if chance.kind == "reveal":
            return Revealed(SOURCE, tuple((h, self.truth[h]) for h in chance.handles))
        if chance.kind == "hand_shuffle":
            old, new = chance.handles, chance.cards
            perm = self.stream.permutation(len(old))
            kn = self.knowledge[chance.seat]
            for h, k in zip(new, perm):
                self.truth[h] = self.truth[old[k]]
                kn.faces[h] = self.truth[h]  # the holder knows its own hand
            return HandShuffled(SOURCE)
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
        for h, face in pairs:
            if self.truth.get(h) != face:
                raise IllegalAction("cards", "reveal", action.format(),
                                    f"handle {h} is not {C.card(face).label()}")
