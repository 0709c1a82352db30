"""Juggernaut: the players it invites must ally with it unless they join its opponent.

Text followed: rules 004 (classic Juggernaut), in 2008 terms ("token" = ship). Choices
we made:
- Whenever the Juggernaut, as a main player (offense or defense), invites at least one
  seat, its power is used at once (a mandatory use without a choice, through the
  `invited` hook: an `auto_power` step), so a Cosmic Zap can cancel it; zapped, its
  invitees may decline as usual.
- After the use, each seat it invited may not decline (the `must_join` hook): it joins
  the Juggernaut's side with one to four ships, or the other side if that side invited
  it too. A seat without a ship it could send (none on its colonies, or all frozen) may
  still decline: it cannot commit.
- Allies the Juggernaut did not invite (a Parasite joining uninvited) are not affected.
- Only its own invitations count: as an ally or outside the encounter it does nothing.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register
from ..state import GameState
from ..steps import emit
from ._util import has, set_flag

Step_t = tuple[Any, ...]

KEY = "juggernaut"


def _invited(s: GameState, seat: int, inviter: int, seats: tuple[int, ...]) -> list[Step_t]:
    if inviter != seat or not seats or has(s, KEY, seat):
        return []
    return [("auto_power", seat, 0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, KEY, seat)
    emit(s, "forced_alliance", seat)


def _must_join(s: GameState, seat: int, ally: int, side: int) -> bool:
    e = s.enc
    return (e is not None and has(s, KEY, seat) and (e.offense, e.defense)[side] == seat
            and ally in e.invited[side])


ALIEN = register(Alien(
    name="juggernaut", lamp="yellow", summary="Those it invites must ally with it or its foe",
    roles=("main",), phases=("alliance",), mandatory=True, source="rules 004 (classic)",
    use=_use, invited=_invited, must_join=_must_join,
))
