"""Copycats (A): each token may use the power of an enemy token on its world (rules 003):
as the Emulators (emulators.py), with the races of the other players' tokens there; the
copy holds while a token of that race of any other player stands with them."""

from __future__ import annotations

from . import register
from .emulators import CopyingRace


@register
class Copycats(CopyingRace):
    key = "copycats"
    copies = "enemy"
