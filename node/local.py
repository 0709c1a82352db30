"""Local games: one process, one seeded card source, controllers for every seat.

This is the adapter for hotseat play, bot simulations and rule tests: it feeds the engine
the card source's chance facts and the controllers' actions, in the order the engine's
pending decision asks for them. No sockets; the networked node does the same over ZeroMQ.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from bots.base import Controller
from engine.local import LocalSource

__all__ = ["LocalGame", "game_seed", "DEAL_PROPOSALS"]

# Local games have no clock, so the deal's one-minute timer (a node concern) is stood in
# for by a number of proposals: after this many the timer "runs out" and the deal fails.
DEAL_PROPOSALS = 8


def game_seed(seed: int | str | bytes, index: int = 0) -> bytes:
    """The seed of game `index` of a run seeded with `seed` (documented, hash-based)."""
    raw = seed if isinstance(seed, bytes) else str(seed).encode()
    return hashlib.sha256(b"cosmic/game-seed/v1" + raw + index.to_bytes(8, "big")).digest()


@dataclass
class LocalGame:
    """Drives one local game to its end (or step by step)."""

    config: engine.Config
    seed: bytes
    controllers: Sequence[Controller]
    state: engine.GameState = field(init=False)
    source: LocalSource = field(init=False)
    actions: list[engine.Action] = field(default_factory=list)
    # The secret behind each Select: action index -> handle put face down (for commitments).
    selected: dict[int, int] = field(default_factory=dict)
    proposals: int = 0
    # Called with the engine's events of every action applied (simulation statistics).
    on_events: Callable[[list[tuple[Any, ...]]], None] | None = None

    def __post_init__(self) -> None:
        self.state = engine.new_game(self.config)
        self.source = LocalSource(self.seed, self.config.seats)

    def next_action(self) -> engine.Action:
        """The action the pending decision gets next: a chance fact or a controller's."""
        p = engine.pending(self.state)
        if p.chance is not None:
            return self.source.answer(p.chance)
        seat = p.seats[0]
        if p.step == "deal" and self.proposals >= DEAL_PROPOSALS:
            return engine.NoDeal(seat)  # the local stand-in for the one-minute timer
        return self.controllers[seat].choose(self.state, seat, self.source.knowledge[seat])

    def step(self, action: engine.Action | None = None) -> list[tuple[Any, ...]]:
        """Apply one action (the next one by default); returns the engine's events."""
        if action is None:
            action = self.next_action()
        self.source.check(action)
        self.state, events = engine.apply(self.state, action)
        self.proposals = self.proposals + 1 if isinstance(action, engine.Propose) else 0
        if isinstance(action, engine.Select):
            handle = self.source.knowledge[action.seat].selected
            if handle is None or handle not in self.state.hands[action.seat]:
                raise engine.IllegalAction("planning", "planning", action.format(),
                                           "no encounter card of yours was chosen")
            self.selected[len(self.actions) - 1] = handle
        elif isinstance(action, engine.Reveal):
            # Face up now: forget it, or a card a power returns to the hand (the Clone's)
            # would still count as face down.
            self.source.knowledge[action.seat].selected = None
        self.actions.append(action)
        if self.on_events is not None:
            self.on_events(events)
        return events

    def run(self, on_step: Callable[[engine.Action, engine.GameState], None] | None = None
            ) -> engine.Outcome:
        while self.state.outcome is None:
            action = self.next_action()
            self.step(action)
            if on_step is not None:
                on_step(action, self.state)
        return self.state.outcome
