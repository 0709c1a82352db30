"""Collector: whenever it draws from the deck, it goes on drawing until its hand holds an
attack card, a negotiate card and an artifact.

Text followed: rules 004 (classic), in 2008 terms ("Compromise" = negotiate, "Edict" =
artifact). Choices:
- A standing rule, not a use: it follows every draw of the Collector from the deck (the
  deal at the start of the game included; new hands, rewards, a power's draws), through
  the `after_draw` hook, once the cards are in its hand. Since it is no use, there is
  nothing for a Cosmic Zap to answer; it does nothing while the power is lost (too few
  home colonies) or zapped for the encounter.
- The engine cannot see the hand, so the Collector says ("collect" step) whether it holds
  the three: `pass` (it does: a recorded claim "has_all:attack,negotiate,artifact") or
  `power 0` (it lacks one: a claim "lacks_any:...", and it draws one more card, after
  which the step comes again). The claims say no more than the table sees in play
  (whether it goes on drawing), and the end-of-game audit checks both. A client that
  knows its hand is offered only the true answer.
- Cards held for someone else (the Demon's) do not count.
- Draws always end (docs/rules.md): the Collector draws one more card only while the deck
  or the discard pile has a card (a reshuffle is fine), never into a cosmic quake; every
  card it draws leaves those two piles, so the search ends at the latest when it holds
  all of them. The step then ends without a claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Action, Pass, UsePower
from ..choices import Fixed
from ..powers import Alien, held_for_others, register
from ..state import Claim, GameState, Knowledge
from ..steps import SeatStep, emit, fail, pop, register as register_step, replace
from ..zones import draw

NAME = "collector"
WANTED = ("attack", "negotiate", "artifact")
HAS_ALL = "has_all:" + ",".join(WANTED)
LACKS_ANY = "lacks_any:" + ",".join(WANTED)
Step_t = tuple[Any, ...]


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _after_draw(s: GameState, seat: int, drawer: int) -> list[Step_t]:
    return [("collect", seat)] if seat == drawer else []


def _complete(s: GameState, seat: int, kn: Knowledge) -> bool | None:
    """Does the hand hold a card of each wanted kind? None if a face is unknown."""
    kinds = set()
    for h in _own(s, seat):
        face = kn.faces.get(h, s.faces.get(h))
        if face is None:
            return None
        kinds.add(C.CATALOGUE[face].kind)
    return all(k in kinds for k in WANTED)


@register_step
class Collect(SeatStep):
    """The Collector holds the three kinds (pass) or draws one more card (power 0)."""

    name, phase, kinds = "collect", "cards", ("pass", "power")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return s.has_power(st[1]) and bool(s.deck or s.discard)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        done = _complete(s, seat, kn)
        out: list[Action] = []
        if done is None or done:
            out.append(Pass(seat))
        if not done:
            out.append(UsePower(seat, 0, ()))
        return Fixed(out)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        seat = st[1]
        if isinstance(a, UsePower) and (a.option, tuple(a.args)) != (0, ()):
            fail(s, a, "power 0 draws one more card; pass says the hand is complete")
        kind = HAS_ALL if isinstance(a, Pass) else LACKS_ANY
        s.claims = s.claims + (Claim(seat, kind, _own(s, seat), s.serial),)
        if isinstance(a, Pass):
            pop(s)
            return
        emit(s, "collect", seat)
        replace(s, draw(seat, 1))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Draws on until it holds an attack, negotiate and artifact",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic)",
    after_draw=_after_draw,
))
