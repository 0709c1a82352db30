"""The audit check of the Invisible Beings' secret pages (engine.worlds.unseen): a page
may follow another only by moves of at most 3 spaces, each token once."""

from __future__ import annotations

from engine.worlds.state import GRID
from engine.worlds.unseen import page_reachable


def sq(col: int, row: int) -> int:
    return (col - 1) * GRID + row - 1


POS = [sq(1, 1), sq(4, 1), sq(8, 1), sq(4, 4)] + [sq(10, 10)] * 22  # worlds A, B, C, D


def test_moves_within_range_are_reachable() -> None:
    assert page_reachable(POS, {0: 2}, {0: 1, 1: 1})      # one stays, one goes 3
    assert page_reachable(POS, {0: 1, 1: 1}, {1: 1, 3: 1})  # A->B, B->D (re-routed)


def test_too_far_or_miscounted_pages_are_refused() -> None:
    assert not page_reachable(POS, {0: 1}, {2: 1})         # 7 spaces
    assert not page_reachable(POS, {0: 2}, {1: 1})         # a token vanished
    assert not page_reachable(POS, {0: 1, 2: 1}, {1: 2})   # C cannot reach B (4 spaces)


POOL = ("strategists resurrectionists gatherers breeders soothsayers worldship wealthy "
        "planet_jumpers purists last_descendants blobs deporters traders plebs invisible_beings "
        "foundation contraceptives searchers politicians propagandists tyrants temporaneans "
        "symbionts tachyons hive").split()


def test_games_with_these_races_keep_every_page_true_to_the_public_count() -> None:
    """Bots (random and heuristic) play games dealt only from these races: every game
    ends, and each seat's secret page holds exactly its public number of unseen tokens."""
    from bots.worlds import HeuristicWorldsBot, RandomWorldsBot, play_game

    winners = 0
    for i in range(6):
        seats = 2 + i % 3
        seed = f"unseen{i}".encode()
        bots = [RandomWorldsBot(seed + bytes([k])) if (i + k) % 2
                else HeuristicWorldsBot(seed + bytes([k])) for k in range(seats)]
        s, src, _ = play_game(seed, seats, bots=bots, max_turns=60, race_pool=tuple(POOL))
        assert s.outcome is not None
        winners += bool(s.outcome.winners)
        for p in range(seats):
            assert sum(src.knowledge[p].hidden.values()) == s.unseen[p]
    assert winners >= 2
