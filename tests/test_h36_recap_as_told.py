"""A resumed seat's recap says the game as the seat was told it: every line of the log is
the line the live client wrote, the Leech's borrowed cards named with their lenders
included, though the state the recap reads has given them back and forgotten them.

A real local game (engine, seeded card source, heuristic bots, red the Leech) is played
for some turns; its log is written as the client writes it, event by event against the
state of that moment, and then as a recap of all the events against the last state."""

from __future__ import annotations

from typing import Any

from bots import HeuristicBot
from cli.game_ui import CosmicUI
from engine import cosmic as engine
from node.local import LocalGame, game_seed


def test_the_recap_is_the_log_as_told() -> None:
    seed = game_seed("recap-leech", 0)
    game = LocalGame(engine.Config(3, aliens=("leech", "?", "?")), seed,
                     [HeuristicBot(seed + bytes([k])) for k in range(3)])
    ui = CosmicUI(game.rules)
    kn = game.source.knowledge[0]
    events: list[tuple[Any, ...]] = []
    live: list[str] = []
    while game.state.outcome is None and game.state.turns < 8:
        got = game.step()
        events += got
        live += [line for ev in got if (line := ui.log_line(game.state, ev, 0, kn))]
    borrowed = [line for line in live if line.startswith("the card you borrowed from ")]
    assert len(borrowed) >= 2, live  # (the Leech used its power: a card from each)
    assert any(ev[0] == "leech_return" for ev in events), events  # and gave them back
    assert ui.told(game.state, events, 0, kn, len(live)) == live
    assert ui.told(game.state, events, 0, kn, 12) == live[-12:]
