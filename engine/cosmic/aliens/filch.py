"""Filch: as a main player, takes the opponent's encounter card into its hand once it has
been discarded.

Text followed: rules 004 (classic), in 2008 terms (rules 001 gives only the summary and
the flares). The use is offered at the end window, after the encounter's cards are on
the discard pile, so an effect that keeps the card first (the Clone) wins. The card was
revealed, so its face stays public in the Filch's hand (nothing to deliver). The Filch
flare is not implemented here (it belongs to the flare mechanism).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ..steps import emit
from ._util import has, is_main, set_flag


def _opponents_card(s: GameState, seat: int) -> int | None:
    """The encounter card the Filch's opponent revealed, if it lies in the discard pile."""
    e = s.enc
    if e is None or not is_main(s, seat):
        return None
    # The card the opponent played: the one on its side, which after a Sorcerer's switch
    # is the card the Filch itself chose.
    h = e.cards[1 if seat == e.offense else 0]
    return h if h >= 0 and h in s.discard else None


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window == "end" and not has(s, "filch", seat) and _opponents_card(s, seat) is not None:
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "filch", seat)
    h = _opponents_card(s, seat)
    if h is None:
        return
    s.discard = tuple(x for x in s.discard if x != h)
    s.set_hand(seat, s.hands[seat] + (h,))
    emit(s, "filch", seat, s.faces[h])


ALIEN = register(Alien(
    name="filch", lamp="green", summary="Takes its opponent's used encounter card",
    roles=("main",), phases=("resolution",), mandatory=False, source="rules 004 (classic)",
    windows=("end",), options=_options, use=_use,
))
