"""What the map game's bot tests ask of a finished game."""

from __future__ import annotations

from engine import worlds as W


def won_on_worlds(s: W.GameState) -> bool:
    """Did the game end with a win on worlds (not the turn limit)? Such a winner must
    control at least 20 worlds (rules 003)."""
    assert s.outcome is not None
    if s.outcome.reason != "worlds":
        return False
    (winner,) = s.outcome.winners
    assert s.controlled(winner) >= 20
    return True
