"""Threat Displayers (A): each token counts 3 more (4 in all) while its side attacks
(rules 003; allies of the attacker attack too). The text is cut off after "Opponents
stacks may": that second part is not implemented (docs/worlds-rules.md)."""

from __future__ import annotations

from . import Race, register


@register
class ThreatDisplayers(Race):
    key = "threat_displayers"

    def token_force(self, role: int) -> int:
        return 4 if role == 0 else 1
