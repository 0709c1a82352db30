"""The local card source of worlds: every hidden face and every die in one process.

For hotseat play, simulations and tests; not secure (the seed knows every card). It uses
the shared seeded generator (engine.rng.Stream) with labels of its own, so a seed
gives the same game everywhere. Dice come from the "worlds-dice" stream; in networked
play the commit-reveal beacon answers the same `roll` chance.
"""

from __future__ import annotations

from engine.localcards import LocalCards
from engine.rng import Stream

from .actions import SOURCE, Action, Delivered, HandShuffled, Play, Reveal, Revealed, Second, \
    Rolled, Shuffled, Discard
from .state import Knowledge
from .steps import Chance

__all__ = ["LocalSource"]


class LocalSource(LocalCards):
    """Holds the true face of every handle and each seat's knowledge."""

    def __init__(self, seed: bytes, seats: int) -> None:
        super().__init__(seed, "worlds-cards")
        self.dice = Stream(seed, "worlds-dice")
        self.knowledge = [Knowledge(seat) for seat in range(seats)]

    def answer(self, chance: Chance) -> Action:
        """The fact that satisfies a chance step; raises ValueError for an unknown kind."""
        if chance.kind == "shuffle":
            self.shuffle(chance.handles, chance.cards, chance.carry)
            return Shuffled(SOURCE)
        if chance.kind in ("deliver", "show"):
            self.open_to(self.knowledge[chance.seat].faces, chance.handles)
            return Delivered(SOURCE)
        if chance.kind == "reveal":
            return Revealed(SOURCE, self.faces_of(chance.handles))
        if chance.kind == "hand_shuffle":
            self.reshuffle(chance.handles, chance.cards)
            return HandShuffled(SOURCE)
        if chance.kind == "unseen_add":  # births onto a seat's secret page
            page = self.knowledge[chance.seat].hidden
            page[chance.carry[0]] = page.get(chance.carry[0], 0) + chance.count
            return Delivered(SOURCE)
        if chance.kind == "unseen_open":  # the seat opens its page on one world
            page = self.knowledge[chance.seat].hidden
            w = chance.carry[0]
            return Revealed(SOURCE, ((w, page.pop(w, 0)),))
        if chance.kind == "roll":
            return Rolled(SOURCE, tuple(1 + self.dice.below(chance.sides)
                                        for _ in range(chance.count)))
        raise ValueError(f"unknown chance {chance.kind!r}")

    def check(self, action: Action) -> None:
        """Refuse an action that shows a face other than the true one (a local cheat)."""
        pairs: tuple[tuple[int, int], ...] = ()
        if isinstance(action, (Play, Reveal, Second)) and action.handle >= 0:
            pairs = ((action.handle, action.card),)
        elif isinstance(action, Discard):
            pairs = action.cards
        self.refuse_false(action.format(), pairs, lambda face: f"card {face}")
