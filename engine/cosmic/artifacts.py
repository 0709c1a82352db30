"""The eleven artifact cards of the base game, registered as card effects.

Where our rule documents give the 2008 card text (Card Zap, Cosmic Zap, Force Field,
Ionic Gas: rules 001) we follow it. Mobius Tubes, Emotion Control and Plague follow their
classic counterparts (rules 004, Artifacts), as docs/rules.md records. Quash has no text
in our documents and no classic counterpart; we implement the card as the 2008 edition
prints it (after a deal is agreed, cancel it: it fails, with the failed-deal penalty).

The classic artifacts (Back-Zap, Glitch, Rebirth, Stellar Gas, TimeGash: rules 004) join
the deck only under the classic_artifacts variant (engine.cosmic.cards.CLASSIC_ARTIFACTS); each
follows its classic text, read in 2008 terms as the comments below say.

"Any time" cards (Plague) can be played at every card window of an encounter where the
base game has one for every phase (start, alliance, reveal, result, deal), and by a
defense without an encounter card before it shows its hand (windows.NO_ENCOUNTER); they
do not open windows of their own.
"""

from __future__ import annotations

from typing import Any

from . import cards as C
from .actions import Action
from .choices import Dist, Subsets
from .state import GameState
from .steps import BESIDE, WARP, colony_sources, emit, pop, push, register, remove_ships
from .actions import GATE
from .windows import (
    NO_ENCOUNTER, RESPONSE_CARD, RESPONSE_POWER, CardEffect, card_effect, negate_nearest, role,
)
from .zones import ShipChoice, place_returning, ships_to_warp

__all__ = ["KIND_CODES", "ANY_TIME"]

ANY_TIME = ("start", "alliance", "reveal", "result", "deal", NO_ENCOUNTER)
KIND_CODES = ("attack", "negotiate", "morph", "reinforcement", "artifact", "flare")


def _anyone(s: GameState, seat: int) -> bool:
    return True


def _no_args(s: GameState, seat: int) -> tuple[tuple[int, ...], ...]:
    return ((),)


def _artifact(name: str, windows: tuple[str, ...], resolve, who=_anyone,  # type: ignore[no-untyped-def]
              targets=_no_args, arg_kind: str = "seats") -> None:
    card_effect(CardEffect("artifact", name, windows, who, targets, resolve,
                           arg_kind=arg_kind))


