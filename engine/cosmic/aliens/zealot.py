"""Zealot: after losing as the offense, it may keep attacking the same system, and then
must go on until it wins, makes a deal or runs out of encounter cards.

Text followed: rules 004 (classic Zealot), in 2008 terms ("challenge" = encounter,
"token" = ship, "base" = colony). Choices we made:
- The use: as the offense, at the last window of an encounter it lost (result "defense",
  or a deal that failed), `power 0`. Only where that encounter was in the defense's home
  system or the offense's own (a drive-out), the two systems the flow can aim at again;
  not during a streak already under way (going on then needs no new use). A use, so
  zappable: zapped, the turn goes on only if the rules give a second encounter anyway.
- The streak (s.extra["zealot"] = [seat, turn, defense, system owner]): every following
  encounter of this turn is against the same defense in the same system. Destiny is not
  drawn (the `before_destiny` hook names the defense); the regroup happens as usual
  (the text's rescued ship); the gate may aim at any planet the flow allows in that
  system (a drive-out keeps its "home_system" rule: planets where the defense has ships).
- "Must continue": after each encounter of the streak that it does not win, the turn
  goes on (`continue_turn`) and the Zealot may stop only when it holds no encounter
  card: its `endturn` then is a recorded claim of that, checked by the audit
  (`must_continue`). A win, a deal or
  a re-established colony ends the streak; so does an encounter called off for want of
  encounter cards, and the end of the turn. The turn's normal second-encounter rule is
  unchanged otherwise.
- A streak is the Zealot's standing obligation once the use resolved; if the power is
  lost (too few home colonies) or zapped in a later encounter, the obligation stops with
  it and the turn ends by the printed rules.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, Option, register
from ..state import GameState
from ..targets import target_owner
from ..steps import emit
from ._util import has, set_flag

Step_t = tuple[Any, ...]

KEY = "zealot"
LOST = ("defense", "nodeal")
WON = ("offense", "deal", "reestablished")


def _streak(s: GameState, seat: int) -> list[int] | None:
    """[seat, turn, defense, system owner] of this seat's streak this turn, if any."""
    got = s.extra.get(KEY)
    if got and got[0] == seat and got[1] == s.turns and s.offense == seat:
        return list(got)
    return None


def _system_owner(s: GameState) -> int:
    return target_owner(s)  # a planet's system, or the seat whose warp is the target


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    e = s.enc
    if (window != "end" or e is None or seat != e.offense or e.result not in LOST
            or _streak(s, seat) is not None or has(s, KEY, seat)
            or _system_owner(s) not in (e.offense, e.defense)):
        return []
    return [(0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None:
        return
    set_flag(s, KEY, seat)
    s.extra[KEY] = [seat, s.turns, e.defense, _system_owner(s)]
    emit(s, "zealot_streak", seat, e.defense)


def _encounter_end(s: GameState, seat: int) -> list[Step_t]:
    """A won encounter (or a deal) ends the streak; so does a stale one."""
    got = s.extra.get(KEY)
    e = s.enc
    if got and got[0] == seat and (got[1] != s.turns or e is None or e.result in WON
                                   or e.result == "aborted"):
        s.extra.pop(KEY, None)
    return []


def _going_on(s: GameState, seat: int, offense: int = -1) -> bool:
    e = s.enc
    return (seat == s.offense and _streak(s, seat) is not None
            and (e is None or e.result not in WON + ("aborted",)))


def _before_destiny(s: GameState, seat: int) -> list[Step_t]:
    """In a streak, the next encounter is against the same defense: no destiny draw."""
    got = _streak(s, seat)
    e = s.enc
    if got is None or e is None or e.defense >= 0 or e.destiny >= 0:
        return []
    e.defense = got[2]
    if got[3] == seat:  # the lost encounter drove a colony out of its own system
        e.add_flag("home_system")
    emit(s, "destiny_skipped", seat, got[2])
    return []


ALIEN = register(Alien(
    name="zealot", lamp="yellow", summary="Keeps attacking the same system until it wins",
    roles=("offense",), phases=("resolution", "destiny"), mandatory=False,
    source="rules 004 (classic)",
    windows=("end",), options=_options, use=_use,
    continue_turn=lambda s, seat: _going_on(s, seat),
    before_destiny=_before_destiny, encounter_end=_encounter_end,
    must_continue=lambda s, seat, offense: offense == seat and _going_on(s, seat),
))
