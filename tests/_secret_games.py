"""Shared by the networked alien tests: one game over the real card protocol, checked for
what every such game must show, whatever the powers in it did."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection

from engine import cosmic as engine
from bots import RandomBot
from protocol.cards_inprocess import InProcessGame


def play_secret_game(cfg: engine.Config, label: bytes,
                     watch: Callable[[engine.GameState], None] = lambda s: None,
                     bot: Callable[[bytes], RandomBot] = RandomBot) -> set[int]:
    """Play one game of `cfg` between bots over the card protocol, every seat's name and
    secret derived from `label`; `watch` sees seat 0's state after every step. Checked: every
    seat keeps the same public state; the end-of-game audit holds (claims, shares, face-down
    cards); every face a seat knows is true, and none is one it was not entitled to (its
    own cards, cards shown to it) unless it is public. Returns the public faces' handles."""
    game = secret_game(cfg, label, bot)
    public: set[int] = set()

    def step(g: InProcessGame) -> None:
        s = g.states[0]
        public.update(s.faces)
        assert all(st.stack == s.stack and st.ships == s.ships and st.hands == s.hands
                   and st.discard == s.discard for st in g.states)
        watch(s)

    game.run(step)
    faces = game.finish()  # raises on a false claim, a bad share or a bad face-down card
    for src in game.sources:
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
    assert_entitled(game, public)
    return public


def secret_game(cfg: engine.Config, label: bytes,
                bot: Callable[[bytes], RandomBot] = RandomBot) -> InProcessGame:
    """A game of `cfg` between bots over the card protocol, not yet played: every seat's
    name and secret are derived from `label`, so the same label plays the same game."""
    names = [label + bytes([i]) for i in range(cfg.seats)]
    secret = [hashlib.sha256(b"secret " + n).digest() for n in names]
    return InProcessGame(cfg, names, [bot(n + b"bot") for n in names], secret_seeds=secret)


def assert_entitled(game: InProcessGame, public: Collection[int]) -> None:
    """No seat knows a face it was not entitled to (its own cards, cards shown or
    delivered to it) unless that face is public."""
    for seat, src in enumerate(game.sources):
        leaked = sorted(h for h in src.knowledge.faces
                        if h not in game.entitled[seat] and h not in public)
        assert not leaked, f"seat {seat} learned faces it may not know: {leaked}"
