"""Random-bot games at eight seats with random aliens (issue 14: 200 games at 8 seats keep
every invariant): the engine's invariants hold after every step, every game ends, every
registered alien is dealt in some game, and the end-of-game audit finds every hidden
claim true. Two worker processes keep it near twenty seconds on two cores."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic.aliens import names
from node.local import LocalGame, game_seed

from test_invariants import check_invariants

GAMES = 200
SEATS = 8
WORKERS = 2


def _play(games: range) -> tuple[set[str], int]:
    dealt: set[str] = set()
    steps = 0
    for i in games:
        seed = game_seed("eight", i)
        g = LocalGame(engine.Config(SEATS, aliens=("?",) * SEATS), seed,
                      [RandomBot(seed + bytes([k])) for k in range(SEATS)])
        while g.state.outcome is None:
            assert engine.pending(g.state).seats, f"nobody can act at {g.state.step()}"
            g.step()
            check_invariants(g.state)
            steps += 1
        assert g.state.outcome.reason in ("colonies", "turn_limit"), (i, g.state.outcome)
        assert engine.audit_claims(g.state, g.source.truth) == [], i
        dealt.update(a for a in g.state.aliens if a)
    return dealt, steps


@pytest.mark.heavy
def test_eight_seats_with_random_aliens_keep_invariants() -> None:
    workers = max(1, min(WORKERS, os.cpu_count() or 1))
    dealt: set[str] = set()
    steps = 0
    with ProcessPoolExecutor(workers) as pool:
        for d, n in pool.map(_play, [range(k, GAMES, workers) for k in range(workers)]):
            dealt |= d
            steps += n
    assert steps > GAMES * 100
    assert dealt == set(names()), sorted(set(names()) - dealt)
