"""Ambush: collects the destiny cards other players draw, and spends one to send a ship of
its colour from the gate to the warp.

Text followed: rules 004 (classic Ambush), in 2008 terms ("token" = ship, "Mothership" =
the gate, "challenge" = encounter). Choices we made:
- "Flipped or discarded by other players" is every destiny card another seat drew: the
  Ambush receives it when it would go to the destiny discard pile (at the end of that
  encounter, or at once when its drawer draws again), through the `keep_destiny` hook.
  Cards the Ambush drew itself go to the pile as usual. Held cards are face up (they were
  drawn face up); a zapped or lost power receives nothing meanwhile.
- Use: as a main player or an ally, at any window from the launch to the reveal (before
  the outcome is decided: "launch", "alliance", "planning", "selected", "reveal"), it
  discards a held card of a player's colour (`power 0 SEAT`) and one of that player's
  ships on the gate goes to the warp. A wild card has no colour: it is only held. A
  held special card shows the colour of the seat it would name as the defense were the
  Ambush to draw it when it spends it (rules 001, Color of Special Destiny Cards: the
  card names whom it indicates as it is read; never the Ambush itself, ties to the
  Ambush's left; engine.cosmic.flow `destiny_seat`). Only ships on the gate can be hit (the
  offense's and its allies'); its own colour is allowed, as the text does not exclude it.
  Several uses per encounter, one card each.
- The use is zappable: a Cosmic Zap cancels it entirely, and the card stays held.
- At a reshuffle of the destiny deck every held card goes back in (the framework does it
  for every holder, whether or not its power still works).
"""

from __future__ import annotations

from typing import Any

from ..flow import destiny_seat
from ..powers import Alien, held_destiny, register, release_destiny
from ..state import GameState
from ..steps import emit, push, to_warp
from ._util import is_main_or_ally

Step_t = tuple[Any, ...]

WINDOWS = ("launch", "alliance", "planning", "selected", "reveal")


def _keep(s: GameState, seat: int, drawer: int, handle: int) -> bool:
    return drawer != seat


def _card_for(s: GameState, seat: int, target: int) -> int | None:
    """The oldest held card of `target`'s colour."""
    return next((h for h in held_destiny(s, seat) if destiny_seat(s, seat, h) == target), None)


def _options(s: GameState, seat: int, window: str) -> list[tuple[int, tuple[int, ...]]]:
    if window not in WINDOWS or not is_main_or_ally(s, seat):
        return []
    colours = sorted({destiny_seat(s, seat, h) for h in held_destiny(s, seat)} - {-1})
    return [(0, (t,)) for t in colours if s.gate[t] > 0]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    target = args[0]
    card = _card_for(s, seat, target)
    if card is None or s.gate[target] <= 0:
        return
    release_destiny(s, seat, card)
    s.gate[target] -= 1
    emit(s, "ambush", seat, target)
    push(s, *to_warp(s, target, 1))


ALIEN = register(Alien(
    name="ambush", lamp="yellow", summary="Keeps others' destiny cards; spends one to send "
    "a ship of its colour from the gate to the warp",
    roles=("main", "ally"), phases=("launch", "alliance", "planning", "reveal"),
    mandatory=False, source="rules 004 (classic)",
    windows=WINDOWS, options=_options, use=_use, keep_destiny=_keep,
))
