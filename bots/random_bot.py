"""A bot that picks uniformly at random among the legal actions (and encounter cards)."""

from __future__ import annotations

from engine import cosmic as engine
from engine.rng import Stream


class RandomBot:
    def __init__(self, seed: bytes) -> None:
        self.stream = Stream(seed, "random-bot")

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        options = engine.legal_sequence(state, seat, kn)
        if not options:
            raise RuntimeError(f"seat {seat} has no legal action at {state.step()[0]}")
        action = options[self.stream.below(len(options))]
        if isinstance(action, engine.Select):
            cards = engine.encounter_card_options(state, seat, kn)
            kn.selected = cards[self.stream.below(len(cards))]
        return action
