"""Laser: its opponent plays blind; the Laser picks the opponent's encounter card at
random from its hand.

Text followed: rules 004 (classic Laser), in 2008 terms ("Challenge Card" = encounter
card). How it runs, as steps:
1. Right before the cards are chosen (engine.cosmic.powers `before_select`, after the planning
   window), a Laser that is a main player uses its power: mandatory (the text says it
   picks), an automatic use, so a Cosmic Zap stops it and the opponent chooses freely.
2. The opponent says whether it holds an encounter card ("laser_start": `proceed`, a
   recorded has-encounter claim, or `noencounter`, a no-encounter claim: the pick is
   then off, and the planning goes on as without an encounter card).
3. The Laser picks one card of the opponent's hand at random (engine.aliens._pick: a
   `hand_shuffle` chance whose pick no seat controls; the Laser does not see the face,
   the opponent knows it).
4. The opponent answers for that card ("laser_offer"): `accept`, it is an encounter card
   and the opponent must put it face down (engine.cosmic.powers `bind_card`, rule "h:HANDLE":
   any other card is refused at the reveal, and clients are offered only that one); or
   `decline`, it is not: the card is shown to the Laser alone (a `show` chance), the
   opponent's claim that it is no encounter card is recorded for the audit, and the Laser
   picks again among the cards not yet shown.
Choices we made: clients are offered the true answers only. Cards held for another
player (the Demon's possessed cards, the Leech's borrowed ones) are never picked, though
they count for step 2's claim (it covers the whole hand): if only such cards are
encounter cards, every pick is shown to the Laser and the opponent then plays freely. One pick per encounter: a defense
that draws a new hand during planning (it had no encounter card) chooses freely. The
picked card overrides any other rule on the opponent's card (a Visionary's named card,
a Seeker's answer): the opponent is "prevented by another player".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Accept, Action, Decline, NoEncounter, Proceed
from ..choices import Fixed
from ..powers import Alien, bind_card, register
from ..state import Claim, GameState, Knowledge
from ..steps import SeatStep, claim, emit, pop, push, register as register_step, replace
from ..zones import show
from ._pick import pick_random, purpose
from ._util import has, is_main, opponent, set_flag

NAME = "laser"
Step_t = tuple[Any, ...]
SHOWN = "laser_shown:"  # encounter flag: a picked card shown to be no encounter card


def _before(s: GameState, seat: int) -> list[Step_t]:
    e = s.enc
    if e is None or not is_main(s, seat) or has(s, NAME, seat) or e.selected:
        return []
    set_flag(s, NAME, seat)  # once an encounter, zapped or not
    return [("auto_power", seat, 0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    other = opponent(s, seat)
    emit(s, "laser", seat, other)
    push(s, ("laser_start", seat, other))


def _face(s: GameState, kn: Knowledge, h: int) -> int | None:
    return kn.faces.get(h, s.faces.get(h))


@register_step
class LaserStart(SeatStep):
    """("laser_start", laser, opponent): does the opponent hold an encounter card?"""

    name, phase, kinds = "laser_start", "planning", ("proceed", "noencounter")

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[2],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        faces = [_face(s, kn, h) for h in s.hands[seat]]  # the claim covers the whole hand
        if any(f is None for f in faces):
            return Fixed([Proceed(seat), NoEncounter(seat)])
        has_one = any(C.CATALOGUE[f].is_encounter for f in faces if f is not None)
        return Fixed([Proceed(seat) if has_one else NoEncounter(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, laser, other = st
        if isinstance(a, Proceed):
            claim(s, other, "has_encounter")
            replace(s, pick_random(laser, other, 1, NAME))
        else:
            claim(s, other, "no_encounter")
            emit(s, "no_encounter", other)
            pop(s)


def _exclude(s: GameState, holder: int) -> tuple[int, ...]:
    e = s.enc
    return tuple(int(f[len(SHOWN):]) for f in e.flags if f.startswith(SHOWN)) if e else ()


def _picked(s: GameState, laser: int, holder: int, handles: tuple[int, ...]) -> list[Step_t]:
    if not handles:  # every card shown, none an encounter card: its claim was false
        return []
    h = handles[0]
    s.set_hand(holder, s.hands[holder] + (h,))
    return [("deliver", holder, (h,)), ("laser_offer", laser, holder, h)]


purpose(NAME, _exclude, _picked)


@register_step
class LaserOffer(SeatStep):
    """("laser_offer", laser, opponent, handle): the picked card is an encounter card
    (accept: it must be played) or not (decline: shown to the Laser, pick again)."""

    name, phase, kinds = "laser_offer", "planning", ("accept", "decline")

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[2],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        f = _face(s, kn, st[3])
        if f is None:
            return Fixed([Accept(seat), Decline(seat)])
        return Fixed([Accept(seat) if C.CATALOGUE[f].is_encounter else Decline(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, laser, other, h = st
        e = s.enc
        assert e is not None
        if isinstance(a, Accept):
            bind_card(s, other, f"h:{h}")
            emit(s, "laser_pick", laser, other)
            pop(s)
            return
        s.claims = s.claims + (Claim(other, "no_encounter", (h,), s.serial),)
        e.add_flag(f"{SHOWN}{h}")
        emit(s, "laser_miss", laser, other)
        replace(s, *show(s, laser, (h,)), pick_random(laser, other, 1, NAME))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Picks its opponent's encounter card at random",
    roles=("main",), phases=("planning",), mandatory=True, source="rules 004 (classic)",
    use=_use, before_select=_before,
))
