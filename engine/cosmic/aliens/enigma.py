"""Enigma: once both encounter cards are down, collects one card at random from players
of its choice, mixes them with its opponent's face-down card, and hands them back at
random; the opponent plays the card it gets.

Text followed: rules 004 (classic Enigma), in 2008 terms. Choices we made:
- Main player only, optional, once per encounter, at the "selected" window (both cards
  chosen, none of the opponent's revealed yet: not once an Oracle made it show its card).
  `power 0 SEAT...` names one or more players other than itself and its opponent who
  hold cards (cards held for someone else, like the Demon's, are left out). A use: a
  Cosmic Zap stops it and nothing moves. Its own card is never mixed.
- The steps, all through chance steps of the card source, so that no seat controls the
  mix or sees a card it may not:
  1. the opponent hands over its face-down card (`enigma_give`: a Give naming it; a
     recorded claim that it is an encounter card, checked by the end-of-game audit, as
     the Gambler's kept card is; the Select commitment itself is audited as always);
  2. from each named player one card is taken at random (`hand_shuffle`, the random take
     of compensation, without a `deliver`: nobody learns the taken card's face but its
     owner, who knew it);
  3. the collected cards lie aside (engine.cosmic.powers `set_aside`, a zone of their own) and are
     shuffled together by every seat (a `shuffle` chance carrying the hidden cards under
     new handles: no seat knows or controls the order);
  4. the first goes to the opponent, the next to each named player in turn (in the order
     named, clockwise from the Enigma's left), each opened to its new holder alone
     (`deliver`).
- "A card at random": the take is from the whole hand, so the card may be any card, not
  only an encounter card (the Enigma cannot choose among cards it cannot see). The
  opponent then looks at the card it got (`enigma_play`): if it is an encounter card it
  says so (Proceed, a recorded claim) and must put that very card face down again and
  reveal it (engine.cosmic.powers `must_reveal`; a new Select, so a new commitment in networked
  play); if not, it says so (NoEncounter, a recorded claim; the card stays in its hand
  unseen) and chooses its encounter card again from its hand as in planning (the base
  rules apply if it holds none: an offense's encounter ends, a defense draws a new hand).
- A face-down card the opponent only held for someone else (a Demon's possessed card, a
  Doppleganger's borrowed one) goes into the mix like any other; its lender loses it.
- Everyone keeps the number of cards it had; contributors get whatever card the mix gives
  them (maybe the opponent's old card, maybe their own back).
- Limitation: the engine cannot see which card the opponent committed to, so it cannot
  check that the card handed over in step 1 is that one (as for the Gambler); the claim
  proves it was an encounter card.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ..actions import Action, Give, NoEncounter, Proceed
from ..choices import Fixed
from ..powers import Alien, held_for_others, must_reveal, register, set_aside
from ..state import Claim, GameState, Knowledge
from ..steps import (
    SeatStep, Step, claim, emit, pop, push, register as register_step, replace, face_down_gift,
    hand_over_face_down,
)
from ._util import both_chosen, has, is_main, opponent, set_flag

NAME = "enigma"
POOL = "enigma"  # extra: [[owner, handle], ...] the cards aside for the mix under way
Step_t = tuple[Any, ...]


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _pool(s: GameState, owner: int, h: int) -> None:
    """Put `owner`'s card `h` aside into the mix (POOL remembers which cards are in it)."""
    set_aside(s, owner, h)
    s.extra[POOL] = [*s.extra.get(POOL, []), [owner, h]]


def _opponent_card_down(s: GameState, seat: int) -> bool:
    e = s.enc
    assert e is not None
    opp = opponent(s, seat)
    side = 0 if opp == e.offense else 1
    if e.has_flag("switched"):
        side = 1 - side
    return e.cards[side] < 0 and not any(f.startswith(f"stated:{side}:") for f in e.flags)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if (window != "selected" or not is_main(s, seat) or has(s, NAME, seat)
            or not both_chosen(s, seat) or not _opponent_card_down(s, seat)):
        return []
    opp = opponent(s, seat)
    others = [x for x in s.clockwise_from_left(seat) if x != opp and _own(s, x)]
    return [(0, group) for k in range(1, len(others) + 1) for group in combinations(others, k)]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    opp = opponent(s, seat)
    emit(s, "enigma", seat, opp, tuple(args))
    push(s, ("enigma_give", seat, opp), *[("enigma_take", seat, x) for x in args],
         ("enigma_mix", seat, opp, tuple(args)))


