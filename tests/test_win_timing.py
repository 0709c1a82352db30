"""A win is immediate (rules 001, The Colony Track): when a fifth foreign colony is made
in a turn's last encounter, the game ends there. The action that made it tells the win,
and no next turn begins before it (the replay once read "yellow's turn begins", then
"red wins")."""

from __future__ import annotations

from bots import RandomBot
from engine import cosmic as engine
from node.local import LocalGame, game_seed


def test_no_turn_begins_before_a_win() -> None:
    checked = 0
    for i in range(40):
        seed = game_seed("win-timing", i)
        g = LocalGame(engine.Config(4), seed, [RandomBot(seed + bytes([k])) for k in range(4)])
        last: list[tuple[object, ...]] = []
        while g.state.outcome is None:
            last = g.step()
        if g.state.outcome.reason != "colonies":
            continue
        kinds = [ev[0] for ev in last]
        assert "win" in kinds, kinds
        assert "turn" not in kinds[:kinds.index("win")], kinds
        checked += 1
    assert checked >= 20, checked
