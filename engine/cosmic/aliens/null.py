"""Null: involved in an encounter, it may stop one player from using one power of its
choice for the rest of the encounter.

Text followed: rules 004 (classic Null), in 2008 terms. Interpretations:
- "Involved": the offense, the defense or an ally of either. Once per encounter (even if
  zapped), optional, at the launch, alliance, planning, selected or reveal window, or in
  answer to a power just used (the Cosmic Zap's window, "respond_power"): there it also
  cancels that use if it names the power being used, like a Cosmic Zap would.
- `power 0 SEAT K` names any other player with a working power and the K-th power it
  uses now (engine.cosmic.powers `powers_of`: its sheet first, then powers kept beneath it, then
  powers lent to it: a Plant's graft, an Insect's copy, a Xenomorph's current power). That
  power is silenced for that player until the encounter ends (engine.cosmic.powers
  `silence_power`): its uses, passive effects and whatever it lends stop (silencing an
  Insect's or Plant's sheet stops its copy or graft too); the player's other powers still
  work. Unlike a Cosmic Zap it does not stop the player's other powers, and a power's
  reaction to being zapped (the Human's) does not happen.
- A use of the Null's power, so a Cosmic Zap cancels it (nothing is silenced). Outside
  the encounter it offers nothing.
"""

from __future__ import annotations

from ..powers import Alien, Option, powers_of, register, silence_power
from ..state import GameState
from ..windows import RESPONSE_POWER
from ._util import has, is_main_or_ally, set_flag

NAME = "null"
WINDOWS = ("launch", "alliance", "planning", "selected", "reveal", RESPONSE_POWER)


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    e = s.enc
    if e is None or e.defense < 0 or not is_main_or_ally(s, seat) or has(s, NAME, seat):
        return []
    if any(st[0] == "resolve_power" and st[1] == seat and st[5] == NAME for st in s.stack):
        return []  # its own use awaits answers: not again meanwhile
    out: list[Option] = []
    for x in s.timing_order_t():
        if x != seat and s.aliens[x] and s.has_power(x):
            out += [(0, (x, k)) for k in range(len(powers_of(s, x)))]
    return out


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    if has(s, NAME, seat):
        return
    set_flag(s, NAME, seat)
    target, k = args
    names = powers_of(s, target)
    if 0 <= k < len(names):
        silence_power(s, target, names[k])


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Stops one player using one power for the encounter",
    roles=("main", "ally"), phases=("launch", "alliance", "planning", "reveal"),
    mandatory=False, source="rules 004 (classic)",
    windows=WINDOWS, options=_options, use=_use,
))
