"""The public surface of the worlds engine, with the names and meaning of cosmic's:
new_game, pending, legal_actions, apply, public_hash, outcome.

`apply` validates and raises IllegalAction naming the phase, step and reason, leaving
the given state untouched: it works on a clone, runs every step that needs no input,
and returns the new state with the events of the transition. The win (20 controlled
worlds, rules 003) is checked whenever a decision is reached.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import msgpack

from .actions import SOURCE, Action
from ..errors import IllegalAction
from .state import WIN_WORLDS, Config, GameState, Knowledge, Outcome
from .steps import STEPS, Chance

# Importing these registers their steps and races.
from . import setup as _setup, turn as _turn, conflict as _conflict  # noqa: F401
from . import races as _races  # noqa: F401

__all__ = ["ENGINE_VERSION", "Pending", "new_game", "pending", "legal_actions", "apply",
           "public_hash", "encode_public", "outcome"]

ENGINE_VERSION = "worlds-engine/1"


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision point: who must act, with which kinds of action (as cosmic's)."""

    phase: str
    step: str
    seats: tuple[int, ...]
    kinds: tuple[str, ...]
    simultaneous: bool = False
    chance: Chance | None = None
    over: bool = False


_OVER = Pending("over", "over", (), (), over=True)


def new_game(config: Config) -> GameState:
    """A fresh game, waiting for the card source to shuffle the deck and the race chits."""
    s = GameState(config)
    _setup.setup_steps(s)
    _settle(s)
    return s


def pending(state: GameState) -> Pending:
    if state.outcome is not None:
        return _OVER
    st = state.step()
    h = STEPS[st[0]]
    ch = h.chance(state, st)
    if ch is not None:
        return Pending(h.phase, st[0], (SOURCE,), h.kinds, chance=ch)
    return Pending(h.phase, st[0], h.actors(state, st), h.kinds, h.simultaneous)


def legal_actions(state: GameState, seat: int, knowledge: Knowledge) -> list[Action]:
    """Every legal action of `seat` now, in a fixed order (empty if not its turn). Options
    on hidden cards come from `knowledge`, the seat's own."""
    if state.outcome is not None:
        return []
    st = state.step()
    h = STEPS[st[0]]
    if h.chance(state, st) is not None or seat not in h.actors(state, st):
        return []
    return h.options(state, st, seat, knowledge)


def apply(state: GameState, action: Action) -> tuple[GameState, list[tuple[Any, ...]]]:
    """Apply one action; raises IllegalAction (state untouched) if the rules forbid it."""
    if state.outcome is not None:
        raise IllegalAction("over", "over", action.format(), "the game is over")
    st = state.step()
    h = STEPS[st[0]]
    actors = (SOURCE,) if h.chance(state, st) is not None else h.actors(state, st)
    if action.seat not in actors:
        who = "the card source" if actors == (SOURCE,) else f"seat(s) {list(actors)}"
        raise IllegalAction(h.phase, st[0], action.format(), f"waiting for {who}")
    if action.KIND not in h.kinds:
        raise IllegalAction(h.phase, st[0], action.format(), f"expected one of {list(h.kinds)}")
    s = state.clone()
    h.accept(s, st, action)
    s.serial += 1
    _settle(s)
    return s, s.events


def _settle(s: GameState) -> None:
    """Run steps that need no input until a decision or the end; the win is checked at
    every decision (rules 003: control 20 worlds)."""
    while s.outcome is None:
        for seat in range(s.n):
            if s.controlled(seat) >= WIN_WORLDS:
                s.outcome = Outcome("worlds", (seat,))
                return
        if not s.stack:
            s.outcome = Outcome("no_steps", ())
            return
        st = s.stack[-1]
        if not STEPS[st[0]].auto(s, st):
            return


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def encode_public(state: GameState) -> list[Any]:
    """The public state as plain lists: what public_hash hashes."""
    cfg = state.config
    c = state.conf
    o = state.outcome
    return [
        ENGINE_VERSION, [cfg.seats, cfg.max_turns, list(cfg.race_pool)],
        state.pos, state.native, state.chit, state.control, [list(t) for t in state.stacks],
        [list(h) for h in state.hands], list(state.deck), list(state.discard),
        list(state.race_pile), list(state.race_out), [list(d) for d in state.dealt],
        sorted(state.faces.items()), state.next_handle,
        [list(x) for x in state.stack], list(state.order), state.active,
        c.encode() if c is not None else None, list(state.used), list(state.fought),
        list(state.flags), [[k.seat, k.kind, list(k.hand), k.serial] for k in state.claims],
        [o.reason, list(o.winners)] if o is not None else None, state.serial, state.turns,
        list(state.unseen), [[k, list(v)] for k, v in sorted(state.space.items())],
        [list(g) for g in state.gifts],
    ]


def public_hash(state: GameState) -> bytes:
    """SHA-256 of msgpack.packb(encode_public(state), use_bin_type=True)."""
    return hashlib.sha256(msgpack.packb(encode_public(state), use_bin_type=True)).digest()
