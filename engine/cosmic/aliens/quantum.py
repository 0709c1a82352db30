"""Quantum: in every encounter it takes part in, before the encounter cards are chosen,
it must teleport one ship, of any colour, to or from the target planet.

Text followed: rules 004 (classic Quantum), in 2008 terms ("token" = ship, "base" =
colony, "challenge" = encounter, "defensive planet" = the target planet). Choices we made:
- "Any challenge involving you": as a main player or an ally. Mandatory (the text says
  "must"), once per encounter, at the planning window (alliances made, no card chosen
  yet); with no legal move there is nothing to do. A use, so a Cosmic Zap cancels it.
- `power 0 OWNER FROM TO` moves one of OWNER's ships (any seat, the Quantum's own
  included) either from the target planet to another planet where OWNER already has a
  colony, or from another planet to the target planet where OWNER already has a colony:
  no move makes a new colony. Moving a colony's last ship away gives that colony up.
- Only ships on planets: ships on the gate or beside the planet are not on a planet.
  The defense's ships on the target may be moved away (its total drops; it may be left
  defending with none), and another seat's ships may be added to the target, where they
  count only if a power says so (the Cult).
- The move is the framework's single-ship move (engine.zones `ship_moves`,
  `move_ship`): a ship held on its planet (engine.steps `held`: frozen by the Chill,
  petrified by the Gorgon) may not be teleported. If the move is no longer legal when
  the use resolves, nothing moves.
"""

from __future__ import annotations

from ..powers import Alien, Option, register
from ..state import GameState
from ..zones import move_ship, ship_moves
from ._util import has, is_main_or_ally, set_flag

NAME = "quantum"


def teleports(s: GameState) -> list[tuple[int, int, int]]:
    """(owner, from, to) of every teleport allowed now, to or from the target planet."""
    e = s.enc
    if e is None or e.target < 0:
        return []
    t = e.target
    others = [p for p in range(s.planet_count) if p != t]
    out: list[tuple[int, int, int]] = []
    for owner in range(s.n):
        moves = ship_moves(s, owner, (t,), others) + ship_moves(s, owner, others, (t,))
        out += [(owner, src, dest) for src, dest in moves]
    return out


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if window != "planning" or not is_main_or_ally(s, seat) or has(s, NAME, seat):
        return []
    return [(0, move) for move in teleports(s)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    owner, src, dest = args
    move_ship(s, owner, src, dest)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Must teleport one ship to or from the target planet",
    roles=("main", "ally"), phases=("planning",), mandatory=True,
    source="rules 004 (classic)",
    windows=("planning",), options=_options, use=_use, must_use=lambda s, seat, w: True,
))
