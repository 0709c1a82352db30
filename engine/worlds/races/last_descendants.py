"""Last Descendants (W): the race begins with 20 tokens but cannot multiply (rules 003;
the text is cut off after "cannot": they are taken not to reproduce,
docs/worlds-rules.md). Whoever finds their world gets the whole supply of 20 there; the
world then yields nothing at genesis."""

from __future__ import annotations

from ..state import SUPPLY, GameState
from . import Race, Steps, register
from .plebs import start_with


@register
class LastDescendants(Race):
    key = "last_descendants"

    def found(self, s: GameState, world: int, seat: int) -> Steps:
        start_with(s, world, seat, SUPPLY)
        return []

    def production(self, s: GameState, world: int) -> int | None:
        return 0
