"""Gambler: after the opponent's card is up, may keep its own face down and state what it
is; the opponent believes it or challenges it.

Text followed: rules 001 (the FFG Gambler sheet: main player only, optional, reveal
phase). How it runs here, as steps:
1. With its power, the Gambler reveals after the other main player (a power with uses at
   the flow's "last_reveal" pseudo-window waits for the other card). Then, instead of its
   Reveal, it may use its power: `UsePower(0, (face,))` states a card, named by the first
   catalogue id of that kind and value (options: every distinct encounter card). A Cosmic
   Zap may answer the use; the Gambler then reveals as usual.
2. The opponent answers ("gamble" step): `Accept` believes the statement, `Decline`
   challenges it.
3. Believed: the encounter goes on as if the stated card were the Gambler's (encounter
   flag "stated:SIDE:FACE", read by engine.cosmic.flow), and the Gambler puts its face-down card
   (`Give`, the handle it chose) on the bottom of the deck, unseen. The engine cannot see
   that card, so a recorded claim ("facedown:FACE") lets the end-of-game audit check it
   was an encounter card; a lie that nobody challenged is within the rules and is not
   reported.
4. Challenged: the Gambler reveals its card as usual. If the statement was false (kind or
   value differs) the Gambler loses as many ships as it had in the encounter; if true,
   the opponent does. The ships lost come from colonies outside the encounter (not the
   gate, not the target planet); then the encounter goes on with the revealed cards.
Choices we made: the power is not offered after a Sorcerer's switch (the sheet says not
to use it with the Sorcerer); "ships in the encounter" are the player's own ships on the
gate (offense) or on the target planet (defense), not its allies'. In networked play the
protocol should check that the handle given in step 3 is the one committed at the Select.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Accept, Action, Decline, Give
from ..choices import Fixed
from ..flow import LAST_REVEAL
from ..powers import Alien, register
from ..state import Claim, GameState, Knowledge, pair_with
from ..targets import ships_at
from ..steps import (
    SeatStep, Step, emit, pop, push, register as register_step, replace, face_down_gift,
    hand_over_face_down,
)
from ..zones import DRY_DECK, LoseOutside
from ._util import opponent, reveals_last, set_flag, side_of

NAME = "gambler"
Step_t = tuple[Any, ...]


def _statements() -> tuple[int, ...]:
    """One face per distinct encounter card (kind and value): the first in the catalogue."""
    seen: dict[tuple[str, int], int] = {}
    for cid in C.COSMIC_DECK:
        info = C.CATALOGUE[cid]
        if info.is_encounter:
            seen.setdefault((info.kind, info.value), cid)
    order = {k: i for i, k in enumerate(C.ENCOUNTER_KINDS)}
    return tuple(seen[k] for k in sorted(seen, key=lambda k: (order[k[0]], k[1])))


STATEMENTS = _statements()


def _same(a: int, b: int) -> bool:
    x, y = C.CATALOGUE[a], C.CATALOGUE[b]
    return (x.kind, x.value) == (y.kind, y.value)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if not reveals_last(s, seat, window, NAME):
        return []
    return [(0, (face,)) for face in STATEMENTS]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    emit(s, "bluff", seat, args[0])
    push(s, ("gamble", seat, args[0]))


@register_step
class Gamble(Step):
    """The opponent believes the Gambler's statement (Accept) or challenges it (Decline)."""

    name, phase, kinds = "gamble", "reveal", ("accept", "decline")

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (opponent(s, st[1]),)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Accept(seat), Decline(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, gambler, face = st
        pop(s)
        if s.step() != ("reveal",):  # the Gambler's card was revealed meanwhile: nothing left
            return
        if isinstance(a, Accept):
            emit(s, "bluff_believed", a.seat)
            replace(s, ("gamble_keep", gambler, face))  # no Reveal from the Gambler
        else:
            emit(s, "bluff_challenged", a.seat)
            replace(s, ("reveal",), ("gamble_settle", gambler, face))


@register_step
class GambleKeep(SeatStep):
    """Believed: the Gambler's face-down card goes, unseen, to the bottom of the deck."""

    name, phase, kinds = "gamble_keep", "reveal", ("give",)
    hands_over_face_down = True

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed(face_down_gift(s, seat, kn))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Give)
        e = s.enc
        assert e is not None
        _, gambler, face = st
        h = hand_over_face_down(s, a, gambler)
        s.claims = s.claims + (Claim(gambler, f"facedown:{face}", (h,), s.serial),)
        s.deck = (h,) + s.deck  # the bottom of the deck (the top is last)
        s.extra.pop(DRY_DECK, None)  # the deck now holds a hidden card: maybe an encounter card
        side = side_of(s, gambler)
        assert side is not None
        e.cards = pair_with(e.cards, side, h)
        e.add_flag(f"stated:{side}:{face}")
        emit(s, "bluff_kept", gambler, face)
        pop(s)


def _ships_in(s: GameState, seat: int) -> int:
    e = s.enc
    assert e is not None
    return s.gate[seat] if seat == e.offense else ships_at(s, seat)


@register_step
class GambleSettle(Step):
    """Challenged and revealed: the liar, or else the challenger, loses ships."""

    name, phase = "gamble_settle", "reveal"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        _, gambler, face = st
        side = side_of(s, gambler)
        assert side is not None
        truthful = _same(s.faces[e.cards[side]], face)
        loser = opponent(s, gambler) if truthful else gambler
        emit(s, "bluff_settled", gambler, int(truthful))
        replace(s, ("gamble_loss", loser, _ships_in(s, loser)))
        return True


@register_step
class GambleLoss(LoseOutside):
    """The bluff's loser loses `count` ships to the warp from colonies outside the
    encounter."""

    name, phase = "gamble_loss", "reveal"


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Keeps its card face down and states what it is",
    roles=("main",), phases=("reveal",), mandatory=False, source="rules 001 (FFG)",
    windows=(LAST_REVEAL,), options=_options, use=_use,
))
