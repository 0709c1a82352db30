"""Aliens drawn at random: the basic game's deal at setup, and powers that draw a new alien
(the Reincarnator).

A draw is a chance step the card source answers, never a choice the engine makes:
("new_alien", seat, names) asks for one of `names` (sorted, so every node lists the same
candidates) and takes a `NewAlien` fact carrying an index. The local source draws it from
its seed; networked play answers it from the public beacon. In the basic game every alien
is dealt before anyone acts, so nobody sees another's alien before the game begins (rules
001, Setup: each player receives one alien at random).

`Config.aliens` entries equal to DEAL_AT_RANDOM ("?") are dealt this way, one seat after
another, each from the registered aliens nobody holds yet. Entries equal to CHOOSE are
dealt two aliens face down and keep one (engine.flares.choice_steps), before the random
deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import SOURCE, Action, KeepAlien, NewAlien
from .choices import Fixed
from .powers import ALIENS, RESERVED, reserve
from .state import GameState, Knowledge
from .steps import Chance, SeatStep, Step, emit, fail, pop, register, replace

Step_t = tuple[Any, ...]

__all__ = ["CHOOSE", "DEAL_AT_RANDOM", "deal_steps", "new_alien", "set_alien", "unheld",
           "redeal_steps", "REMOVED", "rotate_steps", "rotation_choice", "reserve_alien"]

DEAL_AT_RANDOM = "?"
REMOVED = "removed_aliens"  # extra: aliens out of the game for good (left over by a redeal)
CHOOSE = "choose"  # dealt two aliens (as flares), keeps one: rules 000, Setup step 4


def deal_steps(s: GameState) -> list[Step_t]:
    """The setup steps that deal an alien to every seat configured with "?"."""
    if s.config.hidden_powers:  # dealt face down with the choices (engine.hidden)
        return []
    return [("deal_alien", seat) for seat in range(s.n) if s.aliens[seat] == DEAL_AT_RANDOM]


def new_alien(seat: int, names: Sequence[str], phase: str = "resolution") -> Step_t:
    """A chance step: `seat` becomes one of `names`, drawn by the card source."""
    return ("new_alien", seat, tuple(sorted(names)), phase)


def unheld(s: GameState, exclude: Sequence[str] = ()) -> list[str]:
    """Registered aliens no seat holds (nor keeps beneath its alien), minus `exclude`."""
    from .powers import kept_powers
    held = set(s.aliens) | {k for seat in range(s.n) for k in kept_powers(s, seat)}
    held |= set(s.extra.get(REMOVED, ()))
    held |= {name for _, name in s.extra.get(RESERVED, ())}  # a sheet's reserve (Pentaform)
    return [a for a in sorted(ALIENS) if a not in held and a not in exclude]


def set_alien(s: GameState, seat: int, name: str) -> None:
    """Give `seat` this alien (the aliens tuple is shared between states: replace it)."""
    aliens = list(s.aliens)
    aliens[seat] = name
    s.aliens = tuple(aliens)
    emit(s, "alien", seat, name)


@register
class DealAlien(Step):
    """Setup: pick the candidates when the seat's turn to be dealt comes."""

    name, phase = "deal_alien", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        names = unheld(s)
        if names:
            replace(s, new_alien(st[1], names, "setup"))
        else:  # more seats than aliens: this one plays without
            pop(s)
            set_alien(s, st[1], "")
        return True


@register
class NewAlienStep(Step):
    name, kinds = "new_alien", ("newalien",)

    def phase_of(self, st: Step_t) -> str:
        return str(st[3])

    def auto(self, s: GameState, st: Step_t) -> bool:
        if not st[2]:  # nothing to draw from
            pop(s)
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (SOURCE,)

    def chance(self, s: GameState, st: Step_t) -> Chance:
        return Chance("new_alien", st[1], names=st[2])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, NewAlien)
        names = st[2]
        if not 0 <= a.index < len(names):
            fail(s, a, f"choose an index below {len(names)}")
        pop(s)
        self._drawn(s, st, names[a.index])

    def _drawn(self, s: GameState, st: Step_t, name: str) -> None:
        """What the drawn alien does: the seat becomes it."""
        set_alien(s, st[1], name)


