"""Immortal (A): the race has one token only, and it cannot be destroyed (rules 003; the
text is cut off after "cannot be": "destroyed" is taken, in every way the game removes
tokens). So its world yields no token while the Immortal lives (a supply of one), and a
lost conflict, a Supernova or a kill power (Assassins, Fanatics, Genocidals) leaves it
where it is (powers may still move or switch it). A Mutation that makes a world with
several tokens Immortal makes them all undying, and its world then yields none (the
supply counts the tokens on the map)."""

from __future__ import annotations

from . import Race, register


@register
class Immortal(Race):
    key = "immortal"

    def supply(self) -> int:
        return 1

    def undying(self) -> bool:
        return True
