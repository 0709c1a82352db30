"""Vulch: artifacts that other players play or discard go into the Vulch's hand; a Vulch
drawing a new hand keeps its artifacts.

Text followed: rules 004 (classic), in 2008 terms; the text makes the pick-up mandatory
("you pick it up"). Choices: collecting is a *use* (mandatory, no choice: an automatic
use, so a Cosmic Zap answering it leaves the card on the discard pile and shuts the
power for the encounter), like the Zombie's saving of ships. Keeping its own artifacts
on a new hand is a standing rule (not a use, cannot be zapped). The Vulch's own played
artifacts are discarded as usual. Places that discard artifacts call the `discarded`
hook: a card played face up (engine.windows), a new hand, the Plague's discard, the
Hate's discards. Hands discarded by a cosmic quake are reshuffled at once and not
collected.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..powers import Alien, register
from ..state import GameState
from ..steps import Step, emit, pop, register as register_step

Step_t = tuple[Any, ...]


def _artifacts(s: GameState, handles: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for h in handles:
        face = s.faces.get(h)
        if face is not None and C.CATALOGUE[face].kind == "artifact" and h in s.discard:
            out.append(h)
    return tuple(out)


def _discarded(s: GameState, seat: int, by: int, handles: tuple[int, ...],
               why: str) -> list[Step_t]:
    arts = _artifacts(s, handles)
    if not arts:
        return []
    if by == seat:  # its own artifacts: kept on a new hand, discarded as usual otherwise
        return [("vulch_keep", seat, arts)] if why == "new_hand" else []
    return [("auto_power", seat, 0, arts)]


def _take(s: GameState, seat: int, handles: tuple[int, ...]) -> tuple[int, ...]:
    got = tuple(h for h in handles if h in s.discard)
    s.discard = tuple(x for x in s.discard if x not in got)
    s.set_hand(seat, s.hands[seat] + got)
    return got


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    got = _take(s, seat, tuple(args))
    if got:
        emit(s, "vulch", seat, tuple(s.faces[h] for h in got))


@register_step
class VulchKeep(Step):
    """A Vulch's new hand: its shown artifacts go back to its hand before the draw."""

    name, phase = "vulch_keep", "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, handles = st
        pop(s)
        got = _take(s, seat, handles)
        if got:
            emit(s, "vulch_keep", seat, len(got))
        return True


ALIEN = register(Alien(
    name="vulch", lamp="yellow", summary="Collects artifacts other players discard",
    roles=("any",), phases=("any",), mandatory=True, source="rules 004 (classic)",
    use=_use, discarded=_discarded,
))
