"""Emulators (A): each token may use the power of a friendly token on its world (rules
003). The framework's "acts as" layer (`acting`, `copy_choices`) carries it: the owner
names, per world, one race of his other tokens there (by birth; never a copy); from then
his Emulators there act with that race's powers besides their own, wherever a power is
looked up (force, moves, conflict powers, births...), as long as a token of that race of
his stands with them. They keep the choice when they move (`carry_copies`).

Choosing is a power (argument: the race; in the opportunity phase first the world): the
active player in his opportunity phase, once per world a turn; a primary player in the
conflict's opening window, on the conflict's world, once a conflict. Copycats
(copycats.py) are the same with enemy tokens.
"""

from __future__ import annotations

from ..state import MOVES, WORLDS, GameState
from ..steps import emit
from . import Race, Steps, choose_copy, copy_choices, count_use, register, \
    times_used, world_races


def _copiers_on(s: GameState, world: int, seat: int, race: int) -> bool:
    return any(race in world_races(s, c // MOVES) for c in s.tokens(world, seat))


def _current(s: GameState, world: int, seat: int, race: int) -> str:
    return next((m for m in s.used if m.startswith(f"as:{seat}:{world}:{race}:")), "")


class CopyingRace(Race):
    """A race whose tokens act as another race of their world (`copies`: "friend" or
    "enemy"); the choice is its power."""

    def _choices(self, s: GameState, world: int, seat: int) -> list[int]:
        if not _copiers_on(s, world, seat, self.id):
            return []
        now = _current(s, world, seat, self.id)
        return [r for r in copy_choices(s, world, seat, self.id)
                if now != f"as:{seat}:{world}:{self.id}:{r}"]

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return [(w, r) for w in range(WORLDS) if f"W:{self.id}:{seat}:{w}" not in s.used
                for r in self._choices(s, w, seat)]

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        s.add_used(f"W:{self.id}:{seat}:{args[0]}")  # once per world a turn
        choose_copy(s, args[0], seat, self.id, args[1])
        emit(s, "copies", seat, args[0], self.id, args[1])
        return []

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None or times_used(s, self.id, seat):
            return []
        return [(r,) for r in self._choices(s, c.world, seat)]

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        count_use(s, self.id, seat)  # once a conflict
        choose_copy(s, c.world, seat, self.id, args[0])
        emit(s, "copies", seat, c.world, self.id, args[0])
        return []


@register
class Emulators(CopyingRace):
    key = "emulators"
    copies = "friend"
