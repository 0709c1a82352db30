"""Ghost: as a main player it may bring up to four of its ships out of the warp into the
encounter, on its side; they stay in it only while the Ghost's side wins.

Text followed: rules 004 (classic Ghost), in 2008 terms ("token" = ship, "base" =
colony, "Mothership" = the gate, "Carrier" = beside the target planet for defensive
allies). Choices we made:
- When: at the alliance window (alliances formed, before the cards are chosen), once an
  encounter, main player only: `power 0 K` brings K (1 to 4, at most its ships in the
  warp) ships. A use, so a Cosmic Zap cancels it (they stay in the warp).
- As offense they go on the gate with its launched ships and count in its total; if it
  wins they land with the others on the target. As defense they go beside the target,
  like an ally's ships, and count in its total; if it wins they go back to its colonies
  and earn defender rewards as an ally's would (one each).
- Losing, they go to the warp with the other ships of the side (that is a loss like
  theirs: powers that react to losses see it). A deal to make, or an encounter called
  off, sends them straight back to the warp (not a loss) before ships go home (the
  `before_going_home` hook); at most the ships still where they were put.
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ..steps import emit
from ._util import has, is_main, set_flag

NAME = "ghost"
Step_t = tuple[object, ...]


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if window != "alliance" or not is_main(s, seat) or has(s, NAME, seat):
        return []
    return [(0, (k,)) for k in range(1, min(4, s.warp[seat]) + 1)]


def _brought(s: GameState, seat: int) -> int:
    e = s.enc
    prefix = f"{NAME}_ships:{seat}:"
    return next((int(f[len(prefix):]) for f in (e.flags if e else ()) if f.startswith(prefix)), 0)


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    set_flag(s, NAME, seat)
    count = min(args[0], s.warp[seat])
    if e is None or count <= 0 or not is_main(s, seat):
        return
    s.warp[seat] -= count
    if seat == e.offense:
        s.gate[seat] += count
    else:
        s.beside[seat] += count
    e.add_flag(f"{NAME}_ships:{seat}:{count}")
    emit(s, "ghost", seat, count)


def _going_home(s: GameState, seat: int, why: str) -> list[tuple[object, ...]]:
    e = s.enc
    count = _brought(s, seat)
    if e is None or count <= 0:
        return []
    if seat == e.offense:
        back = min(count, s.gate[seat])
        s.gate[seat] -= back
    else:
        back = min(count, s.beside[seat])
        s.beside[seat] -= back
    s.warp[seat] += back
    e.flags = tuple(f for f in e.flags if not f.startswith(f"{NAME}_ships:{seat}:"))
    emit(s, "ghost_back", seat, back)
    return []


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Brings up to four of its ships from the warp into "
    "the encounter",
    roles=("main",), phases=("alliance",), mandatory=False, source="rules 004 (classic)",
    windows=("alliance",), options=_options, use=_use, before_going_home=_going_home,
))
