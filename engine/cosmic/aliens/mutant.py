"""Mutant: as a main player with a short hand, before encounter cards are chosen, fills
its hand card by card, each from the deck or at random from another player's hand.

Text followed: rules 004 (classic), in 2008 terms. Choices: the classic "full hand" of
seven is read as the 2008 full hand of eight; the use is offered at the planning window
(after alliances, before the cards go face down); once the use stands, the Mutant picks
the source of each card in turn ("mutant_draw" step: `power 1 <seat>` takes one card at
random from that seat's hand, `power 1 -1` draws from the deck) and may stop early
(pass). Random takes use the `hand_shuffle` chance, as compensation does, so nobody
learns more than the taker should. Cards held for someone else (the Demon's) are never
taken and do not count toward the Mutant's eight.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Pass, UsePower
from ..cards import HAND_SIZE
from ..choices import Fixed
from ..powers import Alien, held_for_others, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, pop, push, register as register_step
from ..zones import draw, take_random
from ._util import has, is_main, set_flag

Step_t = tuple[Any, ...]
FULL_HAND = HAND_SIZE  # rules 001: a full hand is eight cards
DECK = -1


def _own(s: GameState, seat: int) -> int:
    keep = held_for_others(s, seat)
    return sum(1 for h in s.hands[seat] if h not in keep)


def _sources(s: GameState, seat: int) -> list[int]:
    out = [DECK] if s.deck or s.discard else []
    return out + [x for x in s.clockwise_from_left(seat) if _own(s, x)]


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if (window == "planning" and is_main(s, seat) and not has(s, "mutant", seat)
            and _own(s, seat) < FULL_HAND and _sources(s, seat)):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "mutant", seat)
    push(s, ("mutant_draw", seat))


@register_step
class MutantDraw(SeatStep):
    """The Mutant takes one more card (from the deck or a player) or stops."""

    name, phase, kinds = "mutant_draw", "planning", ("power", "pass")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return _own(s, st[1]) < FULL_HAND and bool(_sources(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Pass(seat)] + [UsePower(seat, 1, (x,)) for x in _sources(s, seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        seat = st[1]
        if isinstance(a, Pass):
            pop(s)
            return
        assert isinstance(a, UsePower)
        if a.option != 1 or len(a.args) != 1 or a.args[0] not in _sources(s, seat):
            fail(s, a, "take one card: power 1 -1 (the deck) or power 1 <seat with cards>")
        src = a.args[0]
        emit(s, "mutant_draw", seat, src)
        push(s, draw(seat, 1) if src == DECK else take_random(seat, src, 1))


ALIEN = register(Alien(
    name="mutant", lamp="yellow", summary="Fills its hand to eight before choosing a card",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("planning",), options=_options, use=_use,
))
