"""Enigma Device (rules 001, tech card text; research number 4, any player, at the start
of an encounter): once completed, its owner may discard it to bring every hand to
exactly eight cards: the owner first discards any of its cards it wishes, then each seat
from the owner clockwise draws up to eight, or loses cards at random down to eight.

Interpretations:
- When: the window at the start of each encounter ("start"), in any role.
- The owner's own discards are face up on the discard pile (a `Discard` naming them,
  none at all allowed), and powers that follow discards see them.
- Random losses go face up to the discard pile; the pick is made by the next seat
  clockwise, unseen (engine.aliens._pick: no seat controls it). Cards held for another
  player (the Demon's) are left out of the count and of the pick.
- Draws follow the cosmic deck's ordinary rules (reshuffle, cosmic quake).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Action, Discard
from ..aliens._pick import pick_random, purpose
from ..choices import Fixed, Mapped, Subsets
from ..powers import discarded, held_for_others
from ..state import GameState, Knowledge
from ..steps import SeatStep, Step, emit, fail, learn, pop, push, register, replace, take_from_hand
from ..zones import draw
from . import TechEffect, tech_effect

NAME = "enigma_device"
Step_t = tuple[Any, ...]


def _who(s: GameState, seat: int) -> bool:
    return s.enc is not None


def _reset(s: GameState, seat: int) -> None:
    push(s, ("enigma_discard", seat),
         *[("enigma_even", x) for x in [seat] + s.clockwise_from_left(seat)])


@register
class EnigmaDiscard(SeatStep):
    """("enigma_discard", seat): the owner discards any of its cards, face up (or none)."""

    name, phase, kinds = "enigma_discard", "regroup", ("discard",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(self._own(s, st[1]))

    def _own(self, s: GameState, seat: int) -> tuple[int, ...]:
        keep = held_for_others(s, seat)
        return tuple(h for h in s.hands[seat] if h not in keep)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        own = self._own(s, seat)
        faces = {h: kn.faces.get(h, s.faces.get(h)) for h in own}
        if any(f is None for f in faces.values()):
            return Fixed([Discard(seat, (), ())])
        return Mapped(Subsets(own), lambda sub: Discard(
            seat, tuple((h, faces[h] or 0) for h in sub), ()))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Discard)
        seat = st[1]
        if a.none_of:
            fail(s, a, "name the cards to discard, and no kinds (discard HANDLE:FACE ...)")
        handles = [h for h, _ in a.cards]
        if len(set(handles)) != len(handles) or any(h not in self._own(s, seat) for h in handles):
            fail(s, a, "discard cards of your own hand, each once")
        for h, face in a.cards:
            learn(s, a, h, face)
        take_from_hand(s, a, seat, handles)
        s.discard = s.discard + tuple(handles)
        emit(s, "discard", seat, tuple(f for _, f in a.cards))
        pop(s)
        push(s, *discarded(s, seat, tuple(handles), NAME))


@register
class EnigmaEven(Step):
    """("enigma_even", seat): the seat's hand becomes exactly eight cards."""

    name, phase = "enigma_even", "regroup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        have = len(s.hands[seat]) - len(held_for_others(s, seat))
        if have < C.HAND_SIZE:
            replace(s, draw(seat, C.HAND_SIZE - have))
        elif have > C.HAND_SIZE:
            replace(s, pick_random((seat + 1) % s.n, seat, have - C.HAND_SIZE, NAME))
        else:
            pop(s)
        return True


def _lost(s: GameState, picker: int, holder: int, handles: tuple[int, ...]) -> list[Step_t]:
    if not handles:
        return []
    s.discard = s.discard + handles
    emit(s, "random_discard", holder, len(handles))
    return [("reveal_cards", handles), ("enigma_discarded", holder, handles)]


@register
class EnigmaDiscarded(Step):
    """The lost cards are face up on the pile: powers that follow discards act."""

    name, phase = "enigma_discarded", "regroup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        pop(s)
        push(s, *discarded(s, st[1], tuple(st[2]), NAME))
        return True


purpose(NAME, lambda s, holder: (), _lost)

tech_effect(TechEffect(NAME, "start", _who, _reset))
