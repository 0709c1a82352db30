"""Changeling: as a main player, it must exchange alien sheets with its opponent as soon as
the defense is known.

Text followed: rules 004 (classic Changeling), in 2008 terms. Interpretations:
- When: right after destiny (or a power such as the Will) has named the defense, before
  the launch (the `defense_known` hook); the exchange is mandatory, and happens at most
  once an encounter, whoever holds the Changeling sheet afterwards (the opponent now holds
  it, and must not swap it straight back).
- It is a use (an `auto_power` step), so a Cosmic Zap stops it: zapped, nobody exchanges
  anything, and the Changeling's power is off for the rest of the encounter as usual.
- What moves is the current alien only: a power kept beneath an alien (the
  Reincarnator's sheet) stays with its seat. An opponent without an alien has nothing to
  exchange, so nothing happens.
- The sheets stay exchanged after the encounter: the opponent is now the Changeling (and
  must exchange in its own next encounter as a main player), and the former Changeling
  keeps the power it took. Each power still works only with enough home colonies: a
  Changeling below the threshold exchanges nothing (its power is lost), but its opponent's
  low count does not stop the Changeling.
- A later change of defense in the same encounter (the Chameleon) does not trigger it again.
"""

from __future__ import annotations

from typing import Any

from ..powers import Alien, register, swap_aliens
from ..state import GameState
from ._util import is_main, opponent

Step_t = tuple[Any, ...]

NAME = "changeling"
USED = "changeling_used"  # encounter flag: the exchange happened (or was tried) this encounter


def _defense_known(s: GameState, seat: int) -> list[Step_t]:
    e = s.enc
    if e is None or e.has_flag(USED) or not is_main(s, seat) or not s.aliens[opponent(s, seat)]:
        return []
    e.add_flag(USED)  # once an encounter, even if zapped
    return [("auto_power", seat, 0, (opponent(s, seat),))]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    other = args[0]
    if s.aliens[seat] == NAME and s.aliens[other]:
        swap_aliens(s, seat, other)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Must exchange alien sheets with its opponent",
    roles=("main",), phases=("destiny",), mandatory=True, source="rules 004 (classic)",
    use=_use, defense_known=_defense_known,
))
