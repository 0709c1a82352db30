"""The Collector's step, as the other players read it: whenever the Collector draws from
the deck (its first hand too) it goes on drawing until its hand holds each kind it
collects, and only it can say whether it does (the "collect" step). The status names
that, never "take compensation" (another step of the game: a loser's cards for ships
lost), and neither does the board's header.

A real local game (engine, seeded card source, bots; the Collector at seat 1) is stepped
until seat 1 is asked at that step; seat 0's status is read then."""

from __future__ import annotations

from engine import cosmic as engine
from bots import HeuristicBot
from cli.client import LocalSession, SeatClient
from cli.render import HEADER_STEPS
from node.local import LocalGame, game_seed


def test_the_collectors_step_is_not_called_compensation() -> None:
    config = engine.Config(3, aliens=("", "collector", ""))
    s = game_seed("collector-words", 0)
    game = LocalGame(config, s, [HeuristicBot(s + bytes([k])) for k in range(3)])
    client = SeatClient(LocalSession(game, 0))
    said = []
    for _ in range(400):
        p = engine.pending(game.state)
        if p.chance is None and p.seats and p.step == "collect":
            said.append(client.waiting_text())
            break
        if game.state.outcome is not None:
            break
        game.step()
    assert said, "the Collector was never asked at its step"
    assert "compensation" not in said[0], said
    assert "draw on" in said[0] and "blue" in said[0], said
    assert "compensation" not in HEADER_STEPS["collect"]
