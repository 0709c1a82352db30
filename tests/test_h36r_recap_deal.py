"""A resumed seat's recap names both sides of a deal proposed in an encounter that is
over: "blue proposes a deal: you get 1 card ...; blue gets ...", as the live log said it.
It read the deal against the state after the encounter, which has no defense, and said
"? gets 1 card and a colony on yellow.2" (seen resuming a LAN game after a deal).

A real local game (engine, seeded card source, heuristic bots; seed deal17 has a deal in
turn 3) is played to the end of the encounter of its first deal; its log is written as
the live client writes it, then as a recap of all the events against the last state."""

from __future__ import annotations

from typing import Any

from bots import HeuristicBot
from cli.game_ui import CosmicUI
from engine import cosmic as engine
from node.local import LocalGame, game_seed


def test_a_deal_in_the_recap_names_both_sides() -> None:
    seed = game_seed("deal17", 0)
    game = LocalGame(engine.Config(3), seed, [HeuristicBot(seed + bytes([k])) for k in range(3)])
    ui = CosmicUI(game.rules)
    events: list[tuple[Any, ...]] = []
    live: dict[int, list[str]] = {0: [], 1: [], 2: []}  # each seat's log
    dealt = False
    while game.state.outcome is None and game.state.turns < 12:
        got = game.step()
        events += got
        for seat in live:
            kn = game.source.knowledge[seat]
            live[seat] += [line for ev in got if (line := ui.log_line(game.state, ev, seat, kn))]
        dealt = dealt or any(ev[0] == "propose" for ev in got)
        if dealt and game.state.enc is None:  # the deal's encounter is over
            break
    assert dealt and game.state.enc is None, live[0][-20:]
    for seat, lines in live.items():
        proposed = [line for line in lines if "a deal: " in line]
        assert proposed and not any("?" in line for line in proposed), lines
        told = ui.told(game.state, events, seat, game.source.knowledge[seat], len(lines))
        assert [line for line in told if "a deal: " in line] == proposed, told
