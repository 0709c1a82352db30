"""What both games' local card sources share: every hidden face of a local game, drawn
from its public seed (engine.rng), and the four moves of the card protocol done in the
open: shuffle a deck, open handles to a seat, turn faces up, reshuffle a hand.

Not secure (the seed is public): for simulations, hotseat play and rule tests. Each game's
source (engine/cosmic/local.py, engine/worlds/local.py) answers its chances with these and
turns the results into its own facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping, Sequence

from .errors import IllegalAction
from .rng import Stream

__all__ = ["LocalCards"]


class LocalCards:
    """The true face of every handle dealt so far (`truth`), from one stream."""

    def __init__(self, seed: bytes, label: str) -> None:
        self.stream = Stream(seed, label)
        self.truth: dict[int, int] = {}

    def shuffle(self, handles: Sequence[int], cards: Sequence[int],
                carry: Sequence[int]) -> None:
        """The deck's new handles get the faces going in (and those of the old handles
        carried in unseen), in a seeded random order."""
        faces = list(cards) + [self.truth[h] for h in carry]
        perm = self.stream.permutation(len(faces))
        for h, k in zip(handles, perm):
            self.truth[h] = faces[k]

    def open_to(self, faces: MutableMapping[int, int], handles: Iterable[int]) -> None:
        """A seat learns these handles' faces (`faces`: its knowledge)."""
        for h in handles:
            faces[h] = self.truth[h]

    def faces_of(self, handles: Iterable[int]) -> tuple[tuple[int, int], ...]:
        """(handle, face) of these handles, turned up for everyone."""
        return tuple((h, self.truth[h]) for h in handles)

    def reshuffle(self, old: Sequence[int], new: Sequence[int]) -> None:
        """A hand's cards under new handles, in a seeded random order."""
        perm = self.stream.permutation(len(old))
        for h, k in zip(new, perm):
            self.truth[h] = self.truth[old[k]]

    def refuse_false(self, action: str, pairs: Iterable[tuple[int, int]],
                     label: Callable[[int], str]) -> None:
        """Raise IllegalAction if a (handle, face) an action shows is not the true face
        (a local cheat); `label(face)` names a face."""
        for h, face in pairs:
            if self.truth.get(h) != face:
                raise IllegalAction("cards", "reveal", action,
                                    f"handle {h} is not {label(face)}")
