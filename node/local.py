"""Local games: one process, one seeded card source, controllers for every seat.

This is the adapter for hotseat play, bot simulations and rule tests: it feeds the engine
the card source's chance facts and the controllers' actions, in the order the engine's
pending decision asks for them. No sockets; the networked node does the same over ZeroMQ.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import games
from engine.errors import IllegalAction
from engine.game import Rules, Source

if TYPE_CHECKING:  # the type only: importing bots would import Cosmic's bots
    from bots.base import AnyController

__all__ = ["LocalGame", "game_seed", "DEAL_PROPOSALS"]

# Local games have no clock, so a step's time limit (a node concern; Cosmic's one-minute
# deal) is stood in for by a number of moves: after this many consecutive moves at a
# step with a limit, the limit "runs out" (Cosmic: the deal fails).
DEAL_PROPOSALS = 8


def game_seed(seed: int | str | bytes, index: int = 0) -> bytes:
    """The seed of game `index` of a run seeded with `seed` (documented, hash-based)."""
    raw = seed if isinstance(seed, bytes) else str(seed).encode()
    return hashlib.sha256(b"cosmic/game-seed/v1" + raw + index.to_bytes(8, "big")).digest()


@dataclass
class LocalGame:
    """Drives one local game of any game (`rules`, Cosmic unless given) to its end (or
    step by step)."""

    config: Any
    seed: bytes
    controllers: Sequence[AnyController]
    rules: Rules = field(default_factory=lambda: games.load(games.DEFAULT))
    state: Any = field(init=False)
    source: Source = field(init=False)
    actions: list[Any] = field(default_factory=list)
    # The secret behind each committing move (Cosmic's Select): action index -> the
    # handle it hides (for commitments).
    selected: dict[int, int] = field(default_factory=dict)
    # The secret page each page move commits (the map game's conceal): action index ->
    # a count per place (a local journal carries it in the clear).
    pages: dict[int, tuple[int, ...]] = field(default_factory=dict)
    proposals: int = 0
    # Called with the engine's events of every action applied (simulation statistics).
    on_events: Callable[[list[tuple[Any, ...]]], None] | None = None

    def __post_init__(self) -> None:
        self.state = self.rules.new_game(self.config)
        self.source = self.rules.local_source(self.seed, self.config.seats)
        self._timed: tuple[Any, Any] | None = None  # (state, its timer): _timer

    def _timer(self, state: Any) -> Any:
        """The game's timer of this state, asked once per state (next_action and step
        both need it)."""
        if self._timed is None or self._timed[0] is not state:
            self._timed = (state, self.rules.timer(state))
        return self._timed[1]

    def next_action(self) -> Any:
        """The action the pending decision gets next: a chance fact or a controller's."""
        p = self.rules.pending(self.state)
        if p.chance is not None:
            return self.source.answer(p.chance)
        seat = p.seats[0]
        timer = self._timer(self.state)
        if timer is not None and timer[0] == "limit" and self.proposals >= DEAL_PROPOSALS:
            return self.rules.on_timeout(self.state, seat)  # the local stand-in for the clock
        return self.controllers[seat].choose(self.state, seat, self.source.knowledge[seat])

    def step(self, action: Any = None) -> list[tuple[Any, ...]]:
        """Apply one action (the next one by default); returns the engine's events.
        A committing move must come with its secret chosen (knowledge.selected, among
        the game's `secret_options`); else IllegalAction and nothing changes."""
        if action is None:
            action = self.next_action()
        self.source.check(action)
        rules, before = self.rules, self.state
        secret = rules.secret(action)
        if secret == "commit":  # a card of the options; nothing only when there is none
            kn = self.source.knowledge[action.seat]
            options = rules.secret_options(before, action.seat, kn)
            if (kn.selected not in options) if options else (kn.selected is not None):
                p = rules.pending(before)
                raise IllegalAction(p.phase, p.step, action.format(),
                                    "the card to hide is not one of yours that may be hidden")
        self.state, events = rules.apply(before, action)
        timer = self._timer(before)
        self.proposals = self.proposals + 1 if timer is not None and timer[0] == "limit" else 0
        if secret == "commit":
            chosen = self.source.knowledge[action.seat].selected
            self.selected[len(self.actions)] = -1 if chosen is None else chosen  # -1: none
        elif secret == "page":
            self.pages[len(self.actions)] = rules.page(self.source.knowledge[action.seat])
        elif secret == "open":
            # Face up now: forget it, or a card a power returns to the hand (the Clone's)
            # would still count as face down.
            self.source.knowledge[action.seat].selected = None
        self.actions.append(action)
        if self.on_events is not None:
            self.on_events(events)
        return events

    def run(self, on_step: Callable[[Any, Any], None] | None = None) -> Any:
        """Play to the end; the game's outcome."""
        while (outcome := self.rules.outcome(self.state)) is None:
            action = self.next_action()
            self.step(action)
            if on_step is not None:
                on_step(action, self.state)
        return outcome
