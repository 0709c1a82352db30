"""The deal after two negotiates (rules 001, Negotiate Versus Negotiate; rules 000, If
Both Players Reveal Negotiate Cards).

Talk happens in signed chat; the engine sees only structured proposals. The main players
take turns, the offense first: propose terms, accept the other's standing proposal, or
declare the deal failed. The node's one-minute timer ends it with a failed deal. Terms
are (cards the offense gives, cards the defense gives, planet where the offense may
settle or -1, planet where the defense may settle or -1), and a fifth term when a main
player's power can free the other's ships from the warp (the Zombie): how many; something
must change hands. Which cards are given is chosen by each giver when the deal is carried out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import GATE, Accept, Action, NoDeal, Propose
from .choices import Concat, Fixed, Mapped, Product
from .state import GameState, Knowledge
from . import powers as P
from .steps import WARP, SeatStep, Step, emit, fail, pop, register, replace
from .windows import window
from .zones import place_returning, ships_to_warp

Step_t = tuple[Any, ...]

__all__ = ["deal_terms", "SETTLING", "agreement"]

SETTLING = "deal_settling"  # encounter flag: a deal's two colonies are being made


def _settle_planets(s: GameState, settler: int, host: int) -> list[int]:
    """Planets where `host` has a colony and `settler` has none."""
    return [p for p in s.colonies(host) if not s.on(p, settler)]


def deal_terms(s: GameState) -> Product:
    """Every proposal: cards each way, a colony each way, and, when a main player's power
    lets it free the other's ships from the warp (engine.cosmic.powers.deal_frees), how many."""
    e = s.enc
    assert e is not None
    off, dfn = e.offense, e.defense
    factors: list[Sequence[int]] = [
        range(len(s.hands[off]) + 1), range(len(s.hands[dfn]) + 1),
        [-1] + _settle_planets(s, off, dfn), [-1] + _settle_planets(s, dfn, off),
    ]
    frees = P.deal_frees(s)
    if frees is not None:
        factors.append(range(frees[2] + 1))
    return Product(*factors)


def agreement(s: GameState, a: Action) -> Action | None:
    """Proposing exactly the terms the other main player has on the table is agreeing to
    them: the Accept that proposal stands for (None when it is not that). For clients,
    which send the Accept: a proposal stays a proposal for the engine."""
    st = s.step()
    if not isinstance(a, Propose) or st[0] != "deal" or not st[2]:
        return None
    standing = st[2]
    if standing[0] != a.seat and tuple(standing[1:]) == tuple(a.terms):
        return Accept(a.seat)
    return None


def _valid(s: GameState, terms: tuple[int, ...]) -> bool:
    space = deal_terms(s)
    if len(terms) != len(space.factors) or not any(terms[:2]) and terms[2:4] == (-1, -1) \
            and not any(terms[4:]):
        return False
    return all(t in f for t, f in zip(terms, space.factors))


@register
class DealStep(SeatStep):
    name, phase, kinds = "deal", "resolution", ("propose", "accept", "nodeal")

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        standing = st[2]
        accept = [Accept(seat)] if standing and standing[0] != seat else []
        proposals = Mapped(deal_terms(s), lambda t: Propose(seat, t))
        nonempty = Mapped(range(1, len(proposals)), lambda i: proposals[i])  # skip no-terms
        return Concat(Fixed(accept + [NoDeal(seat)]), nonempty)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        e = s.enc
        assert e is not None
        _, mover, standing = st
        other = e.defense if mover == e.offense else e.offense
        if isinstance(a, Propose):
            if not _valid(s, tuple(a.terms)):
                fail(s, a, "terms: cards each way within hand sizes, settle planets where "
                           "the other has a colony and you have none, and something must "
                           "change hands")
            emit(s, "propose", a.seat, a.terms)
            s.stack = s.stack[:-1] + (("deal", other, (a.seat,) + tuple(a.terms)),)
        elif isinstance(a, Accept):
            if not standing or standing[0] == a.seat:
                fail(s, a, "there is no proposal of the other player to accept")
            emit(s, "deal", standing[1:])
            replace(s, window("deal"), ("deal_exec", standing[1:]))
        else:
            emit(s, "no_deal", a.seat)
            _fail_deal(s)


def _fail_deal(s: GameState) -> None:
    """Unsuccessful deal (rules 001): each main player sends three ships of its choice to
    the warp, from colonies or the gate; the offense's other gate ships go home."""
    e = s.enc
    assert e is not None
    e.result = "nodeal"
    replace(s, ships_to_warp(e.offense, 3, True), ships_to_warp(e.defense, 3, True),
            place_returning(s, e.offense, GATE))


@register
class DealExec(Step):
    """Carry out an agreed deal: cards are given, colonies settled with ships from the gate
    or colonies, and the offense's remaining gate ships go home."""

    name, phase = "deal_exec", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        if e.has_flag("quashed"):
            emit(s, "quashed")
            _fail_deal(s)
            return True
        e.result = "deal"
        give_off, give_def, off_planet, def_planet = st[1][:4]
        steps: list[Step_t] = [
            ("give", e.offense, e.defense, give_off), ("give", e.defense, e.offense, give_def),
        ]
        if off_planet >= 0:
            steps.append(("take", e.offense, 1, 4, 1, off_planet))
        if def_planet >= 0:
            steps.append(("take", e.defense, 1, 4, 1, def_planet))
        if off_planet >= 0 and def_planet >= 0:
            # Both colonies of a deal are made at the same time: a fifth foreign colony
            # of the first does not win before the second is settled (rules 001, Winning
            # the Game; 000, Shared Wins).
            e.add_flag(SETTLING)
            steps.append(("deal_settled",))
        freed = st[1][4] if len(st[1]) > 4 else 0
        frees = P.deal_frees(s)
        if freed and frees is not None:  # the power must still work when the deal is done
            emit(s, "freed", frees[0], frees[1], min(freed, s.warp[frees[1]]))
            steps.append(place_returning(s, frees[1], WARP, min(freed, s.warp[frees[1]])))
        steps.append(place_returning(s, e.offense, GATE))
        replace(s, *steps)
        return True


@register
class DealSettled(Step):
    """Both colonies of a deal are settled: the win is checked again."""

    name, phase = "deal_settled", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        e.flags = tuple(f for f in e.flags if f != SETTLING)
        pop(s)
        return True
