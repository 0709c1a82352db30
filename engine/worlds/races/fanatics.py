"""Fanatics (A, sacrifice): in the opportunity phase, give up a Fanatic token to remove
one token of another player on a world within 3 spaces of it (rules 003). Arguments:
the Fanatic's world, the target world, seat and origin."""

from __future__ import annotations

from ..state import MOVES, RANGE, WORLDS, GameState, distance
from . import Race, Steps, register, undying


@register
class Fanatics(Race):
    key = "fanatics"
    sacrifice = True

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        for src in range(WORLDS):
            if not s.count(src, seat):
                continue
            for w in range(WORLDS):
                if distance(s.pos[src], s.pos[w]) > RANGE:
                    continue
                for other in s.occupants(w):
                    if other != seat:
                        out += [(src, w, other, o)
                                for o in sorted({c // MOVES for c in s.tokens(w, other)
                                                 if not undying(s, c)})]
        return out

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        _, w, other, origin = args
        codes = list(s.tokens(w, other))
        victim = next((c for c in codes if c // MOVES == origin), None)
        if victim is None:  # the Fanatic itself was the target's last token of it
            return []
        codes.remove(victim)
        s.set_tokens(w, other, codes)
        return [("killed", w, other, 1)]
