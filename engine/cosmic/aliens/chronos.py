"""Chronos: once both encounter cards are revealed, it may undo the outcome: it takes its
own card back, its opponent's card goes aside, and both choose cards again; the second
outcome is final.

Text followed: rules 004 (classic Chronos), in 2008 terms. Choices:
- When: as a main player, at the reveal window (both cards face up, before the outcome);
  optional; once an encounter (the replay is final). A use, so a Cosmic Zap cancels it
  and the first outcome stands. As an ally or bystander it offers nothing.
- The Chronos's card goes back to its hand (its face stays public: everyone saw it).
- The opponent's card leaves the table and is set aside (engine.cosmic.powers `set_aside`, a zone
  of its own) under its own handle; it goes back to the opponent's hand when the
  encounter ends, whatever happens. The opponent may instead show that the card was its
  last encounter card (`noencounter`: a recorded claim, audited at the end, and the rest
  of its hand is shown to the Chronos alone through the `show` chance): the card then
  goes straight back to its hand. Either way it decides (`proceed` leaves the card aside,
  even if it was the last: then it has no encounter card for the replay, and the usual
  rules apply: a defense draws a new hand, an offense's encounter ends).
- Not offered when a card on the table was never turned up (the Gambler's believed
  statement: that card is already at the bottom of the deck), so both cards can be
  picked up.
- The replay starts at the choice of cards (engine.cosmic.flow `replay_from_planning`): both
  choose again from their hands. What was played after the first choice (reinforcements,
  a power's effect on the cards such as the Calculator's) stays played and in force; a
  card stated without being shown (the Gambler) or swapped is forgotten with the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Action, NoEncounter, Proceed
from ..choices import Fixed
from ..powers import ASIDE, Alien, register, set_aside
from ..state import GameState, Knowledge
from ..steps import SeatStep, claim, emit, pop, push, register as register_step
from ..zones import show
from ._util import has, is_main, opponent, set_flag

Step_t = tuple[Any, ...]

NAME = "chronos"


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window != "reveal" or e is None or not is_main(s, seat) or min(e.cards) < 0
            or e.result or has(s, NAME, seat) or not set(e.cards) <= set(e.played)):
        return []
    return [(0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if (e is None or not is_main(s, seat) or min(e.cards) < 0 or e.result
            or not set(e.cards) <= set(e.played)):
        return
    from ..flow import replay_from_planning  # the flow owns the order of its steps
    set_flag(s, NAME, seat)
    side = 0 if seat == e.offense else 1
    if e.has_flag("switched"):  # each revealed the card now on the other side
        side = 1 - side
    mine, theirs = e.cards[side], e.cards[1 - side]
    other = opponent(s, seat)
    e.played = tuple(h for h in e.played if h not in (mine, theirs))
    s.set_hand(seat, s.hands[seat] + (mine,))
    set_aside(s, other, theirs)
    emit(s, "chronos", seat, other)
    replay_from_planning(s)
    push(s, ("chronos_aside", other, theirs, seat))


def _holds_encounter(s: GameState, seat: int, kn: Knowledge) -> bool | None:
    faces = [kn.faces.get(h, s.faces.get(h)) for h in s.hands[seat]]
    if any(f is None for f in faces):
        return None
    return any(C.CATALOGUE[f].is_encounter for f in faces if f is not None)


@register_step
class ChronosAside(SeatStep):
    """The Chronos's opponent leaves its card aside (proceed) or shows that it was its
    last encounter card and takes it back (noencounter). ("chronos_aside", seat, handle,
    chronos)."""

    name, phase, kinds = "chronos_aside", "reveal", ("proceed", "noencounter")

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        has_one = _holds_encounter(s, seat, kn)
        return Fixed([Proceed(seat)] + ([NoEncounter(seat)] if has_one is False else []))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seat, handle, chronos = st
        pop(s)
        if isinstance(a, Proceed):
            emit(s, "set_aside", seat)
            return
        claim(s, seat, "no_encounter")  # audited: nothing else in its hand could be played
        s.extra[ASIDE] = [k for k in s.extra.get(ASIDE, ()) if k[1] != handle]
        if not s.extra[ASIDE]:
            del s.extra[ASIDE]
        emit(s, "last_card", seat)
        push(s, *show(s, chronos, s.hands[seat]))
        s.set_hand(seat, s.hands[seat] + (handle,))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Undoes the revealed cards; both choose again",
    roles=("main",), phases=("reveal",), mandatory=False, source="rules 004 (classic)",
    windows=("reveal",), options=_options, use=_use,
))
