"""Atrophy: as a main player, before encounter cards are chosen, takes one card at random
from the hand of every player on the other side; it keeps or discards each.

Text followed: rules 004 (classic), in 2008 terms. Choices:
- "Every player opposing its side" is the other main player and that side's allies, as
  they stand after the alliance phase; the use is offered at the planning window (after
  alliances, before the cards go face down), once per encounter, when one of them has a
  card of its own.
- Each take is the ordinary random take (`take_random`: the giver's hand is shuffled
  under new handles with the `hand_shuffle` chance and the taken card alone is delivered
  to the Atrophy), in timing order. The other main player, the other allies and the
  bystanders learn nothing of the cards taken.
- Then ("atrophy_keep" step) the Atrophy keeps them all (`pass`) or discards some of the
  cards it just took, face up (`discard`, any of them, in one action); discards reach the
  `discarded` hook (a Vulch collects artifacts). Only the cards just taken may be
  discarded, not the rest of its hand.
- The text's reminder that an offense left without encounter cards ends its turn needs
  no rule of its own: the planning step already does it (and a defense without one draws
  a new hand, as usual).
- Cards held for someone else (the Demon's) are never taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Discard, Pass
from ..choices import Fixed
from ..powers import Alien, Option, discarded, held_for_others, register
from ..state import GameState, Knowledge
from ..steps import (
    SeatStep, emit, fail, learn, pop, push, register as register_step, take_from_hand,
)
from ..zones import take_random
from ._util import has, is_main, set_flag, side_of

NAME = "atrophy"
Step_t = tuple[Any, ...]


def _victims(s: GameState, seat: int) -> list[int]:
    """The other side's players with a card of their own, in timing order."""
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None:
        return []
    other = set((e.defense if side == 0 else e.offense,) + e.allies[1 - side])
    out = []
    for x in s.timing_order_t():
        keep = held_for_others(s, x)
        if x in other and any(h not in keep for h in s.hands[x]):
            out.append(x)
    return out


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if (window == "planning" and is_main(s, seat) and not has(s, NAME, seat)
            and _victims(s, seat)):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    victims = _victims(s, seat)
    emit(s, "atrophy", seat, tuple(victims))
    push(s, *[take_random(seat, x, 1) for x in victims],
         ("atrophy_keep", seat, len(s.hands[seat])))


@register_step
class AtrophyKeep(SeatStep):
    """("atrophy_keep", seat, before): the cards after position `before` of the Atrophy's
    hand are those it just took; it keeps them (pass) or discards some face up."""

    name, phase, kinds = "atrophy_keep", "planning", ("discard", "pass")

    def _taken(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return s.hands[st[1]][st[2]:]

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(self._taken(s, st))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        known = []
        for h in self._taken(s, st):
            face = kn.faces.get(h, s.faces.get(h))
            if face is not None:
                known.append((h, face))
        out: list[Action] = [Pass(seat)]
        for mask in range(1, 1 << len(known)):
            out.append(Discard(seat, tuple(c for i, c in enumerate(known) if mask >> i & 1), ()))
        return Fixed(out)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        seat = st[1]
        if isinstance(a, Pass):
            pop(s)
            return
        assert isinstance(a, Discard)
        taken = self._taken(s, st)
        handles = tuple(h for h, _ in a.cards)
        if not handles or a.none_of or len(set(handles)) != len(handles):
            fail(s, a, "discard some of the cards just taken, each once (and claim nothing)")
        if any(h not in taken for h in handles):
            fail(s, a, "only the cards just taken may be discarded")
        faces = tuple(learn(s, a, h, f).id for h, f in a.cards)
        take_from_hand(s, a, seat, handles)
        s.discard = s.discard + handles
        emit(s, "discard", seat, faces)
        pop(s)
        push(s, *discarded(s, seat, handles, "atrophy"))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Takes a random card from each opposing player",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("planning",), options=_options, use=_use,
))
