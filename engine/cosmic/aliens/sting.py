"""Sting: when it must lose ships to the warp, it may make another player lose as many
instead; that player may then take a card from the Sting's hand for each ship it lost.

Text followed: rules 004 (classic Sting), in 2008 terms ("token" = ship, "base" =
colony). Choices we made:
- Every loss of the Sting's to the warp may be redirected, whatever its role and whatever
  caused it. It decides before anyone reacts to the loss (engine.cosmic.powers, Losses to the
  warp: `redirect_loss`), in the "sting" step: pass (the loss stands), or `power 0 SEAT N`
  (N the ships lost) to name another seat with ships on colonies outside the encounter.
  Not offered when the Sting has no colony to take its ships back to.
- Redirecting is a use, so a Cosmic Zap cancels it: the loss then stands and the powers
  that react to losses act on it.
- Used: the Sting's N ships leave the warp for its colonies (it places them); the named
  seat loses N ships (all it has there if fewer), its choice, from its colonies outside
  the encounter (ships in the encounter stay in it: "lose_outside"). That is a loss of
  its own that others may react to. The encounter's result and compensation are
  unchanged (compensation counts the ships the encounter took).
- Then the named seat may take (`accept`) or refuse (`decline`) its cards ("sting_draw"):
  one card per ship it lost, at random from the Sting's hand (a random take: in
  networked games the hand is shuffled and the pick stays secret), the rest from the
  deck when the Sting's hand runs short. While the Sting's encounter card lies face
  down in its hand (chosen, not revealed), nobody can tell it from the rest of the hand,
  so the take waits until that card is turned up ("sting_take").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Accept, Action, Decline, UsePower
from ..choices import Fixed
from ..powers import Alien, held_for_others, register, run_after
from ..state import GameState, Knowledge
from ..steps import (
    WARP, SeatStep, Step, emit, loss_taken_over, pop, push, register as register_step,
)
from ..zones import draw, outside_encounter, place_returning, take_random
from ._offer import OfferStep

NAME = "sting"
Step_t = tuple[Any, ...]


def _spare(s: GameState, seat: int) -> int:
    return sum(c for _, c in outside_encounter(s, seat))


def _redirect(s: GameState, seat: int, owner: int, count: int) -> list[Step_t]:
    if owner != seat or not s.colonies(seat):
        return []
    if not any(_spare(s, v) for v in range(s.n) if v != seat):
        return []
    return [("sting", seat, count)]


@register_step
class StingStep(OfferStep):
    """("sting", seat, count): name who loses the ships instead, or pass."""

    name, phase, power = "sting", "response", NAME

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        _, seat, count = st
        if not s.colonies(seat) or s.warp[seat] < count:
            return []
        return [UsePower(seat, 0, (v, count)) for v in range(s.n)
                if v != seat and _spare(s, v)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    victim, count = args
    if s.warp[seat] < count or not s.colonies(seat):
        return  # the ships left the warp meanwhile: the loss stands as it is
    loss_taken_over(s, seat, count)
    lost = min(count, _spare(s, victim))
    emit(s, "sting", seat, victim, count)
    push(s, place_returning(s, seat, WARP, count), ("lose_outside", victim, lost),
         ("sting_draw", victim, seat, lost))


@register_step
class StingDraw(SeatStep):
    """("sting_draw", seat, sting, count): take `count` cards, from the Sting's hand at
    random first (accept), or none (decline)."""

    name, phase, kinds = "sting_draw", "response", ("accept", "decline")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(st[3] > 0)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Accept(seat), Decline(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seat, sting, count = st
        pop(s)
        if isinstance(a, Decline):
            return
        push(s, ("sting_take", seat, sting, count))


def _card_down(s: GameState, seat: int) -> bool:
    """Does `seat` hold its encounter card face down in its hand now (chosen, not yet
    revealed)? Which card it is stays secret, so no random take may happen then."""
    e = s.enc
    if e is None or seat not in (e.offense, e.defense) or seat not in e.selected:
        return False
    side = 0 if seat == e.offense else 1
    if e.has_flag("switched"):
        side = 1 - side
    return e.cards[side] < 0


@register_step
class StingTake(Step):
    """("sting_take", seat, sting, count): the cards are taken; while the Sting's
    encounter card lies face down in its hand, the take waits for its reveal."""

    name, phase = "sting_take", "response"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, sting, count = st
        pending = [x[0] for x in s.stack if x[0] in _REVEALS]
        keep = held_for_others(s, sting)
        taken = min(count, len([h for h in s.hands[sting] if h not in keep]))
        if _card_down(s, sting):
            pop(s)
            if pending:
                run_after(s, pending[-1], st)
                emit(s, "sting_wait", seat, sting)
                return True
            taken = 0  # (no reveal to wait for: never in the flow) all from the deck
        else:
            pop(s)
        emit(s, "sting_draw", seat, sting, taken, count - taken)
        push(s, *([take_random(seat, sting, taken)] if taken else []),
             draw(seat, count - taken))
        return True


_REVEALS = ("reveal", "show_card", "zero_reveal")  # steps that turn a chosen card up


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Makes another player lose its ships to the warp "
    "instead, for cards from its hand",
    roles=("any",), phases=("any",), mandatory=False, source="rules 004 (classic)",
    use=_use, redirect_loss=_redirect,
))
