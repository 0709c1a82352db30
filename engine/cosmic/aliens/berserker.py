"""Berserker: once its gate is aimed at a planet, one ship of each other player there goes
to the warp; a lone defending ship lost that way gives it the planet at once.

Text followed: rules 004 (classic Berserker), in 2008 terms ("Mothership" = gate,
"token" = ship, "base" = colony). Choices we made:
- Offense only: only the offense aims the gate at a planet (the text's "as a main
  player ... when you attack"); the defense never attacks.
- Mandatory (the text has no "may"): a use at the launch window, right after the launch
  and before invitations, so a Cosmic Zap stops it. Once per encounter.
- "Each colour on that planet" is read as every player's ships on the target planet but
  the Berserker's own (the power frightens the defenders; an offense driving out a
  colony in its own system keeps its ships there). Each loss is an ordinary loss to the
  warp (a Healer may heal it).
- "Only one defending token": the defense had exactly one ship of its own on the target
  planet when the power acted. Then the encounter ends at once, won by the offense: no
  alliances, no cards; the ships on the gate land and make a colony; the defense gets no
  compensation (no card was played). It is a won encounter, so a second one may follow.
  With more defending ships (or none) the encounter goes on as usual.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register
from ..state import GameState
from ..steps import Step, emit, pop, push, register as register_step, to_warp
from ._util import has, set_flag

NAME = "berserker"
Step_t = tuple[Any, ...]


def _victims(s: GameState, seat: int) -> list[int]:
    e = s.enc
    if e is None or e.target < 0:
        return []
    return [v for v in s.timing_order() if v != seat and s.on(e.target, v) > 0]


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window == "launch" and e is not None and seat == e.offense and not has(s, NAME, seat)
            and _victims(s, seat)):
        return [(0, ())]
    return []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    assert e is not None
    set_flag(s, NAME, seat)
    lone = s.on(e.target, e.defense) == 1
    steps: list[Step_t] = []
    for v in _victims(s, seat):
        s.ships[e.target * s.n + v] -= 1
        emit(s, "berserk", seat, v)
        steps += to_warp(s, v, 1)
    if lone:
        e.lost = (e.lost[0], 1)
        steps.append(("berserk_win", seat))
    push(s, *steps)


@register_step
class BerserkWin(Step):
    """The lone defending ship is gone: the offense wins now and its ships land."""

    name, phase = "berserk_win", "launch"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        pop(s)
        while s.stack and s.stack[-1][0] != "encounter_end":  # no alliance, no cards
            pop(s)
        e.result = "offense"
        for seat in range(s.n):
            if s.gate[seat]:
                s.ships[e.target * s.n + seat] += s.gate[seat]
                emit(s, "land", seat, e.target, s.gate[seat])
                s.gate[seat] = 0
        emit(s, "result", e.result)
        return True


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Sends one ship of each defender to the warp at launch",
    roles=("offense",), phases=("launch",), mandatory=True, source="rules 004 (classic)",
    windows=("launch",), options=_options, use=_use, must_use=lambda s, seat, w: True,
))
