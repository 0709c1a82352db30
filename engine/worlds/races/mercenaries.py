"""Mercenaries (A): Mercenary tokens may ally in a conflict from worlds up to 3 spaces away
(rules 003): their owner may be invited while he has Mercenaries within 3 spaces of the
conflict's world, and when he joins a side they come to that world (moves not spent),
together with his stack there if any; his other tokens stay where they are. From then on
they are allies as any (docs/worlds-rules.md, choice 12). The framework's `far_allies`
does it, for the `ally_from_afar` flag."""

from __future__ import annotations

from . import Race, register


@register
class Mercenaries(Race):
    key = "mercenaries"
    ally_from_afar = True
