"""Fate: sees the whole destiny deck and arranges it, before the game starts and whenever
the deck is reshuffled.

Text followed: rules 004 (classic Fate), in 2008 terms. Choices we made:
- When: once the first player is known at setup, and right after every reshuffle of the
  destiny deck (before the next card is drawn), through the `destiny_shuffled` hook. An
  alien the seat becomes later (a Reincarnator's draw) sees the deck at the next
  reshuffle. Mandatory, an automatic use (zappable: a zapped Fate neither sees nor
  arranges that deck).
- Seeing: the deck's cards are opened to the Fate's seat alone by a `deliver` chance (in
  networked play every other seat publishes its decryption shares of those cards, with
  proofs; the Fate adds its own privately): the faces never become public. It keeps that
  knowledge until the next reshuffle, which is how it "may look at any time" (cards only
  leave the deck from the top; held cards come back only with a reshuffle).
- Arranging: the "fate_arrange" step asks for the cards from the top down, by handle
  (`power 1 HANDLE`: that card goes next); `pass` leaves the rest in its current order.
  The choices name opaque handles only; nobody but the Fate knows any face of the deck,
  so the public order of handles tells the others nothing (nobody else was ever shown
  these cards: every reshuffle makes new handles). No new card-protocol operation is
  needed: the deck's ciphertexts stay as they are, only the engine's order changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action, Pass, UsePower
from ..choices import Fixed
from ..powers import Alien, register
from ..state import GameState, Knowledge
from ..steps import SeatStep, emit, fail, pop, push, register as register_step, replace

Step_t = tuple[Any, ...]

ARRANGE = 1  # the option number of "this card next"


def _shuffled(s: GameState, seat: int) -> list[Step_t]:
    return [("auto_power", seat, 0, ())] if s.destiny_deck else []


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    deck = s.destiny_deck
    emit(s, "fate_look", seat, len(deck))
    push(s, ("deliver", seat, deck), ("fate_arrange", seat, 0))


def _free(s: GameState, st: Step_t) -> tuple[int, ...]:
    """The cards not placed yet: the deck below the `st[2]` cards placed on top."""
    deck = s.destiny_deck
    return deck[:len(deck) - st[2]]


@register_step
class FateArrange(SeatStep):
    """("fate_arrange", fate, placed): the Fate names the next card from the top, or
    passes to leave the rest as it is."""

    name, phase, kinds = "fate_arrange", "destiny", ("pass", "power")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return len(_free(s, st)) > 1

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        free = _free(s, st)
        return Fixed([Pass(seat), *[UsePower(seat, ARRANGE, (h,)) for h in reversed(free)]])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seat, placed = st
        if isinstance(a, Pass):
            emit(s, "fate_arranged", seat, placed)
            pop(s)
            return
        free = _free(s, st)
        if not (isinstance(a, UsePower) and a.option == ARRANGE and len(a.args) == 1
                and a.args[0] in free):
            fail(s, a, "name the next destiny card: power 1 HANDLE (a card not placed "
                       "yet), or pass")
        assert isinstance(a, UsePower)
        h = a.args[0]
        s.destiny_deck = tuple(x for x in free if x != h) + (h,) + s.destiny_deck[len(free):]
        replace(s, ("fate_arrange", seat, placed + 1))


ALIEN = register(Alien(
    name="fate", lamp="green", summary="Sees and arranges the destiny deck at every shuffle",
    roles=("any",), phases=("setup", "destiny"), mandatory=True, source="rules 004 (classic)",
    use=_use, destiny_shuffled=_shuffled,
))
