"""Chameleon: attacked on a planet it shares, it may take the colour of a co-occupant, who
becomes the defense (with its own power) and defends the Chameleon's ships with its own;
sharing the planet with the offense, it may call the encounter off instead.

Text followed: rules 004 (classic Chameleon), in 2008 terms. "Changing colour" is read
this way (the 2008 game has no ships that change owner):
- When: as the defense, at the launch window (the gate is aimed, nobody invited yet);
  optional; at most once an encounter. The Chameleon needs no ship of its own there.
- Option 0, a co-occupant other than the offense (any seat with a ship on the target):
  that seat becomes the defense (engine.cosmic.powers `change_defense`), a main player choosing
  its own card, inviting its own allies and using its own power. The Chameleon's ships on
  the planet stay its own but count as the defense's (`join_defense`): they add to the
  defense's total and, if the offense wins, go to the warp with the defense's ships. They
  earn no compensation and no rewards (only the defense's own ships count there). The
  Chameleon is no longer a main player: like any other player it may be invited to ally.
- Option 1, when the offense itself has ships on the planet: the encounter is called off
  (result "aborted": committed ships go home; it is not a success, so the offense's turn
  ends as after a failed encounter).
- A use, so a Cosmic Zap cancels it: the Chameleon stays the defense. As offense, ally or
  bystander the power offers nothing.
"""

from __future__ import annotations

from ..powers import Alien, change_defense, join_defense, register
from ..state import GameState
from ..steps import emit
from ._util import has, set_flag

NAME = "chameleon"


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if window != "launch" or e is None or e.defense != seat or e.target < 0 or has(s, NAME, seat):
        return []
    others = [x for x in s.timing_order() if x != seat and s.on(e.target, x) > 0]
    return [(1 if x == e.offense else 0, (x,)) for x in others]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    other = args[0]
    if e is None or e.defense != seat or e.target < 0 or s.on(e.target, other) <= 0:
        return
    set_flag(s, NAME, seat)
    if option == 1:
        from ..flow import abort_encounter  # the flow owns the end of an encounter
        emit(s, "chameleon_cancels", seat, other)
        abort_encounter(s, "aborted")
        return
    emit(s, "chameleon_colour", seat, other)
    change_defense(s, other)
    join_defense(s, seat)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Hands its defense to a player it shares the planet with",
    roles=("defense",), phases=("launch",), mandatory=False, source="rules 004 (classic)",
    windows=("launch",), options=_options, use=_use,
))
