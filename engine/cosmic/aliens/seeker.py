"""Seeker: in an encounter as a main player or an ally, asks a main player one yes-or-no
question, which must be answered truly; an answer about intentions binds.

Text followed: rules 004 (classic Seeker), in 2008 terms ("Challenge Card" = encounter
card). Choices we made:
- A question is chosen from a fixed menu the engine can check (`QUESTIONS`, option args
  (SEAT, QUESTION)): about the hand, "do you hold a card of kind K?" for each kind
  (attack, negotiate, morph, reinforcement, artifact, flare); about the card the player
  will play, "will you play a K?" for each encounter card kind (the printed kind: a morph
  is a morph, whatever it copies).
- Who and when: a main player asks its opponent; an ally asks either main player (an
  ally is one from the alliance window on). Optional, once per encounter, at the launch,
  alliance or planning window, so before any card is chosen. A use: a Cosmic Zap stops
  the question, and then nothing is asked.
- The asked player answers at once ("seek" step): `accept` for yes, `decline` for no.
  Clients are offered the true answers only. An answer about the hand is a recorded
  claim ("has_all:K" or "none_of:K"), checked by the end-of-game audit. An answer about
  intentions puts a rule on that player's card (engine.cosmic.powers `bind_card`, "kind:K" for
  yes, "not:K" for no), kept if able: a client is offered only cards keeping it; a
  reveal that breaks it is accepted with a recorded claim that nothing else in the hand
  could keep it (the hand may have changed since, by a trade or a new hand), which the
  audit checks. Both answers are offered when the hand allows both.
- The answer is public: everyone hears it (an event).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..actions import Accept, Action, Decline
from ..choices import Fixed
from ..powers import Alien, bind_card, register
from ..state import GameState, Knowledge
from ..steps import Step, claim, emit, pop, push, register as register_step
from ._util import has, is_main, opponent, set_flag, side_of

NAME = "seeker"
Step_t = tuple[Any, ...]
# (about, kind): "holds" asks about the hand, "plays" about the card the player will play.
QUESTIONS: tuple[tuple[str, str], ...] = (
    *[("holds", k) for k in ("attack", "negotiate", "morph", "reinforcement", "artifact",
                             "flare")],
    *[("plays", k) for k in C.ENCOUNTER_KINDS],
)


def _targets(s: GameState, seat: int) -> list[int]:
    e = s.enc
    if e is None or e.defense < 0:
        return []
    if is_main(s, seat):
        return [opponent(s, seat)]
    if side_of(s, seat) is not None:  # an ally
        return [e.offense, e.defense]
    return []


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window not in ("launch", "alliance", "planning") or e is None or e.selected
            or has(s, NAME, seat)):
        return []
    return [(0, (t, q)) for t in _targets(s, seat) for q in range(len(QUESTIONS))]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    target, q = args
    about, kind = QUESTIONS[q]
    emit(s, "seek", seat, target, about, kind)
    push(s, ("seek", seat, target, q))


def _kinds(s: GameState, seat: int, kn: Knowledge) -> list[str] | None:
    """The kinds of the cards in `seat`'s hand as it knows them (None if one is unknown)."""
    out = []
    for h in s.hands[seat]:
        face = kn.faces.get(h, s.faces.get(h))
        if face is None:
            return None
        out.append(C.CATALOGUE[face].kind)
    return out


def true_answers(s: GameState, seat: int, q: int, kn: Knowledge) -> list[bool]:
    """The answers `seat` may truly give to question `q`, from what it knows of its hand."""
    about, kind = QUESTIONS[q]
    kinds = _kinds(s, seat, kn)
    if kinds is None:
        return [True, False]
    if about == "holds":
        return [kind in kinds]
    encounter = [k for k in kinds if k in C.ENCOUNTER_KINDS]
    out = []
    if kind in encounter:
        out.append(True)
    if not encounter or any(k != kind for k in encounter):
        out.append(False)
    return out


@register_step
class Seek(Step):
    """("seek", seeker, target, question): the target answers yes (accept) or no
    (decline)."""

    name, phase, kinds = "seek", "window", ("accept", "decline")

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[2],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Accept(seat) if yes else Decline(seat)
                      for yes in true_answers(s, seat, st[3], kn)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, seeker, target, q = st
        about, kind = QUESTIONS[q]
        yes = isinstance(a, Accept)
        if about == "holds":  # about hidden cards: a claim the audit checks
            claim(s, target, f"has_all:{kind}" if yes else f"none_of:{kind}")
        else:  # about its intention: a rule on the card it will play
            bind_card(s, target, f"kind:{kind}" if yes else f"not:{kind}")
        emit(s, "seek_answer", target, about, kind, int(yes))
        pop(s)


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Asks a main player a yes-or-no question",
    roles=("main", "ally"), phases=("launch", "alliance", "planning"), mandatory=False,
    source="rules 004 (classic)", windows=("launch", "alliance", "planning"),
    options=_options, use=_use,
))
