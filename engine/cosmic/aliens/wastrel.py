"""Wastrel: as a main player, before the cards are chosen, may throw its whole hand away
and draw a new one.

Text followed: rules 004 (classic Wastrel), in 2008 terms ("Challenge Card" = encounter
card; the classic seven-card hand is our eight). Choices we made:
- Main player only, optional, once per encounter, at the "planning" window (after the
  alliances, before either card goes face down). A use, so a Cosmic Zap stops it before
  any card goes.
- Once the use stands the Wastrel discards its whole hand face up (a `discard` action
  naming every card with its face, shown and checked like a new hand's), then draws
  eight from the deck. Cards it only holds for someone else (the Demon's, the Leech's
  borrowed ones) are not its own and stay. An empty hand may be thrown away too: it
  simply draws eight.
- The discarded cards are discarded like any other (a Vulch collects the artifacts, a
  Rot takes others' cards along with its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Action, Discard
from ..choices import Fixed
from ..powers import Alien, discarded, held_for_others, register
from ..state import GameState, Knowledge
from ..steps import (
    SeatStep, emit, fail, learn, push, register as register_step, replace, take_from_hand,
)
from ..zones import draw
from ._util import once_per_encounter, set_flag

NAME = "wastrel"
Step_t = tuple[Any, ...]


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    emit(s, "wastrel", seat, len(_own(s, seat)))
    push(s, ("wastrel_discard", seat))


@register_step
class WastrelDiscard(SeatStep):
    """("wastrel_discard", seat): the Wastrel shows and discards its whole hand, then
    draws eight."""

    name, phase, kinds = "wastrel_discard", "planning", ("discard",)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        cards = []
        for h in _own(s, seat):
            face = kn.faces.get(h, s.faces.get(h))
            if face is None:
                return Fixed([])
            cards.append((h, face))
        return Fixed([Discard(seat, tuple(cards), ())])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Discard)
        seat = st[1]
        own = _own(s, seat)
        handles = tuple(h for h, _ in a.cards)
        if a.none_of or sorted(handles) != sorted(own) or len(set(handles)) != len(handles):
            fail(s, a, "discard every card of your own hand, each once (and claim nothing)")
        for h, face in a.cards:
            learn(s, a, h, face)
        take_from_hand(s, a, seat, handles)
        s.discard = s.discard + handles
        emit(s, "discard", seat, tuple(f for _, f in a.cards))
        replace(s, *discarded(s, seat, handles, "wastrel"), draw(seat, C.HAND_SIZE))


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Throws its hand away and draws a new one",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("planning",), options=once_per_encounter(NAME, "planning", lambda s, seat: True),
    use=_use,
))
