"""Pentaform: five more aliens are drawn for it, in a stack; it uses the one whose place
in the stack is its number of foreign colonies.

Text followed: rules 004 (classic Pentaform), in 2008 terms. Interpretations:
- The stack: at the start of the first encounter after the Pentaform sheet comes into
  play (the game's first encounter, for a Pentaform dealt at setup; the next encounter
  after a Reincarnator, Anarchy or the like brings it in), five aliens are drawn one
  after another at random from the aliens nobody holds, each a public `new_alien` chance
  answered by the card source (the local seed, or the beacon in networked play), so every
  player sees the stack: the text does not hide it, and every power in play is public.
  The five are the sheet's reserve (engine.cosmic.powers `reserve`): no other draw can give them,
  and they follow the sheet wherever it goes (a Changeling's exchange, a Zephyr's pass).
  Aliens that only work through their own sheet are never drawn: the Pentaform itself,
  the Xenomorph, the Reincarnator, the Changeling and the Zephyr.
- Which one: with 0 foreign colonies the first drawn, with 1 the second, and so on to 4
  (with 5 the game is won). The count is read whenever a power is asked, so the power
  changes as soon as a colony is won or lost, even during an encounter (engine.cosmic.powers
  `lends`): the seat uses that power besides the sheet, and is offered its uses.
- The Pentaform's own power is a standing rule (nothing to use, nothing to zap); the
  current power's uses are zappable as usual, and a zapped use turns every power of the
  seat off for the encounter. With too few home colonies no power of the stack works.
- Drawing the stack is recorded as a use of the Pentaform power (a "power" event, like the
  Reincarnator's draws), not a use a Cosmic Zap can answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..alien_deal import reserve_alien, unheld
from ..powers import Alien, register, reserved
from ..state import GameState
from ..steps import Step, emit, pop, register as register_step, replace

Step_t = tuple[Any, ...]

NAME = "pentaform"
STACK = 5
NEVER = ("pentaform", "xenomorph", "reincarnator", "changeling", "zephyr")


def _encounter_start(s: GameState, seat: int) -> list[Step_t]:
    if s.aliens[seat] != NAME or len(reserved(s, NAME)) >= STACK:
        return []
    emit(s, "power", seat, NAME, 0, ())
    return [("pentaform_stack", seat)]


@register_step
class PentaformStack(Step):
    """Draw the next alien of the stack, until there are five (or none is left)."""

    name, phase = "pentaform_stack", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        candidates = unheld(s, exclude=NEVER)
        if len(reserved(s, NAME)) >= STACK or not candidates:
            pop(s)
            return True
        replace(s, reserve_alien(seat, NAME, candidates, "start_turn"), st)
        return True


def _lends(s: GameState, seat: int, depth: int) -> Sequence[str]:
    stack = reserved(s, NAME)
    if not stack:
        return ()
    return (stack[min(s.foreign_colonies(seat), len(stack) - 1)],)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Uses one of five more powers, by its foreign colonies",
    roles=("any",), phases=("start",), mandatory=True, source="rules 004 (classic)",
    encounter_start=_encounter_start, lends=_lends,
))
