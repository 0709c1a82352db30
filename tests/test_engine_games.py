"""Whole local games through the engine: they finish, and the same seed replays exactly."""

from engine import cosmic as engine
from bots import HeuristicBot, RandomBot
from node.local import LocalGame, game_seed


def _game(seats: int, seed: bytes, bot=RandomBot) -> LocalGame:
    g = LocalGame(engine.Config(seats), seed, [bot(seed + bytes([k])) for k in range(seats)])
    g.run()
    return g


def test_games_of_three_four_five_seats_end_with_winners() -> None:
    for seats in (3, 4, 5):
        g = _game(seats, game_seed("ends", seats))
        assert g.state.outcome is not None
        assert g.state.outcome.reason == "colonies"
        for w in g.state.outcome.winners:
            assert g.state.foreign_colonies(w) >= 5


def test_same_seed_same_actions_and_hashes() -> None:
    a = _game(4, game_seed("same", 0))
    b = _game(4, game_seed("same", 0))
    assert [x.format() for x in a.actions] == [x.format() for x in b.actions]
    assert engine.public_hash(a.state) == engine.public_hash(b.state)
    c = _game(4, game_seed("same", 1))
    assert engine.public_hash(a.state) != engine.public_hash(c.state)


def test_heuristic_bots_play_whole_games() -> None:
    g = _game(5, game_seed("heuristic", 0), HeuristicBot)
    assert g.state.outcome is not None and g.state.outcome.winners


def test_heuristic_bots_use_alien_powers() -> None:
    """Issue 7: bots use powers (the heuristic one when a power is offered)."""
    used: set[str] = set()
    for i in range(8):
        seed = game_seed("heuristic-powers", i)
        g = LocalGame(engine.Config(4, aliens=("?",) * 4, max_turns=40), seed,
                      [HeuristicBot(seed + bytes([k])) for k in range(4)])
        while g.state.outcome is None:
            for ev in g.step():
                if ev[0] == "power":
                    used.add(ev[2])
    assert len(used) >= 8, used
