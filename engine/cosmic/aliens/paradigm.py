"""Paradigm: defending, it may send the encounter to another system drawn from destiny;
that system's owner defends there with the card the Paradigm chose.

Text followed: rules 004 (classic Paradigm), in 2008 terms ("challenge" = encounter,
"Mothership" = the gate, "Challenge Card" = encounter card). Choices we made:
- When: as the defense, at the window after both cards are chosen face down (before the
  reveal), once an encounter: `power 0`. A use, so a Cosmic Zap cancels it (nothing is
  drawn). Not offered while the destiny deck holds a single card (the flow shuffles a new
  deck only for the offense's own draw).
- The draw: the top destiny card is turned up (a `reveal_cards` chance, as for any
  destiny draw; `paradigm_shift` step) and then discarded (a power that keeps destiny
  cards, the Ambush, may take it).
- Only a card showing the colour of a seat outside the encounter (neither main player nor
  an ally) moves it: that seat becomes the defense, and the gate points at the planet of
  its home system in the same place as the old target (the Paradigm's Nth planet becomes
  its Nth). Any other card (the offense's or the Paradigm's own colour, an ally's colour,
  wild) shows no new system to go to: nothing changes, the use is spent. In team play
  the Paradigm's teammate's colour counts as its own, and the offense's teammate's as
  the offense's (rules 004, Team Play: teammates never meet in an encounter): nothing
  changes either.
- A special card shows the colour of the seat it names as the defense (rules 001, Color
  of Special Destiny Cards; engine.cosmic.flow `destiny_seat`). The Paradigm is the one
  who turns it up, so it reads it as its own draw, as the counts stand when it comes up:
  it skips the Paradigm (not the offense) and breaks ties to the Paradigm's left. The
  seat it names then goes as that seat's colour card would: outside the encounter it
  defends; the offense or an ally changes nothing.
- The new defense plays the Paradigm's face-down card: the Paradigm still turns it up at
  the reveal (the framework's `play_for`), and it counts as the defense's card for the
  outcome (a lost negotiate's compensation goes to the new defense). The new defense's
  ships on the new target count; the Paradigm and its ships are out of the encounter.
  Allies already beside the target stay committed to the defense's side.
"""

from __future__ import annotations

from typing import Any

from ..flow import destiny_seat
from ..powers import Alien, Option, change_defense, discard_destiny, play_for, register
from ..state import GameState
from ..steps import Step, emit, pop, push, register as register_step
from ._util import has, set_flag

Step_t = tuple[Any, ...]

KEY = "paradigm"


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    e = s.enc
    if (window != "selected" or e is None or seat != e.defense or len(e.selected) != 2
            or has(s, KEY, seat) or len(s.destiny_deck) <= 1 or min(e.cards) >= 0):
        return []
    return [(0, ())]


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    e = s.enc
    if e is None or seat != e.defense or len(s.destiny_deck) <= 1:
        return
    set_flag(s, KEY, seat)
    h = s.destiny_deck[-1]
    s.destiny_deck = s.destiny_deck[:-1]
    s.destiny_discard = s.destiny_discard + (h,)  # face up once turned; see paradigm_shift
    push(s, ("reveal_cards", (h,)), ("paradigm_shift", seat, h))


@register_step
class ParadigmShift(Step):
    """("paradigm_shift", seat, handle): the drawn destiny card is up; follow it."""

    name, phase = "paradigm_shift", "planning"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, h = st
        e = s.enc
        assert e is not None
        pop(s)
        s.destiny_discard = tuple(x for x in s.destiny_discard if x != h)
        discard_destiny(s, seat, h)
        new = destiny_seat(s, seat, h)
        # Its teammate's colour counts as its own, and the offense's teammate's as the
        # offense's: teammates never have an encounter together (rules 004, Team Play).
        busy = (e.offense, e.defense, s.config.teammate(seat), s.config.teammate(e.offense),
                *e.allies[0], *e.allies[1])
        if new < 0 or new in busy or e.target < 0:
            emit(s, "paradigm_stays", seat, s.faces[h])
            return True
        per = s.config.planets
        planet = new * per + e.target % per
        play_for(s, seat, 1)
        change_defense(s, new)
        e.target = planet
        emit(s, "paradigm_shift", seat, new, planet)
        return True


ALIEN = register(Alien(
    name="paradigm", lamp="red", summary="Sends the encounter to a system destiny draws",
    roles=("defense",), phases=("planning",), mandatory=False, source="rules 004 (classic)",
    windows=("selected",), options=_options, use=_use,
))
