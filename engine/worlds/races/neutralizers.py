"""Neutralizers (1/C): in a conflict's opening window, a primary player with Neutralizers
in his stack names one race in the opposing side's stacks; for the rest of the conflict
that race's tokens on that side have no power (rules 003): they count 1, and its
conflict powers, passive changes and result powers do not act. What already happened
(powers used before, the opening draws) stands. Argument: the race."""

from __future__ import annotations

from ..state import GameState
from . import RACE_IMPL, Race, Steps, conflict_races, register


@register
class Neutralizers(Race):
    key = "neutralizers"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None:
            return []
        races = {race for sd, _, race in conflict_races(s, c) if sd != side
                 and race in RACE_IMPL and RACE_IMPL[race].use in ("A", "1/C", "1/B")}
        return [(race,) for race in sorted(races)]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        if s.conf is not None:
            s.conf.add_flag(f"mute:{1 - side}:{args[0]}")
        return []
