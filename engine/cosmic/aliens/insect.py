"""Insect: as a main player it must copy its opponent's power and uses it for the rest of
the encounter, even if the opponent has lost it.

Text followed: rules 004 (classic Insect), in 2008 terms. Interpretations:
- When: as soon as the defense is known (the `defense_known` hook, like the Changeling),
  as the offense or the defense. Copying is mandatory and a use (an `auto_power` step),
  so a Cosmic Zap stops it: zapped, the Insect copies nothing and its power is off for the
  encounter. Once copied, the copy lasts until the encounter ends (engine.cosmic.powers `lends`:
  the Insect's seat uses the copied power besides its own sheet, and the copied power is
  the one it is offered at windows). As an ally or outside the encounter it does nothing.
- What it copies (engine.cosmic.powers `copyable`): the power the opponent acts with now (its
  sheet, or what its sheet lends it: a Xenomorph's or Pentaform's current power, a
  Plant's graft) and any power kept beneath the opponent's sheet. The copy follows the
  opponent: if the opponent's power changes during the encounter (a Changeling's or
  Zephyr's move), the Insect copies the new one. Whether the opponent's power works does
  not matter (too few home colonies, zapped, silenced by the Null); the Insect's own
  power must work (its own home colonies, not zapped).
- "The offense has the chance to use it first": uses follow timing order as always.
- The Oracle: neither may use its power against the other (`excludes`, enforced by
  engine.cosmic.powers between the two main players): facing the Oracle, the Insect copies
  nothing and the Oracle's power does not act. Facing a Xenomorph or Plant that acts with
  the Oracle's power, the same holds.
- The Will: as the offense, before destiny, if another player holds the Will, the Insect
  may choose that player as its defense, with its gate aimed at any of its colonies, and
  draws no destiny (a use: a Cosmic Zap sends it to destiny after all). It then copies
  the Will's power like any other.
- The Reincarnator (its text): copying a Reincarnator copies its current incarnation
  and the Reincarnator's power beneath it; if the Insect then loses, it reincarnates: its
  Insect sheet is out of the game and the Reincarnator's power stays beneath its new
  alien (engine.aliens.reincarnator does exactly this for any seat holding that power).
- Powers whose effect needs their own sheet do nothing through a copy: a copied
  Changeling exchanges nothing, a flare's super side still needs the flare's own alien,
  a power whose moment has passed when the copy is made (before the defense is known:
  the Zephyr's pass) waits for a moment that does not come this encounter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import UsePower
from ..powers import Alien, copyable, register
from ..state import GameState
from ..steps import emit, register as register_step
from ._offer import OfferStep
from ._util import has, is_main, opponent, set_flag

Step_t = tuple[Any, ...]

NAME = "insect"
COPY, CHOOSE_WILL = 0, 1


def _defense_known(s: GameState, seat: int) -> list[Step_t]:
    e = s.enc
    if e is None or not is_main(s, seat) or has(s, NAME, seat):
        return []
    if not copyable(s, opponent(s, seat)):
        return []
    return [("auto_power", seat, COPY, (opponent(s, seat),))]


def _lends(s: GameState, seat: int, depth: int) -> Sequence[str]:
    e = s.enc
    if e is None or e.defense < 0 or not is_main(s, seat) or not has(s, NAME, seat):
        return ()
    return copyable(s, opponent(s, seat), depth)


def _wills(s: GameState, seat: int) -> list[int]:
    return [x for x in s.clockwise_from_left(seat) if s.aliens[x] == "will"]


def _before_destiny(s: GameState, seat: int) -> list[Step_t]:
    if seat == s.offense and _wills(s, seat):
        return [("insect_will", seat)]
    return []


def _choices(s: GameState, seat: int) -> list[UsePower]:
    return [UsePower(seat, CHOOSE_WILL, (x,)) for x in _wills(s, seat)]


@register_step
class InsectWill(OfferStep):
    """The Insect, as offense, may choose the Will's player as its defense."""

    name, phase, power = "insect_will", "destiny", NAME

    def _uses(self, s: GameState, st: Step_t) -> list[UsePower]:
        return _choices(s, st[1])


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None:
        return
    if option == CHOOSE_WILL:
        if e.defense >= 0 or e.destiny >= 0:
            return
        e.defense = args[0]
        e.add_flag("anywhere")
        emit(s, "will_chooses", seat, args[0])
        return
    set_flag(s, NAME, seat)
    emit(s, "copies", seat, args[0], list(copyable(s, args[0])))


ALIEN = register(Alien(
    name=NAME, lamp="red", summary="Copies its opponent's power as a main player",
    roles=("main",), phases=("destiny",), mandatory=True, source="rules 004 (classic)",
    use=_use, defense_known=_defense_known, before_destiny=_before_destiny,
    lends=_lends, excludes=("oracle",),
))
