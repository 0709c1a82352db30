"""Leech: at the start of its turn, borrows a card at random from every other player;
at the end of the turn it gives back the borrowed cards still in its hand.

Text followed: rules 004 (classic Leech), in 2008 terms. Choices we made:
- Offense only, optional, at the "start" window of the turn's first encounter (before
  the regroup). A use, so a Cosmic Zap stops it and nothing is borrowed.
- One card from each other player holding a card of its own, clockwise from the Leech's
  left, each a random take (a `hand_shuffle` then a `deliver` to the Leech alone: the
  Leech sees the card it got, the lender knows which it lost, nobody else learns it).
- The borrowed cards are in its hand like its own: it may play them, and a card played
  (or otherwise gone) is not given back. But they still belong to their lenders: random
  takes, gifts, trades and a Wastrel's discard leave them alone (engine.cosmic.powers `held`,
  as for the Demon's possessed cards), so they cannot change hands unseen and are
  known again at the end.
- At the end of the turn (engine.cosmic.powers `turn_end`: asked of every alien, so this
  happens even if the Leech lost its power or its sheet meanwhile) every borrowed card
  still in its hand goes back to its lender (a `deliver`).
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, held_for_others, register
from ..state import GameState
from ..steps import emit, push, register as register_step
from ..zones import TakeRandom
from ._util import has, set_flag

NAME = "leech"
BORROWED = "leech_borrowed"  # extra: [[borrower, lender, handle], ...]
Step_t = tuple[Any, ...]


def _lenders(s: GameState, seat: int) -> list[int]:
    out = []
    for x in s.clockwise_from_left(seat):
        keep = held_for_others(s, x)
        if any(h not in keep for h in s.hands[x]):
            out.append(x)
    return out


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "start" or e is None or e.number != 1 or seat != e.offense
            or has(s, NAME, seat) or not _lenders(s, seat)):
        return []
    return [(0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    lenders = _lenders(s, seat)
    emit(s, "leech", seat, tuple(lenders))
    push(s, *[("leech_take", seat, x, 1) for x in lenders])


@register_step
class LeechTake(TakeRandom):
    """A random take that remembers the card as borrowed (s.extra["leech_borrowed"])."""

    name, phase = "leech_take", "start_turn"
    event = "leech_borrow"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, taker, giver, _ = st
        before = set(s.hands[taker])
        done = super().auto(s, st)
        got = [h for h in s.hands[taker] if h not in before]
        if got:
            s.extra[BORROWED] = [list(k) for k in s.extra.get(BORROWED, ())] + [
                [taker, giver, h] for h in got]
        return done


def _held(s: GameState, seat: int, holder: int) -> tuple[int, ...]:
    """Borrowed cards in `holder`'s hand belong to their lenders."""
    return tuple(h for b, _, h in s.extra.get(BORROWED, ()) if b == holder
                 and h in s.hands[holder])


def _turn_end(s: GameState, seat: int) -> list[Step_t]:
    """Every borrowed card still in its borrower's hand goes back to its lender."""
    records = s.extra.pop(BORROWED, ())
    back: dict[int, list[int]] = {}
    for borrower, lender, h in records:
        if h in s.hands[borrower]:
            s.set_hand(borrower, tuple(x for x in s.hands[borrower] if x != h))
            s.set_hand(lender, s.hands[lender] + (h,))
            s.own_faces().pop(h, None)  # re-masked on the way: not public any more
            back.setdefault(lender, []).append(h)
    steps: list[Step_t] = []
    for lender in sorted(back):
        emit(s, "leech_return", lender, len(back[lender]))
        steps.append(("deliver", lender, tuple(back[lender])))
    return steps


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Borrows a random card from everyone for its turn",
    roles=("offense",), phases=("start_turn",), mandatory=False, source="rules 004 (classic)",
    windows=("start",), options=_options, use=_use, held=_held, turn_end=_turn_end,
))
