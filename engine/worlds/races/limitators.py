"""Limitators (1/C): when a conflict opens with Limitators in your side's stacks, the
opposing primary player must throw away one card of his choice (rules 003; the text is
cut off after "at start of": the conflict's start is taken, after the defender's draw).
Nothing happens to an empty hand."""

from __future__ import annotations

from ..actions import Action, Discard
from ..board import hand_cards
from ..state import GameState, Knowledge
from ..steps import SeatStep, Step_t, emit, fail, learn, pop, register, take_from_hand
from . import Race, Steps
from . import register as register_race


@register
class Shed(SeatStep):
    """("shed", seat): a conflict's opening costs the seat one card of its choice."""

    name = "shed"
    phase = "conflict"
    kinds = ("discard",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(s.hands[st[1]])

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Discard(seat, (hf,)) for hf in hand_cards(s, seat, kn.faces)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Discard) or len(a.cards) != 1:
            fail(s, a, "discard exactly one card")
            return
        take_from_hand(s, a, a.seat, [h for h, _ in a.cards])
        for h, f in a.cards:
            learn(s, a, h, f)
        s.discard = s.discard + tuple(h for h, _ in a.cards)
        emit(s, "discarded", a.seat, 1)
        pop(s)


@register_race
class Limitators(Race):
    key = "limitators"

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        c = s.conf
        if c is None or c.primary[1 - side] == seat:
            return []
        return [("shed", c.primary[1 - side])]
