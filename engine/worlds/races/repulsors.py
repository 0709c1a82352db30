"""Repulsors (A): when another player's tokens make a migration move onto a world where you
have Repulsors, you may send arriving tokens back to the world they came from, one per
Repulsor of yours there per turn (rules 003: each token sends one back). Interpretations:
it happens on arrival (the moment the move is known); the tokens sent back have spent
their move. The uses are counted in the turn's flags (`repel:SEAT:WORLD:N`). The step
`repel` asks the owner."""

from __future__ import annotations

from ..actions import Action, Decline, Power
from ..board import move_tokens
from ..data import race_id
from ..state import GameState, Knowledge
from ..steps import SeatStep, Step_t, fail, pop, register as register_step, replace
from . import Race, Steps, register, tokens_as

_ID = race_id("repulsors")


def _left(s: GameState, race: int, owner: int, world: int) -> int:
    """Repels owner still has on world this turn."""
    mine = len(tokens_as(s, world, owner, race))
    used = sum(1 for f in s.flags if f.startswith(f"repel:{owner}:{world}:"))
    return max(0, mine - used)


def _arrived(s: GameState, st: Step_t) -> list[int]:
    """The moved token codes still standing on the destination."""
    here = list(s.tokens(st[4], st[2]))
    out = []
    for c in st[5]:
        if c in here:
            here.remove(c)
            out.append(c)
    return out


@register
class Repulsors(Race):
    key = "repulsors"

    def watch_move(self, s: GameState, owner: int, mover: int, src: int, dst: int,
                   codes: list[int]) -> Steps:
        if not _left(s, self.id, owner, dst):
            return []
        return [("repel", owner, mover, src, dst, tuple(codes))]


@register_step
class Repel(SeatStep):
    """("repel", owner, mover, src, dst, codes): send back some of the arrived tokens
    (power: how many), or decline."""

    name = "repel"
    phase = "migration"
    kinds = ("power", "decline")

    def _most(self, s: GameState, st: Step_t) -> int:
        return min(_left(s, _ID, st[1], st[4]), len(_arrived(s, st)))

    def needed(self, s: GameState, st: Step_t) -> bool:
        return self._most(s, st) > 0

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        race = _ID
        out: list[Action] = [Power(seat, race, (k,)) for k in range(1, self._most(s, st) + 1)]
        return out + [Decline(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Decline):
            pop(s)
            return
        race, most = _ID, self._most(s, st)
        if not isinstance(a, Power) or a.race != race or len(a.args) != 1 \
                or not 1 <= a.args[0] <= most:
            fail(s, a, f"send back 1 to {most} token(s), or decline")
            return
        owner, mover, src, dst = st[1], st[2], st[3], st[4]
        for _ in range(a.args[0]):
            n = sum(1 for f in s.flags if f.startswith(f"repel:{owner}:{dst}:"))
            s.add_flag(f"repel:{owner}:{dst}:{n}")
        replace(s, *move_tokens(s, mover, dst, src, _arrived(s, st)[:a.args[0]], spend=False))
