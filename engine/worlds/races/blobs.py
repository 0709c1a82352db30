"""Blobs (A): at your genesis, on every world where you have at least 5 Blob tokens, one
more Blob is born there (rules 003: they reproduce wherever 5 are present; one new token
per such world, from the Blobs' world supply; docs/worlds-rules.md)."""

from __future__ import annotations

from ..state import GameState
from . import Race, register

CROWD = 5


@register
class Blobs(Race):
    key = "blobs"

    def births(self, s: GameState, world: int, seat: int, count: int) -> int:
        return 1 if count >= CROWD else 0
