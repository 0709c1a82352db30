"""Zero: once an encounter, as a main player, it may make every attack card played count
as an attack 0; each main player who played an attack may then swap it for another
attack card, chosen face down.

Text followed: rules 004 (classic Zero), in 2008 terms ("Challenge Card" = encounter
card). Choices we made:
- When: at the "selected" window (both cards face down, before the reveal), main player
  only, optional, once an encounter: `power 0`. A use, so a Cosmic Zap cancels it.
- Zeroed: each card on the table that is a printed attack counts as 0 (engine.cosmic.powers
  `card_values`); a morph copying a zeroed attack copies 0. Kinds are untouched: an
  attack still counts as an attack.
- The swap comes after the reveal (only then is it known who played an attack): each
  main player whose zeroed card is an attack answers "zero_offer", `decline` (keep the
  attack 0) or `accept`: the card goes face up to the discard pile and the player
  chooses another card face down (`select`, a new commitment in networked games, like
  the first choice), then reveals it ("zero_reveal"). Both answer before either chooses,
  and both choose before either reveals. Accepting is a recorded claim that the hand
  holds an attack card ("has_all:attack", audited at the end); a client that knows its
  hand has none is only offered `decline`. The replacement must be an attack card: the
  cards offered for it are narrowed (engine.cosmic.powers `selectable_kinds`, flag
  "select_only:SEAT:attack") and its reveal is refused otherwise.
- The replacement is not zeroed: the power zeroes the cards played when it is used, once.
  Powers that act on a card as it is chosen act on the replacement too (the Oracle's
  opponent shows it at once, engine.cosmic.powers `must_show`).
- The swap is the players' rule, not a use: the Zero's power being used is enough.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Accept, Action, Decline, Reveal, Select
from ..choices import Fixed
from ..flow import RevealStep
from ..powers import Alien, discarded, must_show, register, release_reveal, run_after
from ..state import GameState, Knowledge, pair_with
from ..steps import (
    SeatStep, Step, claim, emit, fail, learn, pop, push, register as register_step, replace,
)
from ._util import both_chosen, has, once_per_encounter, set_flag

NAME = "zero"
Step_t = tuple[Any, ...]


def _side(s: GameState, seat: int) -> int:
    """The side of the table `seat`'s card lies on (the Sorcerer's switch swaps them)."""
    e = s.enc
    assert e is not None
    side = 0 if seat == e.offense else 1
    return 1 - side if e.has_flag("switched") else side


def _kind(s: GameState, side: int) -> str:
    e = s.enc
    assert e is not None
    h = e.cards[side]
    face = s.faces.get(h) if h >= 0 else None
    return C.CATALOGUE[face].kind if face is not None else ""


def _zeroed(s: GameState, side: int) -> bool:
    e = s.enc
    return e is not None and not e.has_flag(f"zero_new:{side}") and _kind(s, side) == "attack"


def _values(s: GameState, seat: int, off: int, dfn: int) -> tuple[int, int]:
    if not has(s, NAME, seat):
        return off, dfn
    vals = [off, dfn]
    for side in (0, 1):
        if _zeroed(s, side) or (_kind(s, side) == "morph" and _zeroed(s, 1 - side)):
            vals[side] = 0
    return vals[0], vals[1]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    emit(s, "zero", seat)
    run_after(s, "reveal", ("zero_swap", seat))


@register_step
class ZeroSwap(Step):
    """("zero_swap", zero): after the reveal, the main players with a zeroed attack are
    offered the swap, then choose, then reveal."""

    name, phase = "zero_swap", "reveal"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        if e is None or min(e.cards) < 0 or not has(s, NAME, st[1]):
            pop(s)
            return True
        seats = [seat for seat in (e.offense, e.defense) if _zeroed(s, _side(s, seat))]
        replace(s, *[("zero_offer", seat) for seat in seats], ("zero_choose", tuple(seats)))
        return True


def _attack_in_hand(s: GameState, seat: int, kn: Knowledge) -> bool | None:
    faces = [kn.faces.get(h, s.faces.get(h)) for h in s.hands[seat]]
    if any(f is None for f in faces):
        return None
    return any(C.CATALOGUE[f].kind == "attack" for f in faces if f is not None)


@register_step
class ZeroOffer(SeatStep):
    """("zero_offer", seat): swap the zeroed attack (accept) or keep it (decline)."""

    name, phase, kinds = "zero_offer", "reveal", ("accept", "decline")

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        has_one = _attack_in_hand(s, seat, kn)
        return Fixed(([Accept(seat)] if has_one is not False else []) + [Decline(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        e = s.enc
        assert e is not None
        seat = st[1]
        pop(s)
        if isinstance(a, Decline):
            emit(s, "zero_keep", seat)
            return
        claim(s, seat, "has_all:attack")  # audited: it chose another attack card
        side = _side(s, seat)
        h = e.cards[side]
        e.cards = pair_with(e.cards, side, -1)
        e.played = tuple(x for x in e.played if x != h)
        e.selected = tuple(x for x in e.selected if x != seat)
        s.discard = s.discard + (h,)
        release_reveal(s, seat)  # a card an Enigma forced on it is gone: choose afresh
        e.add_flag(f"zero_new:{side}")
        e.add_flag(f"select_only:{seat}:attack")
        e.add_flag(f"zero_swapping:{seat}")
        emit(s, "zero_swap", seat)
        push(s, *discarded(s, seat, (h,), "played"))


@register_step
class ZeroChoose(Step):
    """("zero_choose", seats): the swapping players choose face down, then reveal."""

    name, phase = "zero_choose", "reveal"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        seats = [seat for seat in st[1] if e.has_flag(f"zero_swapping:{seat}")]
        replace(s, *[("zero_select", seat) for seat in seats],
                *([("zero_reveal",)] if seats else []))
        return True


@register_step
class ZeroSelect(SeatStep):
    """("zero_select", seat): put the replacing attack card face down."""

    name, phase, kinds = "zero_select", "reveal", ("select",)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Select(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        e = s.enc
        assert e is not None
        e.selected = e.selected + (a.seat,)
        e.selected_at = e.selected_at + ((a.seat, s.serial),)
        emit(s, "select", a.seat)
        pop(s)
        if must_show(s, a.seat):  # a power sees this card at once (the Oracle)
            push(s, ("show_card", a.seat))


@register_step
class ZeroReveal(RevealStep):
    """("zero_reveal",): the replacing cards are turned up; each must be an attack."""

    name, phase, kinds = "zero_reveal", "reveal", ("reveal",)

    def _last_uses(self, s: GameState, st: Step_t, seat: int) -> Sequence[Action]:
        return ()

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        if e is not None and min(e.cards) >= 0:  # shown already (the Oracle's opponent)
            self._done(s)
            pop(s)
            return True
        return False

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Reveal)
        if learn(s, a, a.handle, a.card).kind != "attack":
            fail(s, a, "the card replacing a zeroed attack must be an attack card")
        super().accept(s, st, a)
        e = s.enc
        assert e is not None
        if min(e.cards) >= 0:
            self._done(s)

    def _done(self, s: GameState) -> None:
        e = s.enc
        assert e is not None
        e.flags = tuple(f for f in e.flags
                        if not f.startswith(("select_only:", "zero_swapping:")))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Makes the attack cards played count as 0",
    roles=("main",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=once_per_encounter(NAME, "selected", both_chosen),
    use=_use, card_values=_values,
))
