"""Setup of a worlds game (rules 003, setup): the map by dice, the homeworlds in roll
order, four race chits each (one kept), a first token, five cards, then the first turn.

Invariants: every die comes from a `roll` chance step (public); the race chits a seat
is dealt are opened to it alone (`deliver`), the kept one is revealed, the other three
go to `race_out` unseen. No two worlds share a square; when setup ends, every world is
within RANGE spaces of another (`isolated` is empty).
"""

from __future__ import annotations

from .actions import Action, Home, Keep
from .data import DECK
from .races import found_steps
from .state import GRID, MOVES, RANGE, WORLDS, GameState, Knowledge, distance
from .steps import SeatStep, Step, Step_t, emit, fail, pop, push, register, replace

__all__ = ["setup_steps", "isolated"]

START_CARDS = 5
RACES_DEALT = 4


def setup_steps(s: GameState) -> None:
    """Push the whole setup: shuffles, the map rolls, the order rolls, the rest."""
    cards = s.new_handles(len(DECK))
    pool = s.config.pool()
    races = s.new_handles(len(pool))
    push(s, ("shuffle", "cards", cards, DECK), ("shuffle", "races", races, pool),
         ("roll", 2 * WORLDS, "place", tuple(range(WORLDS))),
         ("rank", (), (tuple(range(s.n)),)))


def isolated(s: GameState) -> list[int]:
    """Placed worlds with no other world within RANGE spaces, by letter."""
    placed = [w for w in range(WORLDS) if s.pos[w] >= 0]
    return [w for w in placed
            if not any(v != w and distance(s.pos[w], s.pos[v]) <= RANGE for v in placed)]


@register
class Place(Step):
    """("place", worlds, values): put each world on square (x, y) from its two dice (rules
    003: 2d10 per world); a world landing on a taken square is rolled again, and so is
    the first world (by letter) with no other within 3 spaces, until there is none."""

    name = "place"
    phase = "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        worlds, values = st[1], st[2]
        again = []
        taken = set(s.pos)
        for i, w in enumerate(worlds):
            sq = (values[2 * i] - 1) * GRID + (values[2 * i + 1] - 1)
            if sq in taken:
                again.append(w)
            else:
                s.pos[w] = sq
                taken.add(sq)
        if not again:
            lonely = isolated(s)
            if lonely:
                s.pos[lonely[0]] = -1
                again = [lonely[0]]
        if again:
            replace(s, ("roll", 2 * len(again), "place", tuple(again)))
        else:
            emit(s, "map", list(s.pos))
            pop(s)
        return True


@register
class Rank(Step):
    """("rank", decided, groups): the setup order by 1d10 each, highest first; seats that
    tie roll again among themselves (rules 003)."""

    name = "rank"
    phase = "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        decided, groups = tuple(st[1]), tuple(st[2])
        while groups and len(groups[0]) == 1:
            decided += groups[0]
            groups = groups[1:]
        if groups:
            replace(s, ("roll", len(groups[0]), "ranked", decided, groups))
            return True
        emit(s, "setup_order", list(decided))
        homes = [("home", seat) for seat in decided]
        replace(s, *homes, ("deal_races", decided))
        return True


@register
class Ranked(Step):
    name = "ranked"
    phase = "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        decided, groups, values = st[1], st[2], st[3]
        group = groups[0]
        split = tuple(tuple(seat for seat, v in zip(group, values) if v == top)
                      for top in sorted(set(values), reverse=True))
        replace(s, ("rank", decided, split + tuple(groups[1:])))
        return True


@register
class ChooseHome(SeatStep):
    """("home", seat): pick a homeworld no one has picked (rules 003)."""

    name = "home"
    phase = "setup"
    kinds = ("home",)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Home(seat, w) for w in range(WORLDS) if s.control[w] < 0]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Home) or not 0 <= a.world < WORLDS:
            fail(s, a, "name a world A..Z")
            return
        if s.control[a.world] >= 0:
            fail(s, a, "that world is someone's homeworld")
        s.control[a.world] = a.seat
        emit(s, "home", a.seat, a.world)
        pop(s)


@register
class DealRaces(Step):
    """("deal_races", order): four race chits to each seat, opened to it alone."""

    name = "deal_races"
    phase = "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        dealt = list(s.dealt)
        delivers = []
        for seat in st[1]:
            chits = s.race_pile[-RACES_DEALT:][::-1]
            s.race_pile = s.race_pile[:-RACES_DEALT]
            dealt[seat] = chits
            delivers.append(("deliver", seat, chits))
        s.dealt = tuple(dealt)
        replace(s, *delivers, ("keep_race", st[1], (-1,) * s.n))
        return True


@register
class KeepRace(Step):
    """("keep_race", order, kept): every seat keeps one of its four chits at once; the
    kept chits are then revealed together, the others set aside unseen."""

    name = "keep_race"
    phase = "setup"
    kinds = ("keep",)
    simultaneous = True

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return tuple(seat for seat in st[1] if st[2][seat] < 0)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Keep(seat, h) for h in sorted(s.dealt[seat])]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Keep) or a.handle not in s.dealt[a.seat]:
            fail(s, a, "keep one of the four race chits you were dealt")
            return
        kept = list(st[2])
        kept[a.seat] = a.handle
        replace(s, ("keep_race", st[1], tuple(kept)))

    def auto(self, s: GameState, st: Step_t) -> bool:
        order, kept = st[1], st[2]
        if any(k < 0 for k in kept):
            return False
        out = s.race_out
        for seat in order:
            home = s.control.index(seat)
            s.chit[home] = kept[seat]
            out += tuple(h for h in s.dealt[seat] if h != kept[seat])
        s.race_out = out
        s.dealt = ((),) * s.n
        replace(s, ("reveal", tuple(kept[seat] for seat in order)), ("settle_homes", order))
        return True


@register
class SettleHomes(Step):
    """("settle_homes", order): each homeworld takes its kept race as native, one token of
    it for its owner; five cards each; the first turn is the last in setup order."""

    name = "settle_homes"
    phase = "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        order = st[1]
        for seat in order:
            home = s.control.index(seat)
            s.native[home] = s.faces[s.chit[home]]
            s.set_tokens(home, seat, (home * MOVES,))
        s.order = tuple(reversed(order))  # rules 003: turn order reverses the setup order
        emit(s, "turn_order", list(s.order))
        found = [step for seat in order for step in found_steps(s, s.control.index(seat), seat)]
        replace(s, *found, *[("draw", seat, START_CARDS) for seat in order], ("round_start",))
        return True
