"""Hooks where alien powers change numbers and outcomes without touching the flow.

- `TOTAL_MODIFIERS`: functions (state, offense total, defense total) -> new totals,
  applied in timing order of their owners (engine.aliens registers them).
- `RESOLUTION_HOOKS`: functions (state, steps after resolution) -> steps, so a power can
  add, remove or replace what follows the outcome (compensation, rewards).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import GameState

__all__ = ["TOTAL_MODIFIERS", "RESOLUTION_HOOKS", "adjust_totals", "adjust_after_resolution"]

Step_t = tuple[Any, ...]
TOTAL_MODIFIERS: dict[str, Callable[[GameState, int, int, int], tuple[int, int]]] = {}
RESOLUTION_HOOKS: dict[str, Callable[[GameState, int, list[Step_t]], list[Step_t]]] = {}


def adjust_totals(s: GameState, off: int, dfn: int) -> tuple[int, int]:
    for seat in s.timing_order():
        fn = TOTAL_MODIFIERS.get(s.config.aliens[seat])
        if fn is not None and s.has_power(seat):
            off, dfn = fn(s, seat, off, dfn)
    return off, dfn


def adjust_after_resolution(s: GameState, steps: list[Step_t]) -> list[Step_t]:
    for seat in s.timing_order():
        fn = RESOLUTION_HOOKS.get(s.config.aliens[seat])
        if fn is not None and s.has_power(seat):
            steps = fn(s, seat, steps)
    return steps
