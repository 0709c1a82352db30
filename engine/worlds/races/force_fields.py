"""Force Fields (A): each token counts 3 when its side defends; they never attack (rules
003). Interpretation: on an attacking side they do not fight, so they count 0
(docs/worlds-rules.md)."""

from __future__ import annotations

from . import Race, register


@register
class ForceFields(Race):
    key = "force_fields"

    def token_force(self, role: int) -> int:
        return 3 if role == 1 else 0
