"""Zephyr: as a main player, it passes its sheet to the player on its right, and every
other player passes its own sheet to the right too.

Text followed: rules 004 (classic Zephyr), in 2008 terms. Interpretations:
- When: as soon as the defense is known (the `defense_known` hook, as for the
  Changeling), as the offense or the defense: "immediately" on becoming a main player is
  read as that moment for both (the offense's is its whole encounter, the defense's
  starts there). Mandatory, a use (an `auto_power` step), so a Cosmic Zap stops it.
- Once per encounter, whoever holds the Zephyr sheet afterwards: a new Zephyr that is
  the other main player does not pass again in the same encounter.
- The right: play goes clockwise to each player's left (state `clockwise_from_left`), so
  each seat passes to the seat before it (engine.cosmic.powers `pass_aliens` with shift -1).
  Every sheet moves, with whatever is kept beneath it (the Reincarnator's power: "power
  card(s)") and whatever a sheet holds in reserve (the Pentaform's stack, the
  Xenomorph's current power, which belong to their sheets). A seat without an alien
  (possible in our games, not in the classic one) neither passes nor receives: the
  sheets pass among the seats that hold one, each to the nearest such seat on its right.
- A use pushed before the pass by a power that has moved on since (another main
  player's Changeling exchanging first) lapses (engine.windows AutoPower).
- The new powers work at once, for the rest of the encounter; a power whose moment has
  passed waits for the next one; a power given away still tidies up after itself.
- Only the sheet passes: a copied or grafted Zephyr power passes nothing (and the
  copy is made only once the moment has passed).
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, pass_aliens, register
from ..state import GameState
from ..steps import emit
from ._util import is_main

Step_t = tuple[Any, ...]

NAME = "zephyr"
USED = "zephyr_used"  # encounter flag: the pass happened (or was tried) this encounter


def _defense_known(s: GameState, seat: int) -> list[Step_t]:
    e = s.enc
    if e is None or e.has_flag(USED) or not is_main(s, seat) or s.aliens[seat] != NAME:
        return []
    e.add_flag(USED)  # once an encounter, even if zapped
    return [("auto_power", seat, 0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    if s.aliens[seat] != NAME:
        return
    emit(s, "gust", seat)
    pass_aliens(s, -1)


ALIEN = register(Alien(
    name=NAME, lamp="red", summary="Makes every player pass its power to the right",
    roles=("main",), phases=("destiny",), mandatory=True, source="rules 004 (classic)",
    use=_use, defense_known=_defense_known,
))
