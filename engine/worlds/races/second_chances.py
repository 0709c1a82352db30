"""Second Chances (1/C): when a side with Second Chances in its stacks loses, its tokens
stay and the conflict is fought once more by the same stacks (rules 003): new force
cards, from the opening window on (no new draw for the defender). Once per conflict for
each seat holding them; a side wiped out before the totals does not fight again."""

from __future__ import annotations

from ..state import GameState
from . import Race, register


@register
class SecondChances(Race):
    key = "second_chances"

    def refight(self, s: GameState, seat: int) -> bool:
        return True
