"""Hate: at the start of its turn, discards a card; every other player then discards a
card of the same type (an attack at least as high) or loses three ships of the Hate's
choice to the warp. Left without an encounter card, the Hate draws a new hand.

Text followed: rules 001 (FFG sheet): offense only, mandatory. Choices:
- "The start of your turn" is the start window of the turn's first encounter (after the
  start-of-turn hand check, before regroup); a mandatory use, so the Hate may not pass
  while it holds a card; a Cosmic Zap answering it cancels the whole use.
- The Hate chooses its card face up (`discard` action, one card) once the use stands.
- Each other player, clockwise from the Hate's left, answers with `discard` (one card of
  the type; the face is shown and checked) or `decline` (lose three ships, of the Hate's
  choice, from its colonies). The text lets anyone take the ships rather than discard,
  so declining makes no statement about the hand and records no claim: nothing is left
  for the audit to check. A player with no cards at all loses the ships at once.
- Afterwards the Hate keeps its hand (a recorded claim that it holds an encounter card)
  or shows it and draws a new one, exactly as at the start of a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Action, Decline, Discard
from ..choices import Dist, Fixed
from ..flow import StartTurn
from ..powers import Alien, discarded, held_for_others, register
from ..state import GameState, Knowledge
from ..steps import (
    SeatStep,     Step, colony_sources, emit, fail, learn, push, register as register_step,
    remove_ships, replace, take_from_hand, to_warp,
)
from ..zones import ShipChoice
from ._util import has, set_flag

Step_t = tuple[Any, ...]
SHIPS_LOST = 3


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window == "start" and e is not None and seat == e.offense and e.number == 1
            and not has(s, "hate", seat) and _own(s, seat)):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "hate", seat)
    push(s, ("hate_discard", seat))


def _known(s: GameState, seat: int, kn: Knowledge) -> list[tuple[int, int]]:
    out = []
    for h in _own(s, seat):
        face = kn.faces.get(h, s.faces.get(h))
        if face is not None and h != kn.selected:
            out.append((h, face))
    return out


def _discard_one(s: GameState, a: Discard) -> tuple[int, C.CardInfo]:
    """Check a one-card discard from the actor's own cards and carry it out."""
    if len(a.cards) != 1 or a.none_of:
        fail(s, a, "discard exactly one card (and claim nothing)")
    h, face = a.cards[0]
    if h not in _own(s, a.seat):
        fail(s, a, f"card {h} is not one of your own cards")
    info = learn(s, a, h, face)
    take_from_hand(s, a, a.seat, (h,))
    s.discard = s.discard + (h,)
    emit(s, "discard", a.seat, (face,))
    return h, info


@register_step
class HateDiscard(SeatStep):
    """The Hate discards one card of its choice, face up."""

    name, phase, kinds = "hate_discard", "start_turn", ("discard",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(_own(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Discard(seat, (c,), ()) for c in _known(s, seat, kn)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Discard)
        hate = st[1]
        h, info = _discard_one(s, a)
        # the victims' steps name the face: the card itself may be reshuffled meanwhile
        replace(s, *discarded(s, hate, (h,), "hate"),
                *[("hate_victim", hate, v, info.id) for v in s.clockwise_from_left(hate)],
                ("hate_hand", hate))


def _matches(s: GameState, card: int, face: int) -> bool:
    """Does `face` answer the Hate's card (its face `card`)?"""
    want, got = C.CATALOGUE[card], C.CATALOGUE[face]
    return got.kind == want.kind and (want.kind != "attack" or got.value >= want.value)


@register_step
class HateVictim(Step):
    """Another player discards a matching card or declines (and loses three ships)."""

    name, phase, kinds = "hate_victim", "start_turn", ("discard", "decline")

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, hate, victim, card = st
        if not _own(s, victim):
            replace(s, ("hate_ships", hate, victim))
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[2],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        card = st[3]
        fits = [c for c in _known(s, seat, kn) if _matches(s, card, c[1])]
        return Fixed([Decline(seat)] + [Discard(seat, (c,), ()) for c in fits])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, hate, victim, card = st
        if isinstance(a, Decline):
            emit(s, "hate_refused", victim)
            replace(s, ("hate_ships", hate, victim))
            return
        assert isinstance(a, Discard)
        if len(a.cards) == 1 and not _matches(s, card, a.cards[0][1]):
            want = C.CATALOGUE[card]
            fail(s, a, f"discard a card of type {want.kind}"
                       + (f" worth at least {want.value}" if want.kind == "attack" else ""))
        h, _ = _discard_one(s, a)
        replace(s, *discarded(s, victim, (h,), "hate"))


@register_step
class HateShips(ShipChoice):
    """The Hate chooses which three ships of the victim's colonies go to the warp."""

    name, phase = "hate_ships", "start_turn"

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        src = colony_sources(s, st[2])
        k = min(SHIPS_LOST, sum(c for _, c in src))
        return Dist(src, k, k)

    def _rule(self, st: Step_t) -> str:
        return f"choose {SHIPS_LOST} ships of seat {st[2]}'s colonies"

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        victim = st[2]
        lost = remove_ships(s, a, victim, pairs)
        emit(s, "hate_ships", st[1], victim, lost)
        replace(s, *to_warp(s, victim, lost))


@register_step
class HateHand(StartTurn):
    """After its discard the Hate keeps its hand (a claim) or draws a new one."""

    name = "hate_hand"


ALIEN = register(Alien(
    name="hate", lamp="yellow", summary="Others match its discard or lose three ships",
    roles=("offense",), phases=("start_turn",), mandatory=True, source="rules 001 (FFG)",
    windows=("start",), options=_options, use=_use, must_use=lambda s, seat, w: True,
))
