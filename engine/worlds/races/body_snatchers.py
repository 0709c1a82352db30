"""Body Snatchers (A): as a conflict opens, a primary player may switch one Body Snatcher
of his stack with one token of a stack on the other side (rules 003): his Body Snatcher
goes into that stack, the other token (of a race he picks by its world letter) into his.
Each Body Snatcher may switch once. Interpretation: once a side has switched in a
conflict, the other side's players may not (the Body Snatchers handed over do not switch
back), and a Body Snatcher is never the token taken. A player switches at most as many
times in a conflict as he had tokens acting as Body Snatchers when he first switched: a
token he took may act as one too (a Copycat copying the Body Snatchers), but it was not
one of his Body Snatchers as the conflict opened, so it does not switch (else two such
tokens could be switched back and forth for ever). So the switching ends."""

from __future__ import annotations

from ..state import MOVES, GameState
from ..steps import emit
from . import Race, Steps, acting, count_use, register, times_used, tokens_as


def _switches(s: GameState, race: int, seat: int) -> int | None:
    """How many switches seat may make in this conflict: its tokens acting as Body
    Snatchers when it first switched (None before that). A "C:" mark: cleared with the
    conflict."""
    head = f"C:{race}:n{seat}:"
    return next((int(m[len(head):]) for m in s.used if m.startswith(head)), None)


@register
class BodySnatchers(Race):
    key = "body_snatchers"

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        c = s.conf
        if c is None or f"snatch:{1 - side}" in c.flags:
            return []
        allowed = _switches(s, self.id, seat)
        if allowed is not None and times_used(s, self.id, seat) >= allowed:
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
        snatchers = tokens_as(s, c.world, seat, self.id)
        if _switches(s, self.id, seat) is None:
            s.add_used(f"C:{self.id}:n{seat}:{len(snatchers)}")
        count_use(s, self.id, seat)
        snatcher = snatchers[0]
        taken = next(x for x in theirs if x // MOVES == origin)
        mine.remove(snatcher)
        theirs.remove(taken)
        s.set_tokens(c.world, seat, mine + [taken])
        s.set_tokens(c.world, p, theirs + [snatcher])
        c.add_flag(f"snatch:{side}")
        emit(s, "switched", c.world, seat, p, origin)
        return []
