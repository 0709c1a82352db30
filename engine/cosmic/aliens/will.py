"""Will: not bound by destiny; as the offense it may choose whom to encounter, and where.

Text followed: rules 004 (classic Will), in 2008 terms: instead of drawing from the
destiny deck, the Will may have its encounter with any other player on any planet where
that player has a colony (a home planet of that player's, too, as destiny would allow).

How: before the draw (the `before_destiny` hook) the offense is asked; passing draws as
usual. Choosing is a use of the power (zappable: zapped, the Will draws destiny after
all). The use names the defense and sets the encounter's "anywhere" flag, which lets the
launch aim at any of the defense's colonies; with the defense chosen, nothing is drawn.
"""

from __future__ import annotations

from typing import Any

from ..actions import UsePower
from ..powers import Alien, register
from ..state import GameState
from ..steps import emit, register as register_step
from ._offer import OfferStep

Step_t = tuple[Any, ...]


def _before_destiny(s: GameState, seat: int) -> list[Step_t]:
    return [("will_choose", seat)] if seat == s.offense else []


def _choices(s: GameState, seat: int) -> list[UsePower]:
    return [UsePower(seat, 0, (d,)) for d in s.clockwise_from_left(seat)]


@register_step
class WillChoose(OfferStep):
    """The Will, as offense, chooses its defense or passes and draws destiny."""

    name, phase, power = "will_choose", "destiny", "will"

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        return _choices(s, st[1])


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None or e.defense >= 0 or e.destiny >= 0:
        return
    e.defense = args[0]
    e.add_flag("anywhere")
    emit(s, "will_chooses", seat, args[0])


ALIEN = register(Alien(
    name="will", lamp="green", summary="Chooses whom and where to encounter, not destiny",
    roles=("offense",), phases=("destiny",), mandatory=False, source="rules 004 (classic)",
    use=_use, before_destiny=_before_destiny,
))
