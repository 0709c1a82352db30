"""The action every game shares, and the chance facts every card source answers with.

Invariants: an action is a frozen, slotted dataclass whose first field is `seat` (the
sender; `SOURCE` = -1 for a chance fact), made by `kind` into a game's `Kinds` table
(KIND, SHAPES, TEXT: engine.actiondata), so `to_data()` is the data form every game
shares and `format()` is `kind seat field...` in its game's text form. The chance facts
below are declared once and entered as they are into each game's table; they are written
with their field names (`revealed -1 cards=1:2`) in every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .actiondata import NAMED, Kinds, TextForm, encode, kind

__all__ = [
    "Action", "SOURCE", "Pairs", "CHANCE_FACTS", "Shuffled", "Delivered", "Revealed",
    "HandShuffled",
]

SOURCE = -1  # the seat number of chance facts

Pairs = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions; `seat` is the sender."""

    KIND: ClassVar[str] = ""
    SHAPES: ClassVar[tuple[str, ...]] = ()
    TEXT: ClassVar[TextForm] = NAMED
    seat: int

    def to_data(self) -> list[Any]:
        return encode(self)

    def values_text(self) -> list[str]:
        """Each field's value after the seat as its game writes it (no names)."""
        return self.TEXT.values(self)

    def format(self) -> str:
        return " ".join([self.KIND, str(self.seat), *self.TEXT.fields(self)])

    def __str__(self) -> str:
        return self.format()


# --- chance facts of the card protocol, the same in every game ------------------------------

CHANCE_FACTS: dict[str, type[Action]] = {}
_KINDS = Kinds(CHANCE_FACTS)


@kind(_KINDS, "shuffled")
class Shuffled(Action):
    """The deck the engine asked for has been shuffled (its new handles are the engine's)."""


@kind(_KINDS, "delivered")
class Delivered(Action):
    """The cards the engine moved to a hand (or asked to show) have been opened to their
    new holder."""


@kind(_KINDS, "revealed", "pairs")
class Revealed(Action):
    """Public faces of the handles the engine asked to reveal (handle:face); the map game
    also opens a page of unseen tokens with it (world:count)."""

    cards: Pairs


@kind(_KINDS, "handshuffled")
class HandShuffled(Action):
    """A hand has been shuffled and re-masked, so its new handles are in unknown order."""
