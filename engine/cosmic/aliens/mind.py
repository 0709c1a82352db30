"""Mind: before allies are invited, looks at the whole hand of a main player.

Text followed: rules 001 (FFG sheet): any player, optional, once the gate is aimed and
before invitations (our "launch" window); a main player may look only at its opponent's
hand, anyone else at the offense's or the defense's. The look goes through the card
source as a `show` chance: the Mind's seat alone learns the faces, nothing moves, and
the public state records only whose hand was seen and how many cards. Cards whose faces
are already public are not shown again. One look per encounter.
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ..steps import emit, push
from ..zones import show
from ._util import has, set_flag


def _targets(s: GameState, seat: int) -> list[int]:
    e = s.enc
    if e is None or e.defense < 0:
        return []
    if seat == e.offense:
        return [e.defense]
    if seat == e.defense:
        return [e.offense]
    return [e.offense, e.defense]


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window != "launch" or has(s, "mind", seat):
        return []
    return [(0, (t,)) for t in _targets(s, seat) if s.hands[t]]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, "mind", seat)
    target = args[0]
    emit(s, "mind_look", seat, target, len(s.hands[target]))
    push(s, *show(s, seat, s.hands[target]))


ALIEN = register(Alien(
    name="mind", lamp="green", summary="Looks at a main player's hand before alliances",
    roles=("any",), phases=("alliance",), mandatory=False, source="rules 001 (FFG)",
    windows=("launch",), options=_options, use=_use,
))
