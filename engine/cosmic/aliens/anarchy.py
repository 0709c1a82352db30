"""Anarchy: as a main player or an ally, it may make every player's power go into one pool
and be dealt out again at random.

Text followed: rules 004 (classic Anarchy), in 2008 terms. Choices:
- When: at the alliance window (the alliances made, before cards are chosen), as the
  offense, the defense or an ally of either; optional; at most once an encounter, whoever
  holds the Anarchy sheet afterwards. A use, so a Cosmic Zap cancels it (nothing moves).
  Outside the encounter it offers nothing.
- The pool: every seat's current alien and every power kept beneath one (the
  Reincarnator's own sheet), gathered by engine.cosmic.powers `take_all_aliens`; kept powers
  are no longer kept.
- The deal: every seat that held an alien is dealt one from the pool, in seat order, each
  a `new_alien` chance answered by the card source (the local seed, or the beacon in
  networked play) from what is left (engine.alien_deal `redeal_steps`). A seat dealt the
  Reincarnator is a fresh Reincarnator (nothing beneath yet), so no seat needs an
  auxiliary power after the deal: whatever is left over is out of the game for good (a
  Reincarnator never draws it). Seats that had no alien stay without.
- The new powers work at once, for the rest of the encounter (a power whose moment has
  passed simply waits for the next one); a power given away still tidies up after itself
  (engine.cosmic.powers `encounter_cleanup`).
"""

from __future__ import annotations

from ..alien_deal import redeal_steps
from ..powers import Alien, register, take_all_aliens
from ..state import GameState
from ..steps import emit, push
from ._util import is_main_or_ally

NAME = "anarchy"
USED = "anarchy_used"  # encounter flag: the redeal happened (or was tried) this encounter


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if window != "alliance" or e is None or e.has_flag(USED) or not is_main_or_ally(s, seat):
        return []
    return [(0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None or e.has_flag(USED):
        return
    e.add_flag(USED)
    phase = s.phase
    seats = [x for x in range(s.n) if s.aliens[x]]
    pool = take_all_aliens(s, seats)
    emit(s, "anarchy", seat, len(pool))
    push(s, *redeal_steps(seats, pool, phase))


ALIEN = register(Alien(
    name=NAME, lamp="red", summary="Deals every power out again at random",
    roles=("main", "ally"), phases=("alliance",), mandatory=False, source="rules 004 (classic)",
    windows=("alliance",), options=_options, use=_use,
))
