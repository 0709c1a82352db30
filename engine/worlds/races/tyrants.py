"""Tyrants (R): on a world you control where you have Tyrant tokens, the other players'
tokens lose their powers (rules 003). The framework's `silenced` applies it: such a
token fights with force 1, moves once up to 3 spaces, and no power of its races acts on
that world (conflict powers and passive changes, world-bound opportunity powers, extra
draws and births, stopping births). Powers of a player's R races, which belong to the
player and not to tokens on one world, are untouched (docs/worlds-rules.md)."""

from __future__ import annotations

from . import Race, register


@register
class Tyrants(Race):
    key = "tyrants"
    silences = True
