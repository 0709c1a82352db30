"""The step machine of worlds: the table of steps, Chance, and the chance steps.

A step is a tuple `(name, *args)` on the state's stack (top last). Its handler says:
- `auto(s, st)`: do what needs no input; True if the stack changed;
- `actors(s, st)`: the seats who must act now (public information only);
- `options(s, st, seat, kn)`: the legal actions of one seat, in a fixed order;
- `accept(s, st, a)`: check an action and carry it out on `s` (a private clone);
- `chance(s, st)`: for a step the card source answers, what it must supply.
A step lists the action kinds it takes; anything else is refused naming phase and step.
Invariant: `accept` raises IllegalAction through `fail`, and `apply` throws the clone
away, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, Delivered, HandShuffled, Revealed, Rolled, Shuffled
from .data import card
from .. import steps as _base
from ..stack import emit, pop, push, replace
from .state import GameState, Knowledge

__all__ = ["Chance", "Step", "SeatStep", "STEPS", "register", "push", "pop", "replace",
           "fail", "emit", "learn", "draw_steps", "SIDES", "take_from_hand", "use_power"]

SIDES = 10  # every die of rules 003 has ten sides
Step_t = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Chance:
    """What the card source (or the dice beacon) must supply for the engine to go on.

    kind: shuffle (deck "cards" or "races"; handles: the new handles, top last; cards: the
          faces going in, sorted; answered by Shuffled) |
          deliver (seat; handles: open these to the seat; Delivered) |
          reveal (handles: make these faces public; Revealed) |
          hand_shuffle (seat: the taker; handles: the victim's old hand; cards: the new
          handles in order, the first one going to the taker; HandShuffled) |
          roll (count dice of `sides` sides, public; Rolled(values), each 1..sides) |
          show (seat: the viewer; handles: cards that stay in someone else's hand; their
          faces open to the viewer alone, nothing moves, nobody else learns anything;
          Delivered: the Spies looking at a hand, as cosmic's `show`) |
          unseen_add (seat; count; carry = (world,): add to the seat's secret page;
          Delivered) | unseen_open (seat; carry = (world,): open the page there;
          Revealed(((world, count),))) -- engine.worlds.unseen.
    """

    kind: str
    seat: int = -1
    handles: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    deck: str = ""
    carry: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    count: int = 0
    sides: int = 0


class Step(_base.Step[GameState, Action]):
    """A step's handler in the map game (engine.steps.Step, with its types)."""

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return []

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return None


class SeatStep(Step, _base.SeatStep[GameState, Action]):
    """A decision of the seat in `st[1]`; goes away unasked when `needed` says so."""


STEPS: dict[str, Step] = {}
register = _base.registrar(STEPS)


def fail(s: GameState, a: Action | None, reason: str) -> None:
    """Refuse `a` at the step on top of s's stack, naming its phase and the reason."""
    st = s.step()
    _base.refuse(STEPS.get(st[0]), st, a, reason)


def use_power(s: GameState, a: Action, seat: int, race: int, args: Sequence[int],
              steps: list[Step_t] | None) -> None:
    """A race power used at a step: its steps (None: not usable so now, refused), an event
    naming it, then the steps on the stack."""
    if steps is None:
        fail(s, a, "that race power cannot be used so now")
        return
    emit(s, "power", seat, race, list(args))
    push(s, *steps)


def learn(s: GameState, a: Action, handle: int, face: int) -> None:
    """Make a card handle's face public; it must be a card and agree with what is known."""
    try:
        card(face)
    except KeyError:
        fail(s, a, f"card {face} does not exist")
    known = s.faces.get(handle)
    if known is not None and known != face:
        fail(s, a, f"handle {handle} is known to be card {known}")
    s.faces[handle] = face


def take_from_hand(s: GameState, a: Action | None, seat: int, handles: Sequence[int]) -> None:
    hand = list(s.hands[seat])
    for h in handles:
        if h not in hand:
            fail(s, a, f"card {h} is not in seat {seat}'s hand")
        hand.remove(h)
    s.set_hand(seat, tuple(hand))


def draw_steps(seat: int, count: int) -> list[Step_t]:
    return [("draw", seat, count)] if count > 0 else []


# -- chance steps ------------------------------------------------------------------------


@register
class ShuffleStep(Step):
    """("shuffle", deck, handles, faces): the card source shuffles `faces` (sorted) under
    `handles`, which become the deck ("cards") or the race pile ("races"), top last."""

    name = "shuffle"
    phase = "setup"
    kinds = ("shuffled",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("shuffle", handles=st[2], cards=st[3], deck=st[1])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Shuffled):
            fail(s, a, "expected shuffled")
        if st[1] == "cards":
            s.deck = tuple(st[2]) + s.deck
        else:
            s.race_pile = tuple(st[2]) + s.race_pile
        pop(s)


@register
class DeliverStep(Step):
    """("deliver", seat, handles): open these handles to their holder."""

    name = "deliver"
    phase = "cards"
    kinds = ("delivered",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("deliver", seat=st[1], handles=st[2])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Delivered):
            fail(s, a, "expected delivered")
        pop(s)


@register
class RevealStep(Step):
    """("reveal", handles): the faces of these handles become public."""

    name = "reveal"
    phase = "cards"
    kinds = ("revealed",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("reveal", handles=st[1])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Revealed):
            fail(s, a, "expected revealed")
            return
        if tuple(h for h, _ in a.cards) != tuple(st[1]):
            fail(s, a, f"expected the faces of handles {list(st[1])}")
        for h, f in a.cards:
            known = s.faces.get(h)
            if known is not None and known != f:
                fail(s, a, f"handle {h} is known to be {known}")
            s.faces[h] = f
        pop(s)


@register
class HandShuffleStep(Step):
    """("hand_shuffle", taker, victim, new_handles): the victim's hand is shuffled under
    new handles; the first goes to the taker (a random card taken from a hand)."""

    name = "hand_shuffle"
    phase = "cards"
    kinds = ("handshuffled",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("hand_shuffle", seat=st[1], handles=s.hands[st[2]], cards=st[3])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, HandShuffled):
            fail(s, a, "expected handshuffled")
        taker, victim, new = st[1], st[2], st[3]
        s.set_hand(victim, tuple(new[1:]))
        s.set_hand(taker, s.hands[taker] + (new[0],))
        emit(s, "card_taken", taker, victim)
        replace(s, ("deliver", victim, tuple(new[1:])), ("deliver", taker, (new[0],)))


@register
class Steal(Step):
    """("steal", taker, victim): take a random card of the victim's hand (nothing if it is
    empty): a hand_shuffle under new handles, the first one to the taker."""

    name = "steal"
    phase = "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        hand = s.hands[st[2]]
        if hand:
            replace(s, ("hand_shuffle", st[1], st[2], s.new_handles(len(hand))))
        else:
            pop(s)
        return True


@register
class Give(Step):
    """("give", giver, taker, handle): a card passes face down from one hand to another;
    the taker alone learns its face (a `deliver`). Nothing if the giver no longer holds it."""

    name = "give"
    phase = "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        giver, taker, h = st[1], st[2], st[3]
        if h not in s.hands[giver]:
            pop(s)
            return True
        s.set_hand(giver, tuple(x for x in s.hands[giver] if x != h))
        s.set_hand(taker, s.hands[taker] + (h,))
        emit(s, "card_given", giver, taker)
        replace(s, ("deliver", taker, (h,)))
        return True


@register
class RollStep(Step):
    """("roll", count, then, *args): roll `count` ten-sided dice in public; the step is
    replaced by (then, *args, values)."""

    name = "roll"
    phase = "setup"
    kinds = ("rolled",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("roll", count=st[1], sides=SIDES)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Rolled):
            fail(s, a, "expected rolled")
            return
        if len(a.values) != st[1] or any(not 1 <= v <= SIDES for v in a.values):
            fail(s, a, f"expected {st[1]} values of 1..{SIDES}")
        emit(s, "rolled", st[2], list(a.values))
        replace(s, (st[2],) + tuple(st[3:]) + (tuple(a.values),))


@register
class DrawStep(Step):
    """("draw", seat, count): deal cards from the top of the deck to a hand; when the
    deck runs out, the discard pile is shuffled into a new deck (rules 003 say nothing:
    docs/worlds-rules.md, choice 9); with both empty the draw ends short."""

    name = "draw"
    phase = "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat, count = st[1], st[2]
        k = min(count, len(s.deck))
        got = s.deck[len(s.deck) - k:][::-1]
        s.deck = s.deck[:len(s.deck) - k]
        s.set_hand(seat, s.hands[seat] + got)
        rest: list[Step_t] = []
        if count > k and s.discard:
            faces = tuple(sorted(s.faces[h] for h in s.discard))
            for h in s.discard:
                del s.faces[h]
            s.discard = ()
            rest = [("shuffle", "cards", s.new_handles(len(faces)), faces),
                    ("draw", seat, count - k)]
        if got:
            emit(s, "drew", seat, len(got))
        replace(s, *(([("deliver", seat, got)] if got else []) + rest))
        return True


@register
class ShowStep(Step):
    """("show", viewer, handles): the faces of these cards, which stay in their holder's
    hand, open to the viewer alone (a race looking at a hand)."""

    name = "show"
    phase = "cards"
    kinds = ("delivered",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("show", seat=st[1], handles=st[2])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Delivered):
            fail(s, a, "expected delivered")
        emit(s, "shown", st[1], len(st[2]))
        pop(s)


@register
class ShowHand(Step):
    """("show_hand", viewer, holder): the holder's whole hand, as it is when this step
    runs, is shown to the viewer (nothing to show: the step goes)."""

    name = "show_hand"
    phase = "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        hand = s.hands[st[2]]
        if hand:
            replace(s, ("show", st[1], hand))
        else:
            pop(s)
        return True
