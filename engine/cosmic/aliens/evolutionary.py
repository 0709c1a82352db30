"""Evolutionary: as a main player, before encounter cards are chosen, trades cards of its
hand for cards from the deck, up to one card for each of its own ships in the encounter.

Text followed: rules 004 (classic), in 2008 terms. Choices:
- "Its ships in the encounter" are its own ships there: on the gate for the offense, on
  the target planet for the defense (allies' ships do not count). With none, nothing to
  offer.
- The use is offered at the planning window (after alliances, before the cards go face
  down), once per encounter. Once it stands (no Cosmic Zap), the Evolutionary discards
  its cards one at a time, face up ("evolve" step: a one-card `discard`, or `pass` to
  stop), up to the limit; it may stop at any time, even before the first. Then it draws
  as many cards from the deck as it discarded, in one draw, so a replacement can never
  itself be traded in.
- The discards are face-up discards like any other (`discarded` hook: a Vulch collects
  artifacts among them). Cards held for someone else (the Demon's) cannot be discarded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Discard, Pass
from ..choices import Fixed
from ..powers import Alien, Option, discarded, held_for_others, register
from ..state import GameState, Knowledge
from ..steps import (
    SeatStep, emit, fail, learn, push, register as register_step, replace,
    take_from_hand,
)
from ..zones import draw
from ._util import has, is_main, set_flag, side_ships

NAME = "evolutionary"
Step_t = tuple[Any, ...]


def _limit(s: GameState, seat: int) -> int:
    """The Evolutionary's own ships in the encounter."""
    e = s.enc
    assert e is not None
    return side_ships(s, 0 if seat == e.offense else 1)[0]


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if (window == "planning" and is_main(s, seat) and not has(s, NAME, seat)
            and _limit(s, seat) > 0 and _own(s, seat)):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    push(s, ("evolve", seat, _limit(s, seat), 0))


@register_step
class Evolve(SeatStep):
    """("evolve", seat, left, done): discard one more card face up, or stop; on stopping
    (or at the limit, or with no card left) draw `done` cards."""

    name, phase, kinds = "evolve", "planning", ("discard", "pass")

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, left, done = st
        if left > 0 and _own(s, seat):
            return False
        replace(s, draw(seat, done))
        return True

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        out: list[Action] = [Pass(seat)]
        for h in _own(s, seat):
            face = kn.faces.get(h, s.faces.get(h))
            if face is not None:
                out.append(Discard(seat, ((h, face),), ()))
        return Fixed(out)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seat, left, done = st
        if isinstance(a, Pass):
            replace(s, draw(seat, done))
            return
        assert isinstance(a, Discard)
        if len(a.cards) != 1 or a.none_of:
            fail(s, a, "discard exactly one card at a time (and claim nothing)")
        h, face = a.cards[0]
        if h not in _own(s, seat):
            fail(s, a, f"card {h} is not one of your own cards")
        learn(s, a, h, face)
        take_from_hand(s, a, seat, (h,))
        s.discard = s.discard + (h,)
        emit(s, "discard", seat, (face,))
        replace(s, ("evolve", seat, left - 1, done + 1))
        push(s, *discarded(s, seat, (h,), "evolutionary"))


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Trades cards for new ones, one per ship it commits",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("planning",), options=_options, use=_use,
))
