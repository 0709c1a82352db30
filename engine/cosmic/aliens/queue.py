"""Queue: chooses who takes the next turn, giving everyone one turn in each round.

Text followed: rules 004 (classic Queue). Choices we made:
- The round: s.extra["queue"] lists the seats that have had a turn in the round under
  way. At the end of every turn (the `next_turn` hook, while the Queue has its power)
  the seat whose turn ended is added; the next offense must be a seat not yet listed.
  When every seat is listed, a new round begins with any seat (the one who just played
  too). The game's first turn (the first player's) opens the first round.
- With more than one seat left, the Queue chooses (`queue_next` step, `power 0 SEAT`): a
  use, so a Cosmic Zap can cancel it, and then play passes clockwise from the seat whose
  turn ended, as it does without the power (that turn counts in the round like any
  other). There is no passing; choosing the next seat clockwise is allowed. With one seat
  left it simply plays next (no choice, no use).
- Turns taken while the power is lost (too few home colonies) pass clockwise as the text
  says, and are not recorded; the round goes on from what was recorded when the power
  comes back. The Queue may name itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, UsePower
from ..choices import Fixed
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, register as register_step, replace
from ..windows import power_step

Step_t = tuple[Any, ...]

KEY = "queue"


def _left(s: GameState) -> list[int]:
    """Seats still to play this round, clockwise from the current (clockwise) offense."""
    done = s.extra.get(KEY, [])
    start = s.offense
    return [seat for seat in ((start + k) % s.n for k in range(s.n)) if seat not in done]


def _next_turn(s: GameState, seat: int, ended: int) -> list[Step_t]:
    done = sorted(set(s.extra.get(KEY, [])) | {ended})
    if len(done) >= s.n:
        done = []  # everyone has played: a new round
    s.extra[KEY] = done
    left = _left(s)
    if len(left) == 1:
        s.offense = left[0]
        return []
    return [("queue_next", seat)]


def _choices(s: GameState, seat: int) -> list[Action]:
    return [UsePower(seat, 0, (x,)) for x in _left(s)]


@register_step
class QueueNext(SeatStep):
    """The Queue names the next offense among the seats still to play this round."""

    name, phase, kinds = "queue_next", "start_turn", ("power",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return s.has_power(st[1]) and len(_left(s)) > 1

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed(_choices(s, seat))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, UsePower)
        if a not in _choices(s, a.seat):
            fail(s, a, f"name a seat still to play this round: {_left(s)}")
        replace(s, *power_step(s, a.seat, a.option, tuple(a.args), "start_turn", "queue"))


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    if args and args[0] in _left(s):
        s.offense = args[0]
        emit(s, "queue_next", seat, args[0])


ALIEN = register(Alien(
    name="queue", lamp="green", summary="Chooses who plays next, each once a round",
    roles=("any",), phases=("start_turn",), mandatory=True, source="rules 004 (classic)",
    use=_use, next_turn=_next_turn,
))