@register_step
class EnigmaGive(SeatStep):
    """("enigma_give", enigma, opponent): the opponent hands over its face-down card."""

    name, phase, kinds = "enigma_give", "planning", ("give",)
    hands_over_face_down = True

    def needed(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        return e is not None and st[2] in e.selected and bool(s.hands[st[2]])

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[2],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed(face_down_gift(s, seat, kn))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Give)
        e = s.enc
        assert e is not None
        opp = st[2]
        h = hand_over_face_down(s, a, opp)
        # The card itself was an encounter card: a claim the end-of-game audit checks.
        s.claims = s.claims + (Claim(opp, "has_encounter", (h,), s.serial),)
        e.selected = tuple(x for x in e.selected if x != opp)
        e.selected_at = tuple(x for x in e.selected_at if x[0] != opp)
        _pool(s, opp, h)
        emit(s, "enigma_give", opp)
        pop(s)


@register_step
class EnigmaTake(Step):
    """("enigma_take", enigma, giver): one card at random from the giver's hand goes aside,
    its face unseen (the random take of compensation, without the delivery)."""

    name, phase = "enigma_take", "planning"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, enigma, giver = st
        keep = held_for_others(s, giver)
        old = tuple(h for h in s.hands[giver] if h not in keep)
        if not old:
            pop(s)
            return True
        for h in old:
            s.own_faces().pop(h, None)  # re-masked: the new handles are not public
        new = s.new_handles(len(old))
        s.set_hand(giver, tuple(h for h in s.hands[giver] if h in keep) + new[1:])
        # The card source finds the taker (who picks the position) by the first new handle
        # in its hand: the Enigma picks, then the card goes aside unopened.
        s.set_hand(enigma, s.hands[enigma] + new[:1])
        emit(s, "enigma_take", giver)
        replace(s, ("hand_shuffle", giver, old, new), ("enigma_aside", enigma, giver, new[0]))
        return True


@register_step
class EnigmaAside(Step):
    """The picked card leaves the Enigma's hand, never opened to it, and lies aside."""

    name, phase = "enigma_aside", "planning"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, enigma, giver, h = st
        s.set_hand(enigma, tuple(x for x in s.hands[enigma] if x != h))
        _pool(s, giver, h)
        pop(s)
        return True


@register_step
class EnigmaMix(Step):
    """("enigma_mix", enigma, opponent, givers): the cards aside are shuffled by every
    seat under new handles, then dealt: the first to the opponent, one to each giver."""

    name, phase = "enigma_mix", "planning"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, enigma, opp, givers = st
        entries = [(k, h) for k, h in s.extra.pop(POOL, ())]
        rest = [list(k) for k in s.extra.get("aside", ()) if tuple(k) not in entries]
        if rest:
            s.extra["aside"] = rest
        else:
            s.extra.pop("aside", None)
        if not entries:
            pop(s)
            return True
        # One card back to each seat that put one in (the opponent's came first).
        holders = tuple(k for k, _ in entries)
        pool = tuple(h for _, h in entries)
        new = s.new_handles(len(pool))
        for seat, h in zip(holders, new):
            s.set_hand(seat, s.hands[seat] + (h,))
        emit(s, "enigma_mix", len(pool))
        replace(s, ("shuffle", "enigma", (), new, pool),
                *[("deliver", seat, (h,)) for seat, h in zip(holders, new)],
                *([("enigma_play", opp, new[0])] if holders[0] == opp else []))
        return True


@register_step
class EnigmaPlay(SeatStep):
    """("enigma_play", opponent, handle): the opponent looked at the card it got and says
    whether it is an encounter card (a recorded claim); then it chooses again."""

    name, phase, kinds = "enigma_play", "planning", ("proceed", "noencounter")

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[1],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        from .. import cards as C
        face = kn.faces.get(st[2], s.faces.get(st[2]))
        if face is None:
            return Fixed([Proceed(seat), NoEncounter(seat)])
        return Fixed([Proceed(seat) if C.CATALOGUE[face].is_encounter else NoEncounter(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, opp, h = st
        if h not in s.hands[opp]:
            pop(s)  # it left the hand meanwhile: nothing to play
            return
        hand = s.hands[opp]
        s.set_hand(opp, (h,))
        claim(s, opp, "has_encounter" if isinstance(a, Proceed) else "no_encounter")
        s.set_hand(opp, hand)
        if isinstance(a, Proceed):
            must_reveal(s, opp, h)
        emit(s, "enigma_play", opp, int(isinstance(a, Proceed)))
        replace(s, ("planning",))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Mixes others' cards with its opponent's face-down card",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=_options, use=_use,
))
