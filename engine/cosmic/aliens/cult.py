"""Cult: the ships of other players on the target planet fight for the Cult's side.

Text followed: rules 004 (classic Cult), in 2008 terms. Choices we made:
- Main player only (the text speaks of being challenged and of challenging). As the
  defense, every ship on the target planet that is not its own counts for its side too,
  whoever owns it (the offense's and its allies' included); its own count as usual. As
  the offense, every ship on the target planet not owned by the defense counts for its
  side (its own ships already there included; the defense's ships count for the defense
  as usual).
- Only ships *on* the planet: ships on the gate or beside the planet count as the rules
  say. Reinforcements and other powers' bonuses are added as usual.
- Mandatory (no "may" in the text). It matters only when totals are compared, so it is
  a use at the "reveal" window when both cards count as attacks and such ships exist;
  a Cosmic Zap answers it and the totals stay as printed.
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ._util import both_attack, has, is_main, set_flag, side_of

NAME = "cult"


def conspirators(s: GameState, seat: int) -> int:
    """Ships on the target planet that count for the Cult's side beyond the rules."""
    e = s.enc
    if e is None or e.target < 0 or not is_main(s, seat):
        return 0
    # As the defense the Cult is e.defense: either way, everyone's but the defense's.
    return sum(s.on(e.target, other) for other in range(s.n) if other != e.defense)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if (window == "reveal" and is_main(s, seat) and not has(s, NAME, seat)
            and both_attack(s) and conspirators(s, seat) > 0):
        return [(0, ())]
    return []


def _totals(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    side = side_of(s, seat)
    if not has(s, NAME, seat) or side is None:
        return off, dfn
    extra = conspirators(s, seat)
    return (off + extra, dfn) if side == 0 else (off, dfn + extra)


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Others' ships on the target planet count for it",
    roles=("main",), phases=("reveal",), mandatory=True, source="rules 004 (classic)",
    windows=("reveal",), options=_options, use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, totals=_totals,
))
