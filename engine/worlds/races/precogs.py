"""Precogs (1/C): a primary player whose stack holds Precogs does not put a force card
face down with the other; he picks it (or none) once the other's is revealed (rules 003).
If both primary players have them, neither sees first: both pick face down as usual
(docs/worlds-rules.md). Applied by the framework's `foresight` in the conflict's select
and reveal steps."""

from __future__ import annotations

from . import Race, register


@register
class Precogs(Race):
    key = "precogs"
    foresees = True
