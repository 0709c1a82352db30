"""Aggressors (A): each token counts 2 more on the attacking side (rules 003); allies of
the attacker count as attacking."""

from __future__ import annotations

from . import Race, register


@register
class Aggressors(Race):
    key = "aggressors"

    def token_force(self, role: int) -> int:
        return 3 if role == 0 else 1
