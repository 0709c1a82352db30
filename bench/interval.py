"""The Wilson score interval of a win rate, shared by the bot benchmarks (bench/bots.py,
bench/worlds_bots.py): what a 95% interval of "this bot wins X% of games" is."""

from __future__ import annotations

import math

__all__ = ["Z95", "wilson"]

Z95 = 1.959964  # the 97.5th percentile of the standard normal


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - half) / scale, (centre + half) / scale
