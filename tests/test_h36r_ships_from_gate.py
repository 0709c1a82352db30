"""`ships N`, where the ships may come from the gate or from home (a deal's colony: any
ships not in the warp), takes the gate's first: the refusal of `ships` promises "the
ships that keep the most at home are sent", and after a deal the gate's ships go home
anyway. It took a ship off a home planet while four waited in the gate ("ships 1 means:
ships yellow.1:1")."""

from __future__ import annotations

from bots import HeuristicBot
from cli.commands import lookup
from engine import cosmic as engine

Table = dict[str, tuple[engine.Action, int | None]]
from node.local import LocalGame, game_seed


def test_ships_by_count_come_from_the_gate_first() -> None:
    s = game_seed("gate1", 0)
    g = LocalGame(engine.Config(3), s, [HeuristicBot(s + bytes([k])) for k in range(3)])
    state = g.state
    home = next(p for p in range(64) if state.on(p, 0) == 4)
    choices = [engine.Ships(0, ((engine.GATE, 1),)), engine.Ships(0, ((home, 1),)),
               engine.Ships(0, ((engine.GATE, 1), (home, 1))),
               engine.Ships(0, ((engine.GATE, 2),))]
    table: Table = {"ships gate:1": (choices[0], None), "ships red.1:1": (choices[1], None),
             "ships gate:1,red.1:1": (choices[2], None), "ships gate:2": (choices[3], None)}
    assert lookup(table, "ships 1", state, 0) == (choices[0], None)
    assert lookup(table, "ships 2", state, 0) == (choices[3], None)
