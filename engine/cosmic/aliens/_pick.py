"""Cards picked at random from a hand by another seat, for a purpose (the Laser's pick,
the Rot's random discards): a composition of the card source's chance steps.

The holder's cards in question are shuffled under new handles (a `hand_shuffle`
chance) and the first `count` new handles are, for the length of that chance, put in the
picker's hand: the networked card protocol takes the seat holding the first new handles
as the one that picks their positions, unseen, after the holder's shuffle, so the pick is
random and no seat controls it (docs/card-protocol.md, Hand shuffle). The local source
answers it with its seeded stream. Then ("picked", ...) takes the cards out of the
picker's hand again, unseen by it (no `deliver`), and hands them to the purpose, which
says where they go. The holder knows every new handle's face (it shuffled them).
Cards held for another player (engine.cosmic.powers `held_for_others`) are never picked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..powers import held_for_others, rehandled
from ..state import GameState
from ..steps import Step, emit, register as register_step, replace, take_from_hand

Step_t = tuple[Any, ...]
# purpose -> (cards of the holder left out of the pick, what follows the pick: steps)
Exclude = Callable[[GameState, int], tuple[int, ...]]
Then = Callable[[GameState, int, int, tuple[int, ...]], list[Step_t]]
PURPOSES: dict[str, tuple[Exclude, Then]] = {}


def purpose(name: str, exclude: Exclude, then: Then) -> None:
    """Register what a pick for `name` leaves out and what follows it."""
    PURPOSES[name] = (exclude, then)


def pick_random(picker: int, holder: int, count: int, why: str) -> Step_t:
    """`picker` picks `count` cards at random from `holder`'s hand for purpose `why`."""
    return ("pick_random", picker, holder, count, why)


def candidates(s: GameState, holder: int, why: str) -> tuple[int, ...]:
    """The cards of `holder`'s a pick for `why` may take."""
    out = held_for_others(s, holder) + PURPOSES[why][0](s, holder)
    return tuple(h for h in s.hands[holder] if h not in out)


@register_step
class PickRandom(Step):
    name, phase = "pick_random", "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, picker, holder, count, why = st
        old = candidates(s, holder, why)
        got = min(count, len(old))
        if got <= 0:
            replace(s, *PURPOSES[why][1](s, picker, holder, ()))
            return True
        for h in old:
            s.own_faces().pop(h, None)  # re-masked: the new handles are not public
        new = s.new_handles(len(old))
        s.set_hand(holder, tuple(h for h in s.hands[holder] if h not in old) + new[got:])
        rehandled(s, holder, old, new[got:])
        s.set_hand(picker, s.hands[picker] + new[:got])  # only while the pick is made
        emit(s, "pick_random", picker, holder, got)
        replace(s, ("hand_shuffle", holder, old, new), ("picked", picker, holder, new[:got], why))
        return True


@register_step
class Picked(Step):
    """The picked cards leave the picker's hand, unseen, for their purpose."""

    name, phase = "picked", "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, picker, holder, handles, why = st
        take_from_hand(s, None, picker, handles)
        replace(s, *PURPOSES[why][1](s, picker, holder, tuple(handles)))
        return True
