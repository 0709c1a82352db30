"""Rot: whenever it discards cards, other players lose as many cards at random, to
players of its choice.

Text followed: rules 004 (classic Rot), in 2008 terms. Choices we made:
- Its discards: every card of its own it puts face up on the discard pile (engine.cosmic.powers
  `discarded`: a played artifact or flare, a new hand, the Plague's, the Hate's and
  other powers' discards), and the encounter card it revealed, once the encounter's
  cards go to the discard pile (`encounter_end`: that card counts if it is on the pile,
  not if a power kept it). Reinforcements it played stay on the table with the
  encounter's cards and are not counted (the table does not record who played them).
  A cosmic quake's discards are nobody's choice and are not counted.
- Mandatory: an automatic use (so a Cosmic Zap stops the whole taking along) with the
  number of cards. Then the Rot names the players one card at a time ("rot" step,
  `power 1 SEAT`, any other seat holding a card of its own): as many as it likes from
  each. With no other seat holding a card, the rest is lost. A main player whose
  encounter card lies face down (chosen, not yet revealed) cannot be named meanwhile:
  that card is still among its hand's handles here, committed to, and a random pick
  re-masks the whole hand.
- Each card lost is picked at random from that player's hand (engine.aliens._pick: a
  `hand_shuffle` whose pick no seat controls, the Rot not seeing it) and goes face up to
  the discard pile (a `reveal_cards` chance): a discard like any other (a Vulch collects
  an artifact). The log's event ("rot_discard", victim, count, faces) comes once the
  cards are face up, so it names them. Cards held for another player (the Demon's) are never picked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, UsePower
from ..choices import Fixed
from ..powers import Alien, discarded, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, pop, push, register as register_step, replace
from ._pick import candidates, pick_random, purpose
from ._util import side_of

NAME = "rot"
Step_t = tuple[Any, ...]


def _discarded(s: GameState, seat: int, by: int, handles: tuple[int, ...],
               why: str) -> list[Step_t]:
    if by != seat or not handles or why == "rot":
        return []
    return [("auto_power", seat, 0, (len(handles),))]


def _encounter_end(s: GameState, seat: int) -> list[Step_t]:
    """Its revealed encounter card went to the discard pile with the encounter's cards."""
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None or seat not in (e.offense, e.defense):
        return []
    side = (0 if seat == e.offense else 1) ^ e.has_flag("switched")
    h = e.cards[side]
    return [("auto_power", seat, 0, (1,))] if h >= 0 and h in s.discard else []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    emit(s, "rot", seat, args[0])
    push(s, ("rot", seat, args[0]))


def _card_down(s: GameState, seat: int) -> bool:
    """Has this main player chosen its encounter card, not yet revealed? (Its card is
    still among the hand's handles, committed to: a random pick would re-mask it.)"""
    e = s.enc
    if e is None or seat not in e.selected:
        return False
    side = (0 if seat == e.offense else 1) ^ e.has_flag("switched")
    return e.cards[side] < 0


def _victims(s: GameState, seat: int) -> list[int]:
    return [x for x in s.clockwise_from_left(seat)
            if candidates(s, x, NAME) and not _card_down(s, x)]


@register_step
class RotStep(SeatStep):
    """("rot", rot, count): the Rot names whose card goes next (count left)."""

    name, phase, kinds = "rot", "cards", ("power",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return st[2] > 0 and bool(_victims(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([UsePower(seat, 1, (x,)) for x in _victims(s, seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, UsePower)
        _, rot, count = st
        if a.option != 1 or len(a.args) != 1 or a.args[0] not in _victims(s, rot):
            fail(s, a, "name another player holding a card: power 1 <seat>")
        replace(s, pick_random(rot, a.args[0], 1, NAME), ("rot", rot, count - 1))


def _spoiled(s: GameState, rot: int, victim: int, handles: tuple[int, ...]) -> list[Step_t]:
    if not handles:
        return []
    s.discard = s.discard + handles
    return [("reveal_cards", handles), ("rot_discarded", victim, handles)]


purpose(NAME, lambda s, holder: (), _spoiled)


@register_step
class RotDiscarded(SeatStep):
    """The cards are face up on the pile: powers that follow discards act (the Vulch)."""

    name, phase = "rot_discarded", "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, victim, handles = st
        # Face up now: the log names the cards for everyone (their faces are public).
        emit(s, "rot_discard", victim, len(handles),
             tuple(s.faces[h] for h in handles if h in s.faces))
        pop(s)
        push(s, *discarded(s, victim, tuple(handles), "rot"))
        return True


ALIEN = register(Alien(
    name=NAME, lamp="red", summary="Others lose as many random cards as it discards",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic)",
    use=_use, discarded=_discarded, encounter_end=_encounter_end,
))
