"""A step that offers a power's owner one or more uses, or a pass (the Warlock's draw, the
Ghoul's plunder, the Sting's redirect, the Wrath's choice of retrieval).

A use goes through `windows.power_step`, so a Cosmic Zap may cancel it; `_passed` and
`_after` let a subclass add what follows a pass or any answer (the Sting's loss stands
unless its use took it over). With nothing to offer (no power, nothing legal), the step
goes away as if passed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Pass, UsePower
from ..choices import Fixed
from ..state import GameState, Knowledge
from ..steps import SeatStep, fail, pop, replace
from ..windows import power_step

Step_t = tuple[Any, ...]


class OfferStep(SeatStep):
    """(name, seat, ...): the seat uses its power (one of `_uses`) or passes."""

    kinds = ("pass", "power")
    power = ""  # the power whose use this is (a lent or used-up one is not the acting one)

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        raise NotImplementedError

    def _after(self, s: GameState, st: Step_t) -> list[Step_t]:
        """Steps after the answer, whatever it was (after the use's Cosmic Zap window)."""
        return []

    def auto(self, s: GameState, st: Step_t) -> bool:
        if s.has_power(st[1]) and self._uses(s, st):
            return False
        replace(s, *self._after(s, st))
        return True

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Pass(seat), *self._uses(s, st)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Pass):
            replace(s, *self._after(s, st))
            return
        uses = self._uses(s, st)
        if a not in uses:
            fail(s, a, f"use one of {[u.format() for u in uses]}, or pass")
        assert isinstance(a, UsePower)
        pop(s)
        s.stack = s.stack + tuple(reversed(
            [*power_step(s, a.seat, a.option, tuple(a.args), self.name, self.power), *self._after(s, st)]))
