"""The controller interface shared by bots and the CLI."""

from __future__ import annotations

from typing import Protocol

from engine import cosmic as engine


class Controller(Protocol):
    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        """Pick one of the seat's legal actions. For a Select, also put the chosen handle
        in `kn.selected` (the secret the protocol commits to)."""
        ...
