"""Body Snatchers (A): as a conflict opens, a primary player may switch one Body Snatcher
of his stack with one token of a stack on the other side (rules 003): his Body Snatcher
goes into that stack, the other token (of a race he picks by its world letter) into his.
Each Body Snatcher may switch once. Interpretation: once a side has switched in a
conflict, the other side's players may not (the Body Snatchers handed over do not switch
back), and a Body Snatcher is never the token taken; so the switching ends."""

from __future__ import annotations

from ..state import MOVES, GameState
from ..steps import emit
from . import Race, Steps, acting, register, tokens_as


@register
class BodySnatchers(Race):
    key = "body_snatchers"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None or f"snatch:{1 - side}" in c.flags:
            return []
        out: list[tuple[int, ...]] = []
        for p in c.seats(1 - side):
            out += [(p, o) for o in sorted({x // MOVES for x in s.tokens(c.world, p)})
                    if self.id not in acting(s, c.world, p, o * MOVES)]
        return out

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        c = s.conf
        if c is None:
            return []
        p, origin = args
        mine = list(s.tokens(c.world, seat))
        theirs = list(s.tokens(c.world, p))
        snatcher = tokens_as(s, c.world, seat, self.id)[0]
        taken = next(x for x in theirs if x // MOVES == origin)
        mine.remove(snatcher)
        theirs.remove(taken)
        s.set_tokens(c.world, seat, mine + [taken])
        s.set_tokens(c.world, p, theirs + [snatcher])
        c.add_flag(f"snatch:{side}")
        emit(s, "switched", c.world, seat, p, origin)
        return []
