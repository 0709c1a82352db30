"""Clone: may keep the encounter card it played instead of discarding it.

Text followed: rules 004 (classic); rules 001's worked example shows it (the Clone takes
its attack 12 back into its hand).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ._util import is_main


def _own_card(s: GameState, seat: int) -> int | None:
    e = s.enc
    if e is None or not is_main(s, seat):
        return None
    # The card it played: the one on its side, which after a Sorcerer's switch is the
    # card its opponent chose (the powers speak of the card a player plays).
    h = e.cards[0 if seat == e.offense else 1]
    return h if h >= 0 and h in e.played else None


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    return [(0, ())] if window == "discard" and _own_card(s, seat) is not None else []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    h = _own_card(s, seat)
    if h is not None and s.enc is not None:
        s.enc.played = tuple(x for x in s.enc.played if x != h)
        s.set_hand(seat, s.hands[seat] + (h,))


ALIEN = register(Alien(
    name="clone", lamp="green", summary="Keeps its own encounter card",
    roles=("main",), phases=("resolution",), mandatory=False, source="rules 004 (classic)",
    windows=("discard",), options=_options, use=_use,
))