# Card Zap (rules 001): negates a flare or artifact as it is played.
def _card_zap(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    negate_nearest(s, "resolve_card")


_artifact("card_zap", (RESPONSE_CARD,), _card_zap)


# Cosmic Zap (rules 001): cancels one use of a power; it is off for the encounter.
def _cosmic_zap(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    st = negate_nearest(s, "resolve_power")
    if st is not None and s.enc is not None:
        s.enc.zapped = tuple(sorted(set(s.enc.zapped) | {st[1]}))
        from .powers import ALIENS  # some powers react to being zapped (Human)
        alien = ALIENS.get(st[5])  # the power the zapped use was of
        if alien is not None and alien.on_zapped is not None:
            alien.on_zapped(s, st[1], st[2])


_artifact("cosmic_zap", (RESPONSE_POWER,), _cosmic_zap)


# Mobius Tubes (rules 004, classic): at the start of your own encounter, everyone with a
# colony brings all its ships back from the warp.
def _mobius(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    push(s, *[place_returning(s, other, WARP) for other in s.timing_order()
              if s.warp[other] and s.colonies(other)])


_artifact("mobius_tubes", ("start",), _mobius, who=lambda s, seat: role(s, seat) == "offense")


# Emotion Control (rules 004, classic): after the reveal, attack cards count as negotiates.
def _emotion(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    assert s.enc is not None
    s.enc.add_flag("emotion_control")


_artifact("emotion_control", ("reveal",), _emotion)


# Force Field (rules 001): after alliances form, cancel any or all of them; cancelled
# allies take their ships home.
def _force_targets(s: GameState, seat: int) -> Subsets:
    assert s.enc is not None
    return Subsets(sorted(s.enc.allies[0] + s.enc.allies[1]), nonempty=True)


def _force_field(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    e = s.enc
    assert e is not None
    off, dfn = (tuple(a for a in side if a not in args) for side in e.allies)
    e.allies = (off, dfn)
    e.add_flag("force_field")
    emit(s, "allies_cancelled", args)
    push(s, *[place_returning(s, a, GATE) for a in args if s.gate[a]],
         *[place_returning(s, a, BESIDE) for a in args if s.beside[a]])


_artifact("force_field", ("alliance",), _force_field, targets=_force_targets)


# Ionic Gas (rules 001): once the winner is known, no compensation and no rewards.
def _ionic(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    assert s.enc is not None
    s.enc.add_flag("ionic_gas")


_artifact("ionic_gas", ("result",), _ionic)


# Plague (rules 004, classic): one player loses three ships to the warp and discards one
# card of each type it holds.
def _plague(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    target = args[0]
    emit(s, "plague", seat, target)
    push(s, ships_to_warp(target, 3, False), ("plague_discard", target))


_artifact("plague", ANY_TIME, _plague,
          targets=lambda s, seat: tuple((t,) for t in range(s.n)))


# Quash (2008 edition; see the module comment): a deal agreed is cancelled and fails.
def _quash(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    assert s.enc is not None
    s.enc.add_flag("quashed")


_artifact("quash", ("deal",), _quash)


# -- the classic artifacts (rules 004; the classic_artifacts variant) -------------------------


def _responding_to(s: GameState) -> tuple[Any, ...] | None:
    """The face-up card a response window is about: the nearest card still resolving,
    or None if there is none or it is already negated."""
    for st in reversed(s.stack):
        if st[0] == "resolve_card":
            return None if st[-1] else st
    return None


def _played_by_other(s: GameState, seat: int, name: str = "") -> bool:
    """A card is being played by another seat: an artifact (named `name`, if given)."""
    st = _responding_to(s)
    if st is None or st[1] == seat:
        return False
    info = C.CATALOGUE[st[3]]
    return info.kind == "artifact" and (not name or info.name == name)


# Back-Zap: answers another player's Cosmic Zap; that player's own power is off for the
# rest of the encounter too. The Cosmic Zap still does what it does.
def _back_zap(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    st = _responding_to(s)
    if st is None or C.CATALOGUE[st[3]].name != "cosmic_zap" or s.enc is None:
        return  # the Cosmic Zap was negated meanwhile: nothing to turn back
    zapper = st[1]
    s.enc.zapped = tuple(sorted(set(s.enc.zapped) | {zapper}))
    emit(s, "zapped_back", seat, zapper)


_artifact("back_zap", (RESPONSE_CARD,), _back_zap,
          who=lambda s, seat: s.enc is not None and _played_by_other(s, seat, "cosmic_zap"))


# Glitch: answers another player's artifact (not a flare, unlike the Card Zap): that
# artifact does nothing and is discarded.
def _glitch(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    negate_nearest(s, "resolve_card")


_artifact("glitch", (RESPONSE_CARD,), _glitch, who=_played_by_other)


# Rebirth: at the start of its own encounter the offense re-establishes a colony on a home
# planet where it has no ships, with one to four ships from the warp and/or its colonies.
# The encounter then goes on as usual (unlike re-establishing instead of an encounter).
def _lost_home_planets(s: GameState, seat: int) -> list[int]:
    return [p for p in s.home_planets(seat) if not s.on(p, seat)]


def _rebirth_sources(s: GameState, seat: int) -> list[tuple[int, int]]:
    warp = [(WARP, s.warp[seat])] if s.warp[seat] else []
    return warp + colony_sources(s, seat, moving=True)


def _rebirth_targets(s: GameState, seat: int) -> tuple[tuple[int, ...], ...]:
    if not _rebirth_sources(s, seat):
        return ()
    return tuple((p,) for p in _lost_home_planets(s, seat))


def _rebirth(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    if args[0] in _lost_home_planets(s, seat):
        push(s, ("rebirth", seat, args[0]))


_artifact("rebirth", ("start",), _rebirth, targets=_rebirth_targets,
          who=lambda s, seat: role(s, seat) == "offense", arg_kind="planets")


@register
class RebirthStep(ShipChoice):
    """("rebirth", seat, planet): one to four ships from the warp and/or colonies make a
    colony again on that home planet."""

    name, phase = "rebirth", "regroup"

    def _dist(self, s: GameState, st: tuple[Any, ...]) -> Dist:
        return Dist(_rebirth_sources(s, st[1]), 1, 4)

    def _rule(self, st: tuple[Any, ...]) -> str:
        return "bring 1 to 4 ships from the warp and your colonies"

    def _do(self, s: GameState, st: tuple[Any, ...], pairs: Any, a: Action | None) -> None:
        _, seat, planet = st
        from_warp = sum(c for loc, c in pairs if loc == WARP)
        moved = remove_ships(s, a, seat, [(loc, c) for loc, c in pairs if loc != WARP])
        s.warp[seat] -= from_warp
        s.ships[planet * s.n + seat] += moved + from_warp
        emit(s, "rebirth", seat, planet, moved + from_warp)
        pop(s)


# Stellar Gas: once the cards are revealed, nobody collects compensation this encounter
# (rewards are untouched: that is the Ionic Gas).
def _stellar_gas(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    assert s.enc is not None
    s.enc.add_flag("stellar_gas")


_artifact("stellar_gas", ("reveal",), _stellar_gas)


# TimeGash: played between encounters (the end window of one), it gives its player an
# encounter of its own next, as the offense, against any other player on any planet where
# that player has a colony (no destiny draw); then play goes on where it was, the turn's
# offense keeping its second encounter if it had one. The extra encounter never earns a
# second one (engine.cosmic.flow, ExtraEncounter).
def _time_gash(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    queued = tuple(s.extra.get("extra_encounters", ()))
    s.extra["extra_encounters"] = queued + (seat,)
    emit(s, "extra_encounter_for", seat)


_artifact("time_gash", ("end",), _time_gash)
