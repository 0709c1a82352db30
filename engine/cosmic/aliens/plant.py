"""Plant: as a main player, it may graft the power of a player in whose home system it has
a colony: it uses that power for the encounter, and that player may not.

Text followed: rules 004 (classic Plant), in 2008 terms. Interpretations:
- When: as the offense or the defense, at the launch, alliance or planning window
  (before encounter cards are chosen); optional; once per encounter (even if zapped).
  `power 0 SEAT` names the player.
- Whom: any other player with an alien whose power works now (enough home colonies, not
  zapped) and on one of whose home planets the Plant has at least one ship.
- What it takes (engine.cosmic.powers `copyable`): the power that player acts with now (its
  sheet, or what its sheet lends it: a Xenomorph's current power, say) and any power
  kept beneath its sheet. The Plant's seat uses them besides its own sheet until the
  encounter ends (engine.cosmic.powers `lends`), and is offered their uses; the player is
  silenced for each of them (engine.cosmic.powers `silence_power`) for the same time. At the
  end of the encounter both simply stop: the power was never moved.
- A use, so a Cosmic Zap cancels it: nothing is grafted and the victim keeps its power.
  A graft silenced later (a Null naming the grafted power for the Plant) stops the
  Plant's use of it, but the victim stays silenced for the encounter (the graft was made).
- The Reincarnator (its text): grafting a Reincarnator takes its current incarnation and
  the Reincarnator's power beneath it; if the Plant then loses, it reincarnates: its
  Plant sheet is out of the game (engine.aliens.reincarnator).
- Powers that need their own sheet do nothing through a graft (a Changeling's exchange, a
  flare's super side), and a power whose moment has passed waits for the next one.
- The Oracle and the Insect: a grafted Oracle power may not be used against an Insect
  opponent (engine.cosmic.powers `excludes`), and the other way round.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..powers import Alien, Option, copyable, register, silence_power
from ..state import GameState
from ..steps import emit
from ._util import has, is_main, set_flag

NAME = "plant"
GRAFT = "plant_graft"  # encounter flag prefix: "plant_graft:SEAT:POWER"


def _victims(s: GameState, seat: int) -> list[int]:
    return [x for x in s.clockwise_from_left(seat)
            if s.aliens[x] and s.has_power(x) and copyable(s, x)
            and any(s.on(p, seat) > 0 for p in s.home_planets(x))]


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if not is_main(s, seat) or has(s, NAME, seat):
        return []
    return [(0, (x,)) for x in _victims(s, seat)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None or has(s, NAME, seat):
        return
    set_flag(s, NAME, seat)
    victim = args[0]
    taken = copyable(s, victim)
    emit(s, "graft", seat, victim, list(taken))
    for name in taken:
        e.add_flag(f"{GRAFT}:{seat}:{name}")
        silence_power(s, victim, name)


def _lends(s: GameState, seat: int, depth: int) -> Sequence[str]:
    e = s.enc
    if e is None:
        return ()
    pre = f"{GRAFT}:{seat}:"
    return tuple(f[len(pre):] for f in e.flags if f.startswith(pre))


ALIEN = register(Alien(
    name=NAME, lamp="red", summary="Grafts the power of a player it has a colony with",
    roles=("main",), phases=("launch", "alliance", "planning"), mandatory=False,
    source="rules 004 (classic)",
    windows=("launch", "alliance", "planning"), options=_options, use=_use, lends=_lends,
))
