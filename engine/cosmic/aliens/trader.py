"""Trader: as a main player, before encounter cards are chosen, swaps hands with the
opponent; each keeps the hand it gets.

Text followed: rules 004 (classic), in 2008 terms. The use is offered at the planning
window (after alliances, before the cards go face down). The hands change holders
under their own handles and are opened to their new holders (`deliver`; the networked
source re-masks them first). Cards a player only holds for someone else (the Demon's
possessed cards) stay where they are.
"""

from __future__ import annotations

from ..powers import Alien, held_for_others, register
from ..state import GameState
from ..steps import emit, push
from ._util import has, is_main, set_flag


def _opponent(s: GameState, seat: int) -> int:
    e = s.enc
    assert e is not None
    return e.defense if seat == e.offense else e.offense


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window == "planning" and is_main(s, seat) and not has(s, "trader", seat):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "trader", seat)
    other = _opponent(s, seat)
    mine, theirs = _own(s, seat), _own(s, other)
    for h in mine + theirs:
        s.own_faces().pop(h, None)  # re-masked on the way: not public any more
    s.set_hand(seat, tuple(h for h in s.hands[seat] if h not in mine) + theirs)
    s.set_hand(other, tuple(h for h in s.hands[other] if h not in theirs) + mine)
    emit(s, "trade_hands", seat, other, len(mine), len(theirs))
    push(s, *[("deliver", to, cards) for to, cards in ((seat, theirs), (other, mine)) if cards])


ALIEN = register(Alien(
    name="trader", lamp="green", summary="Trades hands with its opponent",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("planning",), options=_options, use=_use,
))
