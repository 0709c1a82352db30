"""Randomizers (1/C): as a conflict opens with Randomizers in your side's stacks, the
opposing primary player's force card is drawn at random from his hand (rules 003): his
hand is shuffled under new handles (a `hand_shuffle` he is both taker and victim of) and
the first new handle, public as a handle only, is the card he must show at the reveal
(flag `forced:SEAT:HANDLE`, conflict.forced_card). Interpretation: the draw is from his
whole hand, since which cards are force cards is hidden; if the drawn card is no force
card he fights without one, and a "not_force" claim on that handle is recorded for the
audit. His face-down choice does not count; a second card (Use the Force) is free."""

from __future__ import annotations

from ..state import GameState
from ..steps import Step, Step_t, pop, register as register_step, replace
from . import Race, Steps, register


@register
class Randomizers(Race):
    key = "randomizers"

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        c = s.conf
        if c is None:
            return []
        return [("randomize", c.primary[1 - side])]


@register_step
class Randomize(Step):
    """("randomize", seat): draw at random the card seat must fight with."""

    name = "randomize"
    phase = "conflict"

    def auto(self, s: GameState, st: Step_t) -> bool:
        c = s.conf
        hand = s.hands[st[1]]
        if c is None or not hand or "ended" in c.flags \
                or any(f.startswith(f"forced:{st[1]}:") for f in c.flags):
            pop(s)
            return True
        new = s.new_handles(len(hand))
        c.add_flag(f"forced:{st[1]}:{new[0]}")
        replace(s, ("hand_shuffle", st[1], st[1], new))
        return True
