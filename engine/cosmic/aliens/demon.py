"""Demon: as a main player, before allies are invited, possesses the hand of another
player (not its opponent) for the encounter and may use those cards as its own.

Text followed: rules 001 (FFG sheet): main player, optional, at the launch window (after
the gate is aimed, before invitations). How the possessed cards are kept: they move into
the Demon's hand under their own handles (opened to the Demon with `deliver`; the
networked source re-masks them first), so every way of using a card from the hand works
with them unchanged, and every card is still in exactly one zone. They are *marked* as
possessed in `extra["demon"]` = (demon, owner, handles): `held_for_others` reports them,
so random takes (compensation, Mutant), gifts (deals, Philanthropist) and trades leave
them alone. At the end of the encounter the marked cards still in the Demon's hand go
back to their owner (`deliver` again), whether or not the power still works; a card
that would return to the Demon's hand after use (a flare) is marked and so goes back
then too, at the end of the encounter rather than at once. Limitations: a Plague on the
Demon, or a Demon defense drawing a new hand, treats the marked cards as part of its hand.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register
from ..state import GameState
from ..steps import Step, emit, pop, push, register as register_step
from ._util import is_main

Step_t = tuple[Any, ...]


def _possession(s: GameState) -> tuple[int, int, tuple[int, ...]] | None:
    p = s.extra.get("demon")
    return (p[0], p[1], tuple(p[2])) if p else None


def _targets(s: GameState, seat: int) -> list[int]:
    e = s.enc
    assert e is not None
    other = e.defense if seat == e.offense else e.offense
    return [x for x in s.clockwise_from_left(seat) if x != other and s.hands[x]]


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window != "launch" or not is_main(s, seat) or _possession(s) is not None:
        return []
    return [(0, (x,)) for x in _targets(s, seat)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    owner = args[0]
    cards = s.hands[owner]
    if not cards or _possession(s) is not None:
        return
    for h in cards:
        s.own_faces().pop(h, None)  # re-masked for the Demon
    s.set_hand(owner, ())
    s.set_hand(seat, s.hands[seat] + cards)
    s.extra["demon"] = (seat, owner, cards)
    emit(s, "possess", seat, owner, len(cards))
    push(s, ("deliver", seat, cards))


def _held(s: GameState, seat: int, holder: int) -> tuple[int, ...]:
    p = _possession(s)
    if p is None or p[0] != seat or holder != seat:
        return ()
    return tuple(h for h in s.hands[seat] if h in p[2])


def _cleanup(s: GameState, seat: int) -> list[Step_t]:
    p = _possession(s)
    return [("demon_return",)] if p is not None and p[0] == seat else []


@register_step
class DemonReturn(Step):
    """The possessed cards still in the Demon's hand go back to their owner."""

    name, phase = "demon_return", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        pop(s)
        p = _possession(s)
        if p is None:
            return True
        demon, owner, cards = p
        del s.extra["demon"]
        back = tuple(h for h in s.hands[demon] if h in cards)
        s.set_hand(demon, tuple(h for h in s.hands[demon] if h not in back))
        s.set_hand(owner, s.hands[owner] + back)
        for h in back:
            s.own_faces().pop(h, None)
        emit(s, "unpossess", demon, owner, len(back))
        if back:
            push(s, ("deliver", owner, back))
        return True


ALIEN = register(Alien(
    name="demon", lamp="red", summary="Uses another player's hand for the encounter",
    roles=("main",), phases=("alliance",), mandatory=False, source="rules 001 (FFG)",
    windows=("launch",), options=_options, use=_use, held=_held,
    encounter_cleanup=_cleanup,
))
