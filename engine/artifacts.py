"""The eleven artifact cards of the base game, registered as card effects.

Where our rule documents give the 2008 card text (Card Zap, Cosmic Zap, Force Field,
Ionic Gas: rules 001) we follow it. Mobius Tubes, Emotion Control and Plague follow their
classic counterparts (rules 004, Artifacts), as docs/rules.md records. Quash has no text
in our documents and no classic counterpart; we implement the card as the 2008 edition
prints it (after a deal is agreed, cancel it: it fails, with the failed-deal penalty).

"Any time" cards (Plague) can be played at every card window of an encounter where the
base game has one for every phase (start, alliance, reveal, result, deal), and by a
defense without an encounter card before it shows its hand (windows.NO_ENCOUNTER); they
do not open windows of their own.
"""

from __future__ import annotations

from .choices import Subsets
from .state import GameState
from .steps import BESIDE, WARP, emit, push
from .actions import GATE
from .windows import (
    NO_ENCOUNTER, RESPONSE_CARD, RESPONSE_POWER, CardEffect, card_effect, negate_nearest, role,
)
from .zones import place_returning, ships_to_warp

__all__ = ["KIND_CODES", "ANY_TIME"]

ANY_TIME = ("start", "alliance", "reveal", "result", "deal", NO_ENCOUNTER)
KIND_CODES = ("attack", "negotiate", "morph", "reinforcement", "artifact", "flare")


def _anyone(s: GameState, seat: int) -> bool:
    return True


def _no_args(s: GameState, seat: int) -> tuple[tuple[int, ...], ...]:
    return ((),)


def _artifact(name: str, windows: tuple[str, ...], resolve, who=_anyone,  # type: ignore[no-untyped-def]
              targets=_no_args) -> None:
    card_effect(CardEffect("artifact", name, windows, who, targets, resolve))


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
    e.allies = [tuple(a for a in side if a not in args) for side in e.allies]
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
