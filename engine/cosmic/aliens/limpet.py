"""Limpet: when it must lose ships from one named planet, it loses only one of them; the
rest cling to the planet.

Text followed: rules 004 (classic Limpet), in 2008 terms ("token" = ship). Choices we
made:
- "Ships lost from a specified planet" are losses that name one planet: in the
  encounter, the defense's ships on the target planet when the offense wins (the Limpet
  as the defense, or as a seat whose ships count as the defense's there), and any loss
  a power sends through `to_warp` naming a planet (engine.cosmic.powers, Losses to the warp:
  the `keep_loss` hook). Ships on the gate or beside the target are on no planet (the
  Limpet as offense or ally loses them all), and a loss where the Limpet chooses which
  of its ships go names no planet either.
- The ships that stay keep their colony: the winners land beside them and both have a
  colony there. The one ship lost is the only one counted as lost (compensation, the
  powers that count losses).
- A standing rule, not a use: a Cosmic Zap cannot stop it (it answers uses only); it
  stops only when the power is lost. The Filth's exception in the text is not followed
  (the Filth drives ships off at the end of the encounter as its own rule says).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState

NAME = "limpet"


def _keep(s: GameState, seat: int, owner: int, count: int, planet: int) -> int:
    return count - 1 if owner == seat else 0


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Loses only one ship when it must lose ships from a planet",
    roles=("defense",), phases=("resolution",), mandatory=True, source="rules 004 (classic)",
    keep_loss=_keep,
))
