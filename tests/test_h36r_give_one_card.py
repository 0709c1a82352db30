"""`give` typed alone when one card is to be given (a deal's one card) asks for that card
plainly: "name the card to give (e.g. give attack 04)". It said "name the 1 card to give,
separated by commas, in any order", as if there were several."""

from __future__ import annotations

from bots import HeuristicBot
from cli.commands import lookup
from engine import cosmic as engine

Table = dict[str, tuple[engine.Action, int | None]]
from node.local import LocalGame, game_seed


def test_one_card_to_give_is_asked_for_plainly() -> None:
    s = game_seed("give1", 0)
    g = LocalGame(engine.Config(3), s, [HeuristicBot(s + bytes([k])) for k in range(3)])
    table: Table = {"give attack 04": (engine.Give(0, (1,)), None),
             "give negotiate": (engine.Give(0, (2,)), None)}
    asked = lookup(table, "give", g.state, 0)
    assert asked == ("'give' says too little: name the card to give (e.g. give attack 04). "
                     "Closest: give attack 04, give negotiate"), asked
    several: Table = {"give attack 04,negotiate": (engine.Give(0, (1, 2)), None),
               "give attack 04": (engine.Give(0, (1,)), None)}
    asked = lookup(several, "give", g.state, 0)
    assert isinstance(asked, str) and "name the 1 or 2 cards to give, separated by commas, " \
        "in any order" in asked, asked
