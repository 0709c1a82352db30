"""Passive Aggressives (A): each token counts 2 more on the defending side (rules 003);
allies of the defender count as defending."""

from __future__ import annotations

from . import Race, register


@register
class PassiveAggressives(Race):
    key = "passive_aggressives"

    def token_force(self, role: int) -> int:
        return 3 if role == 1 else 1
