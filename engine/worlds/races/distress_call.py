"""Distress Call (1/C): the side whose primary player has Distress Call tokens in his
stack accepts allies from up to 3 spaces away (rules 003): that primary may invite seats
with tokens on worlds within 3 spaces of the conflict's world, and a seat joining his side
brings all its tokens from those worlds (moves not spent). Interpretation: the other side
keeps the ordinary rule; the call is passive (no use mark). The framework's `far_allies`
does it, for the `calls_allies` flag."""

from __future__ import annotations

from . import Race, register


@register
class DistressCall(Race):
    key = "distress_call"
    calls_allies = True
