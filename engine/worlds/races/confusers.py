"""Confusers (A): in a conflict's opening window, each Confuser token in a primary
player's stack may take the power away from one opposing token for the rest of the
conflict (rules 003). A quieted token counts 1 and adds nothing to its race's passive
changes; a race whose every token on that side is quieted has no power there at all
(framework `quieted`, `muted`). Argument: the race of the opposing token."""

from __future__ import annotations

from ..state import GameState
from . import RACE_IMPL, Race, Steps, conflict_races, count_in, count_use, quieted, \
    register, times_used


@register
class Confusers(Race):
    key = "confusers"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None or times_used(s, self.id, seat) >= count_in(s, seat, c.world, self.id):
            return []
        races = {race for sd, _, race in conflict_races(s, c) if sd != side
                 and race in RACE_IMPL and RACE_IMPL[race].use in ("A", "1/C", "1/B")}
        return [(race,) for race in sorted(races)]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        count_use(s, self.id, seat)
        c.add_flag(f"quiet:{1 - side}:{args[0]}:{quieted(c, 1 - side, args[0]) + 1}")
        return []
