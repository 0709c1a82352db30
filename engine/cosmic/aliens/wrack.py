"""Wrack: offers its opponent a deal, and tortures it until it gives in; if it never
does, the Wrack loses the encounter.

Text followed: rules 004 (classic Wrack), in 2008 terms ("token" = ship, "challenge" =
encounter, "Challenge Card" = encounter card). Choices we made:
- When: as a main player (offense or defense), at the alliance window (the alliances
  formed, before the cards are chosen), once an encounter, while it has ships in the
  encounter (offense: on the gate; defense: on the target planet): `power 0`. A use, so
  a Cosmic Zap cancels it and the encounter goes on as usual.
- The deal is one proposal in the deal's own terms (engine.deal: cards each way, a colony
  each way, the Zombie's freeing; something must change hands): the `wrack` step, the
  Wrack answers `propose ...`; the opponent answers `accept` or `nodeal` (refuse).
- Refused before any torture, the Wrack may torture or let the encounter go on normally
  (`pass`). Each torture is one of: `power 1 PLACE`, one of the opponent's ships from
  that colony (or the gate) goes to the warp, its choice of where; `power 2`, a card
  drawn at random from the opponent's hand goes face up to the discard pile (the hand is
  shuffled under new handles, a `hand_shuffle` chance, and the first is turned up, a
  `reveal_cards` chance: the card source picks it, nobody chooses it; cards a power holds
  for someone else, the Demon's, are left alone). Tortures are steps of the one use, not
  uses of their own. After each, the opponent accepts or refuses again. Once begun, the
  torture goes on (the Wrack may not stop) until it accepts or the Wrack has tortured
  once per ship it has in the encounter (counted at each torture). A torture with
  nothing to take (no ship outside the warp, no card) still counts.
- Accepted: the deal is carried out at once, as a deal after two negotiates (the
  encounter ends in a deal, without cards; allies go home). Never accepted: the
  opponent wins the encounter, resolved as usual (ships land or are lost; defensive
  allies' rewards) with no card played, so no compensation.
- Not as an ally nor outside the encounter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import GATE, Accept, Action, NoDeal, Pass, Propose, UsePower
from ..choices import Concat, Fixed, Mapped
from ..deal import deal_terms
from ..powers import Alien, Option, discarded, held_for_others, register
from ..state import GameState, Knowledge
from ..targets import ships_at
from ..steps import (
    Step, emit, fail, pop, push, register as register_step, remove_ships, replace, to_warp,
)
from ._util import has, opponent, set_flag

Step_t = tuple[Any, ...]

KEY = "wrack"
PROPOSE, ANSWER, TORTURE = 0, 1, 2
SHIP, CARD = 1, 2  # torture options


def _ships_in(s: GameState, seat: int) -> int:
    """The Wrack's ships in the encounter: on the gate (offense), on the target (defense)."""
    e = s.enc
    assert e is not None
    return s.gate[seat] if seat == e.offense else ships_at(s, seat)


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    e = s.enc
    if (window != "alliance" or e is None or seat not in (e.offense, e.defense)
            or e.defense < 0 or e.target == -1 or has(s, KEY, seat) or e.selected
            or _ships_in(s, seat) <= 0 or len(deal_terms(s)) <= 1):
        return []
    return [(0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    if s.enc is None or has(s, KEY, seat):
        return
    set_flag(s, KEY, seat)
    push(s, ("wrack", seat, PROPOSE, (), 0))


def _valid(s: GameState, terms: tuple[int, ...]) -> bool:
    space = deal_terms(s)
    if len(terms) != len(space.factors) or not (any(terms[:2]) or terms[2:4] != (-1, -1)
                                                or any(terms[4:])):
        return False
    return all(t in f for t, f in zip(terms, space.factors))


def _ship_places(s: GameState, victim: int) -> list[int]:
    """Where a torture may take one of the victim's ships: its colonies, and the gate."""
    places = [p for p in range(s.planet_count) if s.on(p, victim)]
    return ([GATE] if s.gate[victim] else []) + places


def _cards(s: GameState, victim: int) -> tuple[int, ...]:
    keep = held_for_others(s, victim)
    return tuple(h for h in s.hands[victim] if h not in keep)


def _tortures(s: GameState, seat: int, victim: int) -> list[Action]:
    out: list[Action] = [UsePower(seat, SHIP, (p,)) for p in _ship_places(s, victim)]
    if _cards(s, victim):
        out.append(UsePower(seat, CARD, ()))
    return out


@register_step
class WrackStep(Step):
    """("wrack", seat, stage, terms, tortures done): the Wrack's deal and torture."""

    name, phase = "wrack", "alliance"
    kinds = ("propose", "accept", "nodeal", "power", "pass")

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, stage, terms, done = st
        if stage == TORTURE and not _tortures(s, seat, opponent(s, seat)):
            emit(s, "torture", seat, opponent(s, seat), "none")
            replace(s, ("wrack", seat, ANSWER, terms, done + 1))  # nothing to take
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        seat, stage = st[1], st[2]
        return (opponent(s, seat),) if stage == ANSWER else (seat,)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        _, wrack, stage, terms, done = st
        if stage == PROPOSE:
            proposals = Mapped(deal_terms(s), lambda t: Propose(seat, t))
            return Mapped(range(1, len(proposals)), lambda i: proposals[i])  # skip no-terms
        if stage == ANSWER:
            return Fixed([Accept(seat), NoDeal(seat)])
        tortures = _tortures(s, wrack, opponent(s, wrack))
        return Concat(Fixed([Pass(seat)] if done == 0 else []), Fixed(tortures))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seat, stage, terms, done = st
        victim = opponent(s, seat)
        if a.seat not in self.actors(s, st):
            fail(s, a, f"seat {self.actors(s, st)[0]} acts now")
        if stage == PROPOSE:
            if not isinstance(a, Propose) or not _valid(s, tuple(a.terms)):
                fail(s, a, "propose deal terms: cards each way within hand sizes, settle "
                           "planets where the other has a colony and you have none, and "
                           "something must change hands")
            assert isinstance(a, Propose)
            emit(s, "propose", seat, tuple(a.terms))
            replace(s, ("wrack", seat, ANSWER, tuple(a.terms), done))
        elif stage == ANSWER:
            from ..flow import deal_now, decide_now  # the flow imports the aliens' hooks
            if isinstance(a, Accept):
                deal_now(s, terms)
            elif isinstance(a, NoDeal):
                emit(s, "refuse", victim)
                if done >= _ships_in(s, seat) and done > 0:
                    emit(s, "wrack_loses", seat)
                    decide_now(s, "offense" if victim == s.offense else "defense")
                else:
                    replace(s, ("wrack", seat, TORTURE, terms, done))
            else:
                fail(s, a, "accept the deal or refuse it (nodeal)")
        else:
            self._torture(s, st, a, victim)

    def _torture(self, s: GameState, st: Step_t, a: Action, victim: int) -> None:
        _, seat, _, terms, done = st
        if isinstance(a, Pass):
            if done:
                fail(s, a, "the torture has begun: it goes on until the deal is accepted")
            emit(s, "no_torture", seat)
            pop(s)
            return
        if not isinstance(a, UsePower) or a not in _tortures(s, seat, victim):
            fail(s, a, "torture: power 1 PLACE (a ship of theirs to the warp) or power 2 "
                       "(a random card of theirs to the discard pile)")
        assert isinstance(a, UsePower)
        after = ("wrack", seat, ANSWER, terms, done + 1)
        if a.option == SHIP:
            remove_ships(s, a, victim, [(a.args[0], 1)], gate_ok=True)
            emit(s, "torture", seat, victim, "ship")
            replace(s, *to_warp(s, victim, 1), after)
            return
        old = _cards(s, victim)
        keep = tuple(h for h in s.hands[victim] if h not in old)
        for h in old:
            s.own_faces().pop(h, None)  # re-masked: the new handles are not public
        new = s.new_handles(len(old))
        s.set_hand(victim, keep + new[1:])
        s.discard = s.discard + new[:1]
        emit(s, "torture", seat, victim, "card")
        replace(s, ("hand_shuffle", victim, old, new), ("reveal_cards", new[:1]),
                ("wrack_discarded", victim, new[0]), after)


@register_step
class WrackDiscarded(Step):
    """A card a torture sent to the discard pile is face up: discard powers see it."""

    name, phase = "wrack_discarded", "alliance"

    def auto(self, s: GameState, st: Step_t) -> bool:
        replace(s, *discarded(s, st[1], (st[2],), "torture"))
        return True


ALIEN = register(Alien(
    name="wrack", lamp="red", summary="Tortures its opponent into a deal",
    roles=("main",), phases=("alliance",), mandatory=False, source="rules 004 (classic)",
    windows=("alliance",), options=_options, use=_use,
))
