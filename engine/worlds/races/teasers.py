"""Teasers (1/C): an enemy sharing a world with your stack that holds Teasers must attack
it in the conflict phase (rules 003): the active player cannot end his attacks, nor
another seat decline to attack the active player, while such a stack is a target. As
every conflict involves the active player, two other seats are never forced. The
framework's `provoked` applies it; the use code only asks for the race to be there."""

from __future__ import annotations

from . import Race, register


@register
class Teasers(Race):
    key = "teasers"
    provokes = True
