"""Xenomorph: holds one other power at a time, drawn at random, and trades it for a new
one each time it has used it.

Text followed: rules 004 (classic Xenomorph), in 2008 terms (challenge = encounter).
Interpretations:
- The current power is the sheet's reserve (engine.cosmic.powers `reserve`): at most one alien,
  drawn at random, which follows the sheet wherever it goes (a Changeling's exchange, a
  Zephyr's pass) and which no other draw can give. The Xenomorph's seat uses it besides
  its sheet (engine.cosmic.powers `lends`) and is offered its uses at windows.
- "At random": each draw is the public `new_alien` chance (engine.alien_deal
  `reserve_alien`), answered by the card source (the local seed, or the beacon in
  networked play), from the aliens nobody holds, keeps beneath a sheet, holds in reserve
  or has put out of the game. Never drawn, as for the Pentaform: the aliens that only
  work through their own sheet (the Xenomorph itself, the Pentaform, the Reincarnator,
  the Changeling, the Zephyr).
- The first draw: the text says "when you draw this power"; the engine draws at the start
  of the first encounter after the sheet comes into play (the game's first encounter for
  a Xenomorph dealt at setup), like the Pentaform's stack, so every seat has its alien
  first. The same step draws at the start of an encounter whenever the sheet holds no
  power (after the limit below, or when nothing was left to draw before).
- What "using" a power means: a use of the current power that resolves (a use at a
  window, a mandatory automatic use, a use offered by a step of its own; engine.windows
  ResolvePower then runs `power_used`). A zapped use is no use: the power stays, and the
  seat's powers are off for the encounter. A power whose rule has nothing to use (a
  standing rule only: the Aura, Collector, Fungus, Gorgon, Limpet, Wavebender) is never
  used; the Xenomorph keeps it until it trades it at the start of its turn (the
  voluntary draw below). The Macron's ships worth 4 and the Human's 4 are uses at the
  reveal, so those powers count as used then (the Macron's one-ship limit is a standing
  part, not a use); the Parasite's uninvited join is a use.
- After a use the power is discarded at once (out of the game for good: engine.cosmic.powers
  `release`), but it stays in force for the rest of that encounter (engine.cosmic.powers `spend`),
  so what the use started still counts (the Human's 4, the Macron's ships worth 4 and its
  doubled rewards); it is never offered again. A new power is drawn at once and may be
  used in the same encounter.
- The limit: two changes after a use per encounter. A third use that encounter discards
  the power without a new draw; the sheet then holds nothing until the start of the next
  encounter, when it draws. Draws at the start of an encounter (the first one, the one
  after the limit, the voluntary one) are not changes after a use and do not count.
- The voluntary draw: at the start of its turn (the start of the first encounter of its
  turn, after any draw the sheet is owed), the Xenomorph may discard its current power and
  draw another. "If you have not yet used it": a used power is always gone already, so
  whatever it holds then is unused and the offer is always made. Taking it is a use of
  the Xenomorph's own power, so a Cosmic Zap can stop it (the draw does not happen, and
  every power of the seat is off for the encounter).
- With too few home colonies nothing works: no draw, no current power. The draws owed at
  the start of an encounter are made once the power works again.
- Every role: the current power acts in whatever roles its own text gives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import UsePower
from ..alien_deal import reserve_alien, unheld
from ..powers import Alien, register, release, reserved, spend
from ..state import GameState
from ..steps import Step, emit, pop, register as register_step, replace
from ._offer import OfferStep
from .pentaform import NEVER

Step_t = tuple[Any, ...]

NAME = "xenomorph"
LIMIT = 2  # changes after a use, per encounter
TRADE = 0  # the option of the voluntary draw at the start of its turn
SHIFT = "xenomorph_shift"  # encounter flags "xenomorph_shift:1", ":2": changes made


def current(s: GameState) -> str:
    """The power the Xenomorph sheet holds now ("" for none)."""
    held = reserved(s, NAME)
    return held[0] if held else ""


def _lends(s: GameState, seat: int, depth: int) -> Sequence[str]:
    now = current(s) if s.aliens[seat] == NAME else ""
    return (now,) if now else ()


def _encounter_start(s: GameState, seat: int) -> list[Step_t]:
    e = s.enc
    if s.aliens[seat] != NAME or e is None:
        return []
    steps: list[Step_t] = [("xenomorph_draw", seat, "start_turn")] if not current(s) else []
    if seat == e.offense and e.number == 1:
        steps.append(("xenomorph_trade", seat))
    return steps


def _shifts(s: GameState) -> int:
    e = s.enc
    return sum(1 for n in range(1, LIMIT + 1) if e is not None and e.has_flag(f"{SHIFT}:{n}"))


def _power_used(s: GameState, seat: int, user: int, power: str) -> list[Step_t]:
    if user != seat or s.aliens[seat] != NAME or not power or power != current(s):
        return []
    release(s, NAME, power)
    spend(s, seat, power)
    changes = _shifts(s)
    if changes >= LIMIT:
        emit(s, "shapeshift", seat, power, "")
        return []
    if s.enc is not None:
        s.enc.add_flag(f"{SHIFT}:{changes + 1}")
    emit(s, "shapeshift", seat, power, "draw")
    return [("xenomorph_draw", seat, "window")]


@register_step
class XenomorphDraw(Step):
    """("xenomorph_draw", seat, phase): the sheet draws its next power, if it holds none
    and any is left to draw."""

    name = "xenomorph_draw"

    def phase_of(self, st: Step_t) -> str:
        return str(st[2])

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat, phase = st[1], st[2]
        candidates = unheld(s, exclude=NEVER)
        if current(s) or s.aliens[seat] != NAME or not candidates:
            pop(s)
            return True
        replace(s, reserve_alien(seat, NAME, candidates, phase))
        return True


@register_step
class XenomorphTrade(OfferStep):
    """("xenomorph_trade", seat): at the start of its turn the Xenomorph may discard its
    current power and draw another (`power 0`), or pass."""

    name, phase, power = "xenomorph_trade", "start_turn", NAME

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        seat = st[1]
        if s.aliens[seat] != NAME or not current(s) or not unheld(s, exclude=NEVER):
            return []
        return [UsePower(seat, TRADE, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    from ..steps import push
    old = current(s)
    if option != TRADE or not old or s.aliens[seat] != NAME:
        return
    release(s, NAME, old)
    emit(s, "shapeshift", seat, old, "trade")
    push(s, ("xenomorph_draw", seat, "start_turn"))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Holds a power drawn at random; trades it after each use",
    roles=("any",), phases=("start", "any"), mandatory=True, source="rules 004 (classic)",
    use=_use, encounter_start=_encounter_start, power_used=_power_used, lends=_lends,
))
