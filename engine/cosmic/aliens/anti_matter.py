"""Anti-Matter: when both cards are attacks, ships count against their side and the lower
total wins.

Text followed: rules 004 (classic Anti-Matter), in 2008 terms (tokens = ships, challenge =
encounter). Choices we made:
- Main player only, and mandatory (the classic text has no "may"). It acts after the
  reveal, once both cards count as attacks, as a *use* at the "reveal" window, so a Cosmic
  Zap answers it and the encounter is then counted the usual way.
- The Anti-Matter's total is its card minus every ship on its side (its own and its
  allies'); reinforcements played for its side are subtracted too, since they are meant
  to help the side they join. The opponent's total is its card plus its own ships and
  reinforcements, minus its allies' ships.
- The lower total wins; equal totals still go to the defense (rules 001, Reveal Phase).
- Changes are applied as differences to the totals, so other powers' bonuses (Human +4)
  still add to a side as printed.
"""

from __future__ import annotations

from ..flow import totals
from ..powers import Alien, register
from ..state import GameState
from ._util import both_attack, has, once_per_encounter, set_flag, side_of, side_ships

NAME = "anti_matter"


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    side = side_of(s, seat)
    if not has(s, NAME, seat) or side is None or not both_attack(s):
        return off, dfn
    assert s.enc is not None
    own, allies = side_ships(s, side)
    _, their_allies = side_ships(s, 1 - side)
    out = [off, dfn]
    out[side] -= 2 * (own + allies + s.enc.reinforce[side])  # added once by the rules
    out[1 - side] -= 2 * their_allies
    return out[0], out[1]


def _decide(s: GameState, seat: int, result: str) -> str:
    if not has(s, NAME, seat) or not both_attack(s):
        return result
    t_off, t_def = totals(s)
    return "offense" if t_off < t_def else "defense"


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Its side's ships subtract; the lower total wins",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=once_per_encounter(NAME, "reveal", lambda s, seat: both_attack(s)), use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, totals=_totals, decide=_decide,
))