def redeal_steps(seats: Sequence[int], pool: Sequence[str], phase: str) -> list[Step_t]:
    """Deal each of `seats` (in this order, each now without an alien) one alien at random
    from `pool`, one `new_alien` chance after another, each from what is left; what is
    left at the end is out of the game (`REMOVED`: never drawn again). The Anarchy."""
    return [("redeal", tuple(seats), tuple(sorted(pool)), phase)]


@register
class Redeal(Step):
    """One seat of a redeal: draw its alien from the pool, then go on with the rest."""

    name = "redeal"

    def phase_of(self, st: Step_t) -> str:
        return str(st[3])

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seats, pool, phase = st
        if not seats or not pool:
            removed = sorted(set(s.extra.get(REMOVED, ())) | set(pool))
            if removed:
                s.extra[REMOVED] = removed
            pop(s)
            return True
        replace(s, new_alien(seats[0], pool, phase), ("redeal_next", seats, pool, phase))
        return True


@register
class RedealNext(Step):
    """The seat was dealt: take its alien out of the pool."""

    name = "redeal_next"

    def phase_of(self, st: Step_t) -> str:
        return str(st[3])

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seats, pool, phase = st
        got = s.aliens[seats[0]]
        replace(s, ("redeal", seats[1:], tuple(p for p in pool if p != got), phase))
        return True


# -- rotating powers (rules 000, Rotating Powers) ----------------------------------------------


def rotate_steps(s: GameState, seat: int) -> list[Step_t]:
    """At the start of its turn the offense draws a new alien (public, from the aliens
    nobody holds, by the card source) and keeps either it or the old one; the other is out
    of the game (`REMOVED`). Only under the rotating_powers variant; under hidden powers
    the new one is dealt face down instead (engine.hidden `rotate_deal`)."""
    if not s.config.rotating_powers:
        return []
    return [("rotate_deal" if s.config.hidden_powers else "rotate", seat)]


def rotation_choice(s: GameState, seat: int) -> tuple[str, ...]:
    """(old alien, new alien) while `seat` chooses which to keep; () otherwise."""
    st = s.step()
    if st[0] == "rotate_keep" and st[1] == seat:
        return (str(st[2]), s.aliens[seat])
    return ()


@register
class Rotate(Step):
    name, phase = "rotate", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        names = unheld(s)
        if names:
            replace(s, new_alien(seat, names, "start_turn"), ("rotate_keep", seat, s.aliens[seat]))
        else:
            pop(s)
        return True


@register
class RotateKeep(SeatStep):
    """("rotate_keep", seat, old): `seat` holds the new alien; it keeps it (1) or goes back
    to the old one (0). With no old alien the new one is kept without asking."""

    name, phase, kinds = "rotate_keep", "start_turn", ("keep",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(st[2])

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Fixed[Action]:
        return Fixed([KeepAlien(seat, 0), KeepAlien(seat, 1)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, KeepAlien)
        _, seat, old = st
        if a.index not in (0, 1):
            fail(s, a, "keep 0 (the alien you had) or 1 (the one just drawn)")
        new = s.aliens[seat]
        out = new if a.index == 0 else old
        if a.index == 0:
            set_alien(s, seat, old)
        s.extra[REMOVED] = sorted(set(s.extra.get(REMOVED, ())) | {out})
        emit(s, "rotated", seat, s.aliens[seat], out)
        pop(s)
def reserve_alien(seat: int, sheet: str, names: Sequence[str], phase: str) -> Step_t:
    """A chance step: the sheet `sheet` (held by `seat`) draws one of `names` into its
    reserve (engine.cosmic.powers `reserve`), drawn by the card source like any alien (the same
    public `new_alien` chance). The Pentaform's stack, the Xenomorph's next power."""
    return ("reserve_alien", seat, tuple(sorted(names)), phase, sheet)


@register
class ReserveAlien(NewAlienStep):
    """("reserve_alien", seat, names, phase, sheet): the same public draw, into the
    sheet's reserve instead of the seat's sheet."""

    name = "reserve_alien"

    def _drawn(self, s: GameState, st: Step_t, name: str) -> None:
        seat, sheet = st[1], st[4]
        reserve(s, sheet, name)
        emit(s, "reserved", seat, sheet, name)
