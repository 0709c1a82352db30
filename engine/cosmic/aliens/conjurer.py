"""Conjurer: once an encounter as a main player, before the cards are revealed, discards
cards of its choice to bring ships back from the warp: one per encounter card, two per
artifact.

Text followed: rules 004 (classic Conjurer), in 2008 terms ("Challenge Card" =
encounter card, "Edict"/artifact = artifact, "token" = ship). Choices we made:
- Main player only, optional, once per encounter, at the "selected" window (both cards
  chosen face down, none revealed): its own face-down card is not in question, and it
  knows what it plays. Offered only with ships of its own in the warp and a card in hand
  besides the face-down one. A use, so a Cosmic Zap stops it before any card goes.
- Once the use stands the Conjurer discards, face up (a `discard` action, faces shown
  and checked), any of its encounter cards (attack, negotiate, morph) and artifacts;
  reinforcements and flares bring nothing and are not offered. Discarding nothing is
  allowed. Cards another player owns (held for the Demon) are not its own to discard.
- Ships come back one per encounter card and two per artifact, at most as many as it has
  in the warp; it places them on its colonies (the usual ship placement).
- The discarded cards are discarded like any other (a Vulch collects the artifacts).
- The face-down card cannot be discarded: the engine cannot see which it is, so clients
  and bots leave it out (as for the Hate's discard); in networked play a cheat would be
  caught at the reveal, which its commitment must open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Action, Discard
from ..choices import Mapped, Subsets
from ..powers import Alien, discarded, held_for_others, register
from ..state import GameState, Knowledge
from ..steps import (
    SeatStep, WARP, emit, fail, learn, push, register as register_step, replace,
    take_from_hand,
)
from ..zones import place_returning
from ._util import has, is_main, set_flag, side_of

NAME = "conjurer"
Step_t = tuple[Any, ...]


def _worth(face: int) -> int:
    info = C.CATALOGUE[face]
    return 2 if info.kind == "artifact" else 1 if info.is_encounter else 0


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    side = side_of(s, seat)
    if (window != "selected" or e is None or side is None or not is_main(s, seat)
            or has(s, NAME, seat) or s.warp[seat] <= 0):
        return []
    down = 1 if e.cards[side] < 0 else 0  # its chosen card, still face down in the hand
    return [(0, ())] if len(_own(s, seat)) > down else []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    emit(s, "conjure", seat)
    push(s, ("conjure", seat))


def _cards(s: GameState, seat: int, kn: Knowledge) -> list[tuple[int, int]]:
    """(handle, face) of the cards it may discard: its own, known, worth ships."""
    out = []
    for h in _own(s, seat):
        face = kn.faces.get(h, s.faces.get(h))
        if face is not None and h != kn.selected and _worth(face):
            out.append((h, face))
    return out


@register_step
class Conjure(SeatStep):
    """("conjure", seat): the Conjurer discards the cards it trades for ships."""

    name, phase, kinds = "conjure", "planning", ("discard",)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        cards = _cards(s, seat, kn)
        return Mapped(Subsets(range(len(cards))),
                      lambda ix: Discard(seat, tuple(cards[i] for i in ix), ()))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Discard)
        seat = st[1]
        handles = tuple(h for h, _ in a.cards)
        if a.none_of or len(set(handles)) != len(handles):
            fail(s, a, "discard different cards (and claim nothing)")
        own = _own(s, seat)
        worth = 0
        for h, face in a.cards:
            if h not in own:
                fail(s, a, f"card {h} is not one of your own cards")
            value = _worth(learn(s, a, h, face).id)
            if not value:
                fail(s, a, "only encounter cards and artifacts bring ships back")
            worth += value
        take_from_hand(s, a, seat, handles)
        s.discard = s.discard + handles
        back = min(worth, s.warp[seat])
        emit(s, "discard", seat, tuple(f for _, f in a.cards))
        replace(s, *discarded(s, seat, handles, "conjure"),
                *([place_returning(s, seat, WARP, back)] if back else []))


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Discards cards to bring ships back from the warp",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=_options, use=_use,
))
