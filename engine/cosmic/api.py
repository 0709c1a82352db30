"""The engine's public surface: new_game, pending, legal_actions, apply, public_hash.

In the spirit of OpenSpiel and python-chess: a small fixed API over a value. `apply`
validates and raises `IllegalAction` naming the phase, step and reason, leaving the given
state untouched; it works on a clone, runs every step that needs no input, and returns
the new state with the events of the transition.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import cards as C
from .actions import SOURCE, Action, TurnUp
from .choices import Concat, Fixed
from .hidden import turn_up_allowed, turn_up_steps
from ..errors import IllegalAction
from .flow import check_win, setup_steps
from .state import Config, GameState, Knowledge, Outcome
from .steps import STEPS, Chance, emit, push
from .public import ENGINE_VERSION, encode_public, public_hash

# Importing these registers their steps and effects.
from . import aliens as _aliens, artifacts as _artifacts, deal as _deal  # noqa: F401
from .deal import SETTLING
from . import plague as _plague  # noqa: F401
from . import flares as _flares  # noqa: F401
from . import techs as _techs  # noqa: F401
from . import powers as P
from .powers import ALIENS, face_up_cards, follow_captives, selectable_kinds
from .alien_deal import CHOOSE, DEAL_AT_RANDOM

__all__ = [
    "ENGINE_VERSION", "Pending", "new_game", "pending", "legal_actions", "legal_sequence",
    "apply", "public_hash", "encode_public", "encounter_card_options", "outcome",
    "face_down_handover",
]

@dataclass(frozen=True, slots=True)
class Pending:
    """The decision point: who must act, with which kinds of action.

    `seats` are the seats that may act now; with `simultaneous`, each of them acts once,
    in the order given (the canonical order of application), without seeing the others'
    secret choices. `chance` is set when the card source must answer instead (seats is
    then (SOURCE,)). A finished game has no seats and `over` set.
    """

    phase: str
    step: str
    seats: tuple[int, ...]
    kinds: tuple[str, ...]
    simultaneous: bool = False
    chance: Chance | None = None
    over: bool = False


def new_game(config: Config) -> GameState:
    """A fresh game, waiting for the card source to shuffle the decks.

    Aliens named "?" are dealt at random by the card source (engine.alien_deal); seats
    named "choose" are dealt two and keep one (engine.flares.choice_steps).
    Raises ValueError for an alien name that is not registered."""
    for name in config.aliens:
        if name and name not in (DEAL_AT_RANDOM, CHOOSE) and name not in ALIENS:
            raise ValueError(f"unknown alien {name!r}; known: {', '.join(sorted(ALIENS))}")
    s = GameState(config)
    setup_steps(s)
    _settle(s)
    return s


def pending(state: GameState) -> Pending:
    """The decision the game waits for. Pendings are values: one made before for the same
    step, phase and seats is handed out again rather than built anew."""
    if state.outcome is not None:
        return _OVER
    stack = state.stack
    st = stack[-1] if stack else ("over",)  # state.step()
    h = STEPS[st[0]]
    ch = h.chance(state, st) if h.asks_chance else None
    phase = h.phase_of(st)
    kinds = h.kinds_of(state, st)  # a game option may add kinds (the technology's)
    if ch is not None:
        return Pending(phase, st[0], (SOURCE,), kinds, chance=ch)
    actors = h.actors(state, st)
    key = (st[0], phase, actors, kinds)
    got = _PENDING.get(key)
    if got is None:
        if len(_PENDING) >= 4096:
            _PENDING.clear()
        got = _PENDING[key] = Pending(phase, st[0], actors, kinds, h.simultaneous)
    return got


_OVER = Pending("over", "over", (), (), over=True)
_PENDING: dict[tuple[str, str, tuple[int, ...], tuple[str, ...]], Pending] = {}


def face_down_handover(state: GameState) -> int | None:
    """The seat that must now hand over the card it put face down (a power takes it
    unseen), or None. Public: it depends on the step, never on a hand. The card source
    requires that seat's `Give` to open its face-down commitment to the card given."""
    if state.outcome is not None:
        return None
    st = state.step()
    h = STEPS[st[0]]
    if not h.hands_over_face_down or h.chance(state, st) is not None:
        return None
    actors = h.actors(state, st)
    return actors[0] if len(actors) == 1 else None


def legal_sequence(state: GameState, seat: int, knowledge: Knowledge) -> Sequence[Action]:
    """The legal actions of `seat` now, as a lazy indexable sequence in a fixed order."""
    if state.outcome is not None:
        return ()
    stack = state.stack
    st = stack[-1] if stack else ("over",)  # state.step()
    h = STEPS[st[0]]
    if (h.asks_chance and h.chance(state, st) is not None) or seat not in h.actors(state, st):
        return ()
    options = h.options(state, st, seat, knowledge)
    if state.extra and "turnup" not in h.kinds and turn_up_allowed(state, seat):
        # hidden powers: a face-down seat may turn up at any question (engine.hidden)
        return Concat(options, Fixed([TurnUp(seat)]))
    return options


