"""Flak: while it takes no part in an encounter, it may fire an attack card for a side.

Text followed: rules 004 (classic Flak), in 2008 terms. Choices we made:
- Only while it is neither a main player nor an ally (rules 004: "not involved"), at the
  "reveal" window (both encounter cards face up, where reinforcements are played), and
  only when both cards count as attacks (only then are totals compared). One card per
  encounter (the text speaks of an attack card, not of several).
- The card is played face up from its hand like a reinforcement (a card effect, so in
  networked games an ordinary Play, verified like any other): `play @attack08 0` for
  the offense's side, `1` for the defense's. It is not an artifact, so a Card Zap cannot
  answer it. Its value adds to that side's total as a reinforcement does (powers that
  count a side's reinforcements count it too); the card is discarded with the encounter's
  other cards.
- Firing is a use of the power: once the card is down, a Cosmic Zap may answer it; zapped,
  the card is spent and adds nothing.
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ..windows import role
from ._util import attack_for_a_side, has, set_flag

NAME = "flak"


def _who(s: GameState, seat: int) -> bool:
    return (s.aliens[seat] == NAME and s.has_power(seat) and role(s, seat) == "other"
            and not has(s, NAME, seat))


_use = attack_for_a_side(_who, on_play=lambda s, seat: set_flag(s, NAME, seat))

ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Fires an attack card for a side while uninvolved",
    roles=("other",), phases=("reveal",), mandatory=False, source="rules 004 (classic)",
    use=_use,
))
