"""Reserve: plays attack cards as reinforcements.

Text followed: rules 001, which gives only the alien's one-line summary ("can play
attacks as reinforcements"); we implement that summary's plain reading. Choices we made:
- Who and when: as a reinforcement is played (rules 001, Reinforcement Cards): by a main
  player or an ally, at the "reveal" window (both encounter cards face up), for either
  side; only when both cards count as attacks (only then are totals compared, so only
  then can a reinforcement matter). Any number of cards, one at a time.
- Value: an attack card adds its printed number (an attack 08 adds 8), as a
  reinforcement adds its printed bonus; powers that count a side's reinforcements count
  it too. Its ordinary reinforcement cards it plays as anyone does.
- The card is played face up from the hand (a card effect, so in networked games an
  ordinary Play, verified like any other) and is discarded with the encounter's other
  cards. It is not an artifact, so a Card Zap cannot answer it; but playing an attack so
  is a use of the power: once the card is down a Cosmic Zap may answer, and zapped the
  card is spent and adds nothing (as the Flak's fired card).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ..windows import role
from ._util import attack_for_a_side

NAME = "reserve"


def _who(s: GameState, seat: int) -> bool:
    return (s.aliens[seat] == NAME and s.has_power(seat)
            and role(s, seat) in ("offense", "defense", "ally"))


_use = attack_for_a_side(_who)

ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Plays attack cards as reinforcements",
    roles=("offense", "defense", "ally"), phases=("reveal",), mandatory=False,
    source="rules 001 (summary line only)", use=_use,
))
