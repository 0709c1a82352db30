"""Parasite: may join either side as an ally without being invited.

Text followed: rules 001 (FFG sheet). Joining uninvited is a use of the power (001 says
the Parasite may use its power to ally; 000 says a use is what a Cosmic Zap cancels):
the ships go out at once and the Cosmic Zap window opens; zapped, the Parasite leaves the
alliance and its ships go back to its colonies (its choice, as for any returning ships).
Joining a side that did invite it is no use of the power. A Force Field still keeps it
out (the flow allows uninvited allies only while no Force Field was played).
"""

from ..actions import GATE
from ..powers import UNINVITED, Alien, register
from ..state import GameState, pair_with
from ..steps import BESIDE, emit, push
from ..zones import place_returning


def _zapped(s: GameState, seat: int, option: int) -> None:
    """The uninvited join is cancelled: out of the alliance, its ships go home."""
    e = s.enc
    if option != UNINVITED or e is None:
        return
    for side, source in ((0, GATE), (1, BESIDE)):
        if seat in e.allies[side] and seat not in e.invited[side]:
            e.allies = pair_with(e.allies, side, tuple(x for x in e.allies[side] if x != seat))
            emit(s, "leave_alliance", seat, side)
            push(s, place_returning(s, seat, source))


ALIEN = register(Alien(
    name="parasite", lamp="green", summary="Joins alliances without an invitation",
    roles=("ally",), phases=("alliance",), mandatory=False, source="rules 001 (FFG)",
    may_ally=lambda s, seat: (0, 1), on_zapped=_zapped,
))
