"""The heuristic bot in team play (rules 004, Team Play): invited into an encounter where
its teammate is a main player, it joins its teammate's side, never the other (it once
chose a side as in any game, and half its alliances there went against its teammate:
`cosmic play --variant teams` showed yellow allying with green against red)."""

from __future__ import annotations

from engine import cosmic as engine
from bots import HeuristicBot
from node.local import LocalGame, game_seed


def test_a_heuristic_bot_allies_with_its_teammate_and_never_against_it() -> None:
    beside = against = 0
    for i in range(6):
        seed = game_seed("teams-ally", i)
        config = engine.Config(4, teams=True, max_turns=12)
        game = LocalGame(config, seed, [HeuristicBot(seed + bytes([k])) for k in range(4)])

        def seen(action: engine.Action, state: engine.GameState) -> None:
            nonlocal beside, against
            e = state.enc
            if isinstance(action, engine.Ally) and e is not None:
                mate = config.teammate(action.seat)
                if mate in (e.offense, e.defense):
                    beside += action.side == mate
                    against += action.side != mate

        game.run(on_step=seen)
    assert against == 0 and beside > 10, (beside, against)
