"""Fido: after the encounter cards are discarded, fetches one of them and offers it to
another player; refused, the Fido may keep it; accepted, the Fido takes a ship back from
the warp or draws a card.

Text followed: rules 001 (FFG sheet): any player, optional, at the end window (after the
encounter's cards are on the discard pile). "One of the discarded cards" is read as one
of the two encounter cards revealed this encounter (not reinforcements). One fetch per
encounter. The card was revealed, so its face stays public wherever it goes.

Steps: the use names (card face, player): the card is face up, so its printed face (a
unique card id) names it; ("fido_offer", fido, card, player) asks that player
to accept or decline; on a refusal ("fido_keep", fido, card) asks the Fido to keep the card
(accept) or leave it on the pile (decline); on acceptance the Fido's reward is the
defender-rewards step with one reward (a card, or a ship from the warp to a colony).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Accept, Action, Decline
from ..choices import Fixed
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, Step, emit, fail, push, register as register_step, replace
from ._util import has, set_flag

Step_t = tuple[Any, ...]


def _fetchable(s: GameState) -> list[int]:
    e = s.enc
    if e is None:
        return []
    return [h for h in e.cards if h >= 0 and h in s.discard]


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window != "end" or has(s, "fido", seat):
        return []
    return [(0, (s.faces[h], other)) for h in _fetchable(s)
            for other in s.clockwise_from_left(seat)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "fido", seat)
    face, other = args
    h = next((x for x in _fetchable(s) if s.faces[x] == face), None)
    if h is None:  # gone since the use was announced
        return
    emit(s, "fido_fetch", seat, s.faces[h], other)
    push(s, ("fido_offer", seat, h, other))


def _to_hand(s: GameState, seat: int, h: int) -> None:
    s.discard = tuple(x for x in s.discard if x != h)
    s.set_hand(seat, s.hands[seat] + (h,))


@register_step
class FidoOffer(Step):
    """The player offered the fetched card accepts it or declines."""

    name, phase, kinds = "fido_offer", "resolution", ("accept", "decline")

    def auto(self, s: GameState, st: Step_t) -> bool:
        if st[2] not in s.discard:
            replace(s)
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[3],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Accept(seat), Decline(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, fido, h, other = st
        if isinstance(a, Accept):
            _to_hand(s, other, h)
            emit(s, "fido_accepted", other, s.faces[h])
            replace(s, ("rewards", fido, 1))  # a card, or a ship back from the warp
        elif isinstance(a, Decline):
            emit(s, "fido_refused", other)
            replace(s, ("fido_keep", fido, h))
        else:
            fail(s, a, "accept or decline the fetched card")


@register_step
class FidoKeep(SeatStep):
    """The Fido keeps a refused card (accept) or leaves it on the discard pile (decline)."""

    name, phase, kinds = "fido_keep", "resolution", ("accept", "decline")

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Accept(seat), Decline(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, fido, h = st
        if isinstance(a, Accept):
            _to_hand(s, fido, h)
            emit(s, "fido_kept", fido, s.faces[h])
        replace(s)


ALIEN = register(Alien(
    name="fido", lamp="yellow", summary="Fetches a discarded encounter card for another",
    roles=("any",), phases=("resolution",), mandatory=False, source="rules 001 (FFG)",
    windows=("end",), options=_options, use=_use,
))
