"""The step stack every game's state keeps: a tuple of steps `(name, *args)`, the top
last, and the events the last action caused. These helpers are the only writers of both
outside a game's own state code; a state is a value, so each replaces the tuple whole."""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["push", "pop", "replace", "emit"]

Step_t = tuple[Any, ...]


class Stacked(Protocol):
    stack: tuple[Step_t, ...]
    events: list[tuple[Any, ...]]


def push(s: Stacked, *steps: Step_t) -> None:
    """Push steps so that the first one given runs first."""
    s.stack = s.stack + steps[::-1]


def pop(s: Stacked) -> None:
    s.stack = s.stack[:-1]


def replace(s: Stacked, *steps: Step_t) -> None:
    """Pop the top step and push these in its place (first given runs first)."""
    s.stack = s.stack[:-1] + steps[::-1]


def emit(s: Stacked, *event: Any) -> None:
    """Record what happened, for the words of each game's client and log."""
    s.events.append(tuple(event))
