"""Doppleganger: holds no hand of its own; as a main player it borrows another player's
hand (never its opponent's) or draws a fresh one, and gives it back (or throws the fresh
one away) when the encounter is over.

Text followed: rules 004 (classic Doppleganger), in 2008 terms. Choices we made:
- Setup: the setup deal skips the Doppleganger (`setup_hand`); it starts with no cards.
  Cards it gains later by ordinary means (rewards, compensation, a deal, a cosmic quake's
  deal) are its own and stay with it.
- Its turn: while its power works it starts its turn, and may have a second encounter,
  without holding an encounter card and without a recorded claim (`supplies_cards`): the
  power brings its cards, so the base rules' new hand at the start of the turn does not
  apply. A Doppleganger whose power is lost follows the base rules: with no encounter
  card it shows its (maybe empty) hand and draws eight, and those cards are its own.
- The haunt: at the launch window (the gate aimed, before invitations), as offense or
  defense, it must use the power once (mandatory; a Cosmic Zap can cancel it): option 0
  takes the whole hand of another player who holds cards, its opponent excepted (cards
  that player only holds for someone else, like the Demon's, stay); option 1 draws eight
  cards from the deck. Taken cards change holder under their own handles and are opened
  to it (`deliver`; the networked source re-masks them first), as the Demon's possession
  does: the lender sees nothing of the Doppleganger's own cards, and nobody else sees
  anything. Zapped, or with its power lost before the launch window, it plays the
  encounter with whatever it holds: an offense without an encounter card ends the
  encounter (base rules), a defense without one draws a new hand (base rules; its own).
- Borrowed cards are marked (extra["doppleganger"]): random takes, gifts in a deal and
  trades leave them alone (`held`), so compensation comes only from its own cards. With
  a drawn hand, that hand is what it plays the encounter with and its own cards are set
  aside (`held`): compensation, gifts and trades come from the drawn cards, and a random
  take's new handles for them are followed (`rehandled`), so what is left of the drawn
  hand is still known, and discarded, when the encounter is over. A defense that has to draw a new hand in planning shows and discards every card
  it holds, borrowed ones too (they are in its hand; their owner loses them), and the
  new hand is its own.
- The end of the encounter (every result, even called off, and whether or not the power
  still works): borrowed cards it still holds go back to their owner (`deliver`); cards
  of the drawn hand it still holds are discarded face up (`reveal_cards`). Cards it
  played (its encounter card, an artifact) are gone as usual: the lender does not get
  them back.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..powers import Alien, discarded, held_for_others, register
from ..state import GameState
from ..steps import Step, emit, pop, push, register as register_step, replace
from ..zones import draw
from ._util import has, is_main, opponent, set_flag

NAME = "doppleganger"
KEY = "doppleganger"  # extra: [seat, lender or -1, [borrowed handles], [drawn handles]]
Step_t = tuple[Any, ...]


def _record(s: GameState) -> tuple[int, int, tuple[int, ...], tuple[int, ...]] | None:
    r = s.extra.get(KEY)
    return (r[0], r[1], tuple(r[2]), tuple(r[3])) if r else None


def _lendable(s: GameState, owner: int) -> tuple[int, ...]:
    keep = held_for_others(s, owner)
    return tuple(h for h in s.hands[owner] if h not in keep)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window != "launch" or not is_main(s, seat) or has(s, NAME, seat):
        return []
    other = opponent(s, seat)
    lenders = [x for x in s.clockwise_from_left(seat) if x != other and _lendable(s, x)]
    return [(0, (x,)) for x in lenders] + [(1, ())]


def _must(s: GameState, seat: int, window: str) -> bool:
    return window == "launch"


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    if option == 1:
        emit(s, "haunt_draw", seat)
        push(s, draw(seat, C.HAND_SIZE), ("dopple_drawn", seat, s.hands[seat]))
        return
    lender = args[0]
    cards = _lendable(s, lender)
    if not cards:
        return
    for h in cards:
        s.own_faces().pop(h, None)  # re-masked for the Doppleganger
    s.set_hand(lender, tuple(h for h in s.hands[lender] if h not in cards))
    s.set_hand(seat, s.hands[seat] + cards)
    s.extra[KEY] = [seat, lender, list(cards), []]
    emit(s, "haunt", seat, lender, len(cards))
    push(s, ("deliver", seat, cards))


@register_step
class DoppleDrawn(Step):
    """("dopple_drawn", seat, hand before): note the cards the haunt drew, to discard what
    is left of them when the encounter ends."""

    name, phase = "dopple_drawn", "launch"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, before = st
        drawn = [h for h in s.hands[seat] if h not in before]
        s.extra[KEY] = [seat, -1, [], drawn]
        pop(s)
        return True


def _held(s: GameState, seat: int, holder: int) -> tuple[int, ...]:
    """What random takes, gifts and trades leave alone in its hand: borrowed cards (the
    lender's); with a drawn hand, its own cards, set aside while it plays that hand."""
    r = _record(s)
    if r is None or r[0] != seat or holder != seat:
        return ()
    if r[1] < 0:
        return tuple(h for h in s.hands[seat] if h not in r[3])
    return tuple(h for h in s.hands[seat] if h in r[2])


def _rehandled(s: GameState, seat: int, holder: int, old: tuple[int, ...],
               kept: tuple[int, ...]) -> None:
    """A random take shuffled cards of its drawn hand under new handles (only those: its
    own are held): what it still holds of them is the drawn hand now."""
    r = _record(s)
    if r is None or r[0] != seat or holder != seat or r[1] >= 0:
        return
    s.extra[KEY] = [seat, -1, [], [h for h in r[3] if h not in old] + list(kept)]


def _cleanup(s: GameState, seat: int) -> list[Step_t]:
    r = _record(s)
    return [("dopple_return",)] if r is not None and r[0] == seat else []


@register_step
class DoppleReturn(Step):
    """The encounter is over: borrowed cards go home, the drawn hand's cards are
    discarded face up."""

    name, phase = "dopple_return", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        r = _record(s)
        if r is None:  # done already (a seat that held the alien twice this encounter)
            pop(s)
            return True
        del s.extra[KEY]
        seat, lender, borrowed, drawn = r
        back = tuple(h for h in s.hands[seat] if h in borrowed)
        gone = tuple(h for h in s.hands[seat] if h in drawn)
        s.set_hand(seat, tuple(h for h in s.hands[seat] if h not in back))
        steps: list[Step_t] = []
        if back:
            for h in back:
                s.own_faces().pop(h, None)
            s.set_hand(lender, s.hands[lender] + back)
            steps.append(("deliver", lender, back))
        if gone:  # turned up where they lie, then discarded (a game won meanwhile keeps them)
            hidden = tuple(h for h in gone if h not in s.faces)
            steps += [("reveal_cards", hidden)] if hidden else []
            steps.append(("dopple_discard", seat, gone))
        emit(s, "unhaunt", seat, lender, len(back), len(gone))
        replace(s, *steps)
        return True


@register_step
class DoppleDiscard(Step):
    """The drawn hand's cards, face up, go to the discard pile: powers may act on them."""

    name, phase = "dopple_discard", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, gone = st
        s.set_hand(seat, tuple(h for h in s.hands[seat] if h not in gone))
        s.discard = s.discard + gone
        replace(s, *discarded(s, seat, gone, "new_hand"))
        return True


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Borrows a hand (or draws one) for each encounter",
    roles=("main",), phases=("launch",), mandatory=True, source="rules 004 (classic)",
    windows=("launch",), options=_options, use=_use, must_use=_must, held=_held,
    rehandled=_rehandled,
    encounter_cleanup=_cleanup, setup_hand=lambda s, seat: False,
    supplies_cards=lambda s, seat: True,
))
