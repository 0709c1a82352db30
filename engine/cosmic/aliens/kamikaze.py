"""Kamikaze: as a main player, before encounter cards are chosen, it may send up to four
of its ships from its colonies to the warp and draw two cards for each.

Text followed: neither rules document gives the Kamikaze's sheet (rules 001 has only its
flare and the summary "sacrifices ships for cards"; 004 has no Kamikaze). This follows
the 2008 sheet as we know it: main player only, planning phase, optional; the ships come
from colonies (not from the gate, nor, as the defense, from the target planet: ships
in the encounter stay), and each ship sacrificed
draws two cards from the deck. Once per encounter. The sacrifice is a use, so a Cosmic
Zap cancels it (no ships lost, no cards drawn). The owner picks which ships go.
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ..steps import push
from ..zones import draw, outside_encounter
from ._util import has, is_main, set_flag


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if window != "planning" or not is_main(s, seat) or has(s, "kamikaze", seat):
        return []
    spare = sum(c for _, c in outside_encounter(s, seat))
    return [(0, (k,)) for k in range(1, min(4, spare) + 1)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "kamikaze", seat)
    count = min(args[0], sum(c for _, c in outside_encounter(s, seat)))
    if count > 0:
        push(s, ("lose_outside", seat, count), draw(seat, 2 * count))


ALIEN = register(Alien(
    name="kamikaze", lamp="yellow", summary="Sacrifices ships to the warp for cards",
    roles=("main",), phases=("planning",), mandatory=False,
    source="2008 sheet as we know it (no rules document gives it)",
    windows=("planning",), options=_options, use=_use,
))
