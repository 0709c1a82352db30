"""Vacuum: whenever it loses ships to the warp, as many ships of other players go too.

Text followed: rules 004 (classic Vacuum), in 2008 terms. The Vacuum names the players
and how many ships each loses (in total as many as it lost, or every ship the others
have on colonies if that is fewer); each victim picks which of its ships go, from its
colonies (ships in the encounter are not taken). These losses are in addition to the
encounter's, and they are losses like any other (a Healer may heal them).

How: the `after_warp` hook pushes a "vacuum" step for each loss of the Vacuum's; the
Vacuum's choice is a mandatory use of the power (no pass), so a Cosmic Zap cancels it.
A choice with only one possible answer is made without asking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, UsePower
from ..choices import Dist, Mapped
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, fail, pop, push, register as register_step, replace
from ..windows import power_step
from ..zones import ships_to_warp

Step_t = tuple[Any, ...]


def _after_warp(s: GameState, seat: int, owner: int, count: int) -> list[Step_t]:
    return [("vacuum", seat, count)] if owner == seat else []


def _victims(s: GameState, seat: int, count: int) -> Dist:
    """Every way to share `count` losses (fewer if the others have fewer ships) among the
    other players, as (seat, ships) pairs."""
    caps = [(v, s.ships_on_planets(v)) for v in range(s.n) if v != seat]
    total = min(count, sum(c for _, c in caps))
    return Dist(caps, total, total)


def _flat(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(x for p in pairs for x in p)


@register_step
class VacuumStep(SeatStep):
    """("vacuum", seat, count): the Vacuum names who loses how many ships."""

    name, phase, kinds = "vacuum", "response", ("power",)

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, count = st
        choices = _victims(s, seat, count)
        if not s.has_power(seat) or len(choices) == 0 or not choices[0]:
            pop(s)
            return True
        if len(choices) == 1:
            replace(s, *power_step(s, seat, 0, _flat(choices[0]), "vacuum", "vacuum"))
            return True
        return False

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Mapped(_victims(s, st[1], st[2]), lambda d: UsePower(seat, 0, _flat(d)))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, UsePower)
        args = tuple(a.args)
        pairs = tuple(zip(args[0::2], args[1::2]))
        if a.option != 0 or len(args) % 2 or not _victims(s, st[1], st[2]).contains(pairs):
            fail(s, a, f"option 0 with seat,count pairs (seat order) totalling "
                       f"{_victims(s, st[1], st[2]).totals[0][0]}")
        replace(s, *power_step(s, a.seat, 0, args, "vacuum", "vacuum"))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    push(s, *[ships_to_warp(v, k, False) for v, k in zip(args[0::2], args[1::2])])


ALIEN = register(Alien(
    name="vacuum", lamp="yellow", summary="Takes others' ships along to the warp",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic)",
    use=_use, after_warp=_after_warp,
))
