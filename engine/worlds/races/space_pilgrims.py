"""Space Pilgrims (A): their tokens may end a migration move in deep space, on a square
of the map holding no world (rules 003). Their stacks there are places of the state
(`state.space`, a place WORLDS + square): no one controls deep space, nothing is born
there and no conflict is fought there; tokens there still count as on the map (R powers,
the supply).

The move into deep space, from one square of it to another and back onto a world is a
Power of the active player in his migration phase (arguments: the place left, the place
reached, the tokens' origin, how many), each token spending one of its moves and going
no further than its range, as an ordinary move (a Toll Keeper holds them on its world, a
Purist world refuses them); reaching a world explores it and settles its control, and
the races that watch moves onto a world (Repulsors) see it. A token left in deep space
that no longer acts as a Pilgrim (a Mutation of their world, a copy that lapsed) may
still land on a world, by the same power, but not stay out in deep space."""

from __future__ import annotations

from ..board import move_tokens
from ..state import GRID, MOVES, WORLDS, GameState, distance, space_place
from . import (Race, Steps, acting, admits, movable_tokens, move_barred,
               move_watch_steps, moves_of, range_of, register)


@register
class SpacePilgrims(Race):
    key = "space_pilgrims"
    deep_space = True

    def _places(self, s: GameState, seat: int) -> list[int]:
        n = s.n
        return [w for w in range(WORLDS) if s.stacks[w * n + seat]] + s.space_stacks(seat)

    def migration_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        taken = set(s.pos)
        return [o for src in self._places(s, seat) for o in self._from(s, seat, src, taken)]

    def migration_allows(self, s: GameState, seat: int, args: tuple[int, ...]) -> bool:
        return (len(args) == 4 and args[0] in self._places(s, seat)
                and args in self._from(s, seat, args[0], set(s.pos)))

    def _from(self, s: GameState, seat: int, src: int, taken: set[int]
              ) -> list[tuple[int, ...]]:
        """The options leaving the place src, each (src, place reached, origin, count):
        per origin, the ranges of the tokens that may still move (movable_tokens' rule:
        moves left, none while a race holds them), then each square within reach, with
        as many counts as tokens reach it. `taken`: the squares holding a world."""
        out: list[tuple[int, ...]] = []
        if move_barred(s, src, seat):
            return out  # no token of this stack may move
        here = s.square(src)
        tokens = s.tokens(src, seat)
        for origin in sorted({c // MOVES for c in tokens}):
            pilgrim = self.id in acting(s, src, seat, origin * MOVES)
            if not pilgrim and src < WORLDS:
                continue  # tokens left in deep space as no Pilgrims may still land
            ranges = [range_of(s, c, src, seat) for c in tokens
                      if c // MOVES == origin and c % MOVES < moves_of(s, c, src, seat)]
            if not ranges:
                continue
            f, hx, hy = max(ranges), here // GRID, here % GRID
            for sq in (x * GRID + y  # the squares within reach, in their order
                       for x in range(max(0, hx - f), min(GRID, hx + f + 1))
                       for y in range(max(0, hy - f), min(GRID, hy + f + 1))):
                d = distance(here, sq)
                if sq in taken:  # a world: only from deep space (an ordinary move
                    w = s.pos.index(sq)  # covers world to world)
                    dst = w if src >= WORLDS and admits(s, w, origin * MOVES) else -1
                else:
                    dst = space_place(sq) if pilgrim else -1
                if dst < 0 or dst == src:
                    continue
                reach = sum(1 for r in ranges if d <= r)
                out += [(src, dst, origin, k) for k in range(1, reach + 1)]
        return out

    def migration_power(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        src, dst, origin, count = args
        moved = movable_tokens(s, seat, src, origin, distance(s.square(src),
                                                              s.square(dst)))[:count]
        steps = move_tokens(s, seat, src, dst, moved, spend=True)
        if dst < WORLDS:
            steps += move_watch_steps(s, seat, src, dst, [c + 1 for c in moved])
        return steps
