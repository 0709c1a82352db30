"""`help propose` at a deal names the fifth term (ships the Zombie frees from the warp)
only when a main player's power offers it: at an ordinary deal it explained a term the
deal cannot have ("F: ships of the other the Zombie frees from the warp"). Outside a
deal the whole help stays.

Real local games (engine, seeded card source, heuristic bots): seed deal17 reaches a
deal without aliens; seed zdeal4, red the Zombie, reaches one where the Zombie may free
ships."""

from __future__ import annotations

from bots import HeuristicBot
from cli.commands import HELP, help_now
from engine import cosmic as engine
from node.local import LocalGame, game_seed

ZOMBIE_TERM = "F: ships of the other the Zombie frees from the warp"


def _at_a_deal(name: str, config: engine.Config) -> LocalGame:
    seed = game_seed(name, 0)
    game = LocalGame(config, seed, [HeuristicBot(seed + bytes([k])) for k in range(3)])
    assert ZOMBIE_TERM in help_now(game.state, "propose")  # no deal yet: the whole help
    while game.state.step()[0] != "deal":
        assert game.state.outcome is None and game.state.turns < 12
        game.step()
    return game


def test_an_ordinary_deal_has_four_terms() -> None:
    game = _at_a_deal("deal17", engine.Config(3))
    said = help_now(game.state, "propose")
    assert said == ("propose A B P Q - offense gives A cards, defense B; offense settles P, "
                    "defense Q (- for none)"), said


def test_a_zombie_deal_has_five() -> None:
    game = _at_a_deal("zdeal4", engine.Config(3, aliens=("zombie", "?", "?")))
    assert help_now(game.state, "propose") == HELP["propose"]
