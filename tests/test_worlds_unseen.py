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
