"""Oracle: its opponent must show its encounter card to everyone before the Oracle chooses.

Text followed: rules 004 (classic Oracle), in 2008 terms; rules 000 (Alien Interactions)
for its timing: it acts before cards are chosen, so a Sorcerer opponent shows its card
first and may still switch after both are chosen. Choices we made:
- Main player only, mandatory (the text says the opponent *must* show): a use at the
  "planning" window, so a Cosmic Zap stops it and planning goes on as usual.
- Used, it makes the opponent choose first (`planning_order`) and turn that card face up
  at once (`show_selected`: the opponent's Reveal comes right after its Select); the
  Oracle then chooses, and only the Oracle's card is revealed at the reveal step.
- Two Oracles: the offense's acts (timing order); the other is not offered a use.
- Against the Insect neither power acts (the Insect's `excludes`, which engine.cosmic.powers
  applies both ways between the two main players).
"""

from __future__ import annotations

from ..powers import Alien, register
from ..state import GameState
from ._util import has, is_main, opponent, set_flag

NAME = "oracle"


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    e = s.enc
    if (window == "planning" and e is not None and not e.selected and is_main(s, seat)
            and not has(s, NAME, seat) and not has(s, NAME, opponent(s, seat))):
        return [(0, ())]
    return []


def _order(s: GameState, seat: int) -> tuple[int, ...] | None:
    if has(s, NAME, seat) and is_main(s, seat):
        return (opponent(s, seat), seat)
    return None


def _show(s: GameState, seat: int, selector: int) -> bool:
    return has(s, NAME, seat) and is_main(s, seat) and selector == opponent(s, seat)


ALIEN = register(Alien(
    name=NAME, lamp="green", summary="Sees its opponent's encounter card before choosing",
    roles=("main",), phases=("planning",), mandatory=True, source="rules 004 (classic)",
    windows=("planning",), options=_options, use=lambda s, seat, o, a: set_flag(s, NAME, seat),
    must_use=lambda s, seat, w: True, planning_order=_order, show_selected=_show,
))