def legal_actions(state: GameState, seat: int, knowledge: Knowledge) -> list[Action]:
    """Every legal action of `seat` now, in a deterministic order (empty if not its turn).

    Options that depend on hidden cards use `knowledge`; a seat without the faces of its
    own hand is offered only what public information allows.
    """
    return list(legal_sequence(state, seat, knowledge))


def encounter_card_options(state: GameState, seat: int, knowledge: Knowledge) -> list[int]:
    """The handles `seat` may put face down with a Select: its encounter cards; only the
    one a power forces it to play, if any (engine.cosmic.powers `must_reveal`); of the kinds an
    effect allows (`selectable_kinds`); those a power's rule on the card to play allows
    (engine.cosmic.powers `bind_card`)."""
    forced = P.forced_reveal(state, seat)
    if forced is not None and forced in state.hands[seat]:
        return [forced]
    out = []
    only = selectable_kinds(state, seat)  # an effect may narrow them (engine.cosmic.powers)
    for h in state.hands[seat]:
        f = knowledge.faces.get(h, state.faces.get(h))
        if f is not None and C.CATALOGUE[f].is_encounter and (
                only is None or C.CATALOGUE[f].kind in only):
            out.append((h, f))
    if state.enc is not None and state.enc.flags:
        return P.playable_cards(state, seat, out)
    return [h for h, _ in out]


def apply(state: GameState, action: Action) -> tuple[GameState, list[tuple[Any, ...]]]:
    """Apply one action; raises IllegalAction (state untouched) if the rules forbid it."""
    if state.outcome is not None:
        raise IllegalAction("over", "over", action.format(), "the game is over")
    stack = state.stack
    st = stack[-1] if stack else ("over",)  # state.step()
    h = STEPS[st[0]]
    actors = (SOURCE,) if h.asks_chance and h.chance(state, st) is not None \
        else h.actors(state, st)
    if action.seat not in actors:
        who = "the card source" if actors == (SOURCE,) else f"seat(s) {list(actors)}"
        raise IllegalAction(h.phase_of(st), st[0], action.format(), f"waiting for {who}")
    kind = action.KIND
    turn_up = False
    if kind not in h.kinds and kind not in h.kinds_of(state, st):  # kinds_of adds to kinds
        if not isinstance(action, TurnUp):
            raise IllegalAction(h.phase_of(st), st[0], action.format(),
                                f"expected one of {list(h.kinds_of(state, st))}")
        if not turn_up_allowed(state, action.seat):
            raise IllegalAction(h.phase_of(st), st[0], action.format(),
                                "you have no alien face down")
        turn_up = True
    s = state.clone()
    if turn_up:  # on top of the question, which is then asked again (engine.hidden)
        push(s, *turn_up_steps(s, action.seat))
    else:
        h.accept(s, st, action)
    s.serial += 1
    _settle(s, state._ships, state.warp)
    if "captives" in s.extra:  # captured ships follow their holder's (engine.cosmic.powers)
        follow_captives(state, s)
    return s, s.events


def _settle(s: GameState, ships_before: list[int] | None = None,
            warp_before: list[int] | None = None) -> None:
    """Run steps that need no input until a decision (or the end) is reached. Before a
    seat is asked, cards that a power keeps face up (the Aura's) are turned up.

    The win is checked when the next decision is reached: nothing automatic can take a
    colony away, so a fifth foreign colony still wins before anyone decides anything else
    (rules 001: the win is immediate). The check depends on the ships alone (on the
    planets, and in the warp for a power that counts it: engine.targets `win_places`), so
    it is skipped when they are those of a state that was checked and had no winner
    (`ships_before`, `warp_before`, from the state `apply` started from: it was settled,
    and is not over)."""
    stack_steps = STEPS
    while s.outcome is None:
        stack = s.stack
        if not stack:
            s.outcome = Outcome("no_steps", ())  # never expected: the flow always continues
            break
        st = stack[-1]
        h = stack_steps[st[0]]
        if not h.auto(s, st):
            if any(s.aliens) and (not h.asks_chance or h.chance(s, st) is None):
                shown = face_up_cards(s)  # a power keeps these face up (engine.cosmic.powers)
                if shown:
                    emit(s, "face_up", len(shown))
                    push(s, ("reveal_cards", shown))
                    continue
            break
    if (s.outcome is None or s.outcome.reason != "colonies") and (
            s._ships is not ships_before and s._ships != ships_before
            or s.warp != warp_before) \
            and not (s.enc is not None and s.enc.has_flag(SETTLING)):
        check_win(s)


def outcome(state: GameState) -> Outcome | None:
    return state.outcome
