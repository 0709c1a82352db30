"""Wrath: as a main player its side's total is multiplied by the number of its ships in
the warp; and a player who takes several of its ships back from the warp may instead free
one of the Wrath's.

Text followed: rules 004 (classic Wrath), in 2008 terms ("token" = ship, "base" =
colony). Choices we made:
- The multiplication is mandatory, main player only, when both cards count as attacks
  (only then are totals compared): a use at the reveal window (`power 0`), so a Cosmic
  Zap cancels it. With no ship of its own in the warp it is not offered: the total stands
  (multiplying by nothing would make the power a pure handicap, not a vengeance).
- What is multiplied is its side's whole total as the totals are added up (card, ships,
  allies' ships, reinforcements, and the changes of powers earlier in timing order); the
  ships in the warp are counted then.
- The retrieval rule is a standing rule (not a use: no Cosmic Zap), whatever the
  Wrath's role: when another seat has just taken two or more of its ships from the warp
  to colonies (a place from the warp: a Healer's heal, a Ghoul's plunder, the Sting's
  returning ships; or defender rewards), and the Wrath has a ship in the warp and a
  colony, that seat answers "wrath_retrieve": `decline` keeps its ships, `accept` sends
  them back to the warp (not a loss) and one of the Wrath's ships goes to a colony of
  the Wrath's instead. The Wrath picks that colony (the text lets the other player pick;
  ours keeps the placing with the owner of the ship). The regroup takes ships back one at
  a time, so it is never several at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Accept, Action, Decline
from ..choices import Fixed
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import WARP, SeatStep, emit, pop, push, register as register_step
from ..zones import place_returning
from ._util import both_attack, has, once_per_encounter, set_flag, side_of

NAME = "wrath"
Step_t = tuple[Any, ...]


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    side = side_of(s, seat)
    if not has(s, NAME, seat) or side is None or not both_attack(s) or s.warp[seat] <= 0:
        return off, dfn
    times = s.warp[seat]
    return (off * times, dfn) if side == 0 else (off, dfn * times)


def _when(s: GameState, seat: int) -> bool:
    return both_attack(s) and s.warp[seat] > 0


def _retrieved(s: GameState, seat: int, retriever: int,
               placed: tuple[tuple[int, int], ...]) -> list[Step_t]:
    if retriever == seat or sum(c for _, c in placed) < 2:
        return []
    if s.warp[seat] <= 0 or not s.colonies(seat):
        return []
    return [("wrath_retrieve", retriever, seat, tuple(x for p in placed for x in p))]


@register_step
class WrathRetrieve(SeatStep):
    """("wrath_retrieve", seat, wrath, placed): keep the ships just retrieved (decline),
    or free one of the Wrath's instead (accept)."""

    name, phase, kinds = "wrath_retrieve", "response", ("accept", "decline")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return s.warp[st[2]] > 0 and bool(s.colonies(st[2]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Accept(seat), Decline(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seat, wrath, flat = st
        pop(s)
        if isinstance(a, Decline):
            return
        back = 0
        for p, c in zip(flat[0::2], flat[1::2]):
            k = min(c, s.on(p, seat))
            s.ships[p * s.n + seat] -= k
            back += k
        s.warp[seat] += back
        emit(s, "wrath_retrieve", seat, wrath, back)
        push(s, place_returning(s, wrath, WARP, 1))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Multiplies its total by its ships in the warp",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=once_per_encounter(NAME, "reveal", _when),
    use=lambda s, seat, o, a: set_flag(s, NAME, seat), must_use=lambda s, seat, w: True,
    totals=_totals, retrieved=_retrieved,
))
