"""Hidden powers (rules 000 and 001, Hidden Powers; rules 000, Rotating Powers): the aliens
stay face down after they are dealt; a face-down power cannot be used; its owner may turn
it face up, and it stays face up.

Invariants and how it works:
- A face-down alien is a hidden card: the handle of the flare that stands for its sheet,
  dealt to its seat alone by the card source (`deliver`), so only that seat's Knowledge
  holds its face. `extra[FACE_DOWN]` holds one handle per seat (-1: none); meanwhile the
  seat's public alien is "" (no power), so nothing anywhere can use it. Turning up is a
  public `reveal_cards` of that handle, then the seat becomes the flare's alien
  (`turned_up`). Every handle the game dealt opens at the end (the audit), so a seat's
  face-down alien is committed from its deal on and checked by everyone at the end.
- The deal (engine.flares `choice_steps`, `advanced_steps`): every seat configured "?"
  or "choose" (or, with flares in the advanced setup, every seat) is dealt from one
  shuffled flare deck: one card for "?", two for "choose" (the seat keeps one by an
  index that means nothing to the others). Nothing is revealed; with flares, the dealt
  flares go into the cosmic deck unseen (the flare cards are copies: the sheets'
  handles stay the seats'). An alien named in the configuration is public from the
  genesis: it starts face up (a scenario's position may put it face down).
- Aliens whose powers draw other aliens in public (`PUBLIC_DRAWERS`) are left out of the
  deal and refused by name (Config): a public draw cannot avoid an alien lying face
  down somewhere.
- A face-down alien's setup effects (no hand at setup, a destiny hook at the first
  shuffle) do not happen: it could not be used then.
- Powers that move sheets between seats (the Changeling's exchange, the Zephyr's pass)
  treat a face-down seat as one without an alien: its sheet stays where it is, unseen.
- Rotating powers: the flare deck left after the deal is the pile of unused sheets
  (`extra[ALIEN_PILE]`, top last; never a card dealt before, so nobody knows its faces).
  At the start of its turn the offense is dealt the top one privately and keeps it or its
  old alien (`rotate_steps`); the one let go leaves the game: by name if it was face up,
  else face down (`extra[OUT]`), to be opened by the end audit like every other card.
- When may a seat turn up? "At any time" becomes a fixed public set of moments, so that
  asking never depends on a hidden face: (1) at the opening of each window in `ASK_AT`
  (the start of each phase of every encounter), every seat with a face-down alien is
  asked in timing order "turn up or pass" (`turn_up` step); (2) whenever a seat with a
  face-down alien is asked anything else, turning up is one more option (api.apply
  takes it on top of the step, which then asks again). A power that reacts to an event
  (an automatic one, or one used at a moment no window or question precedes) must have
  been turned up before that event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import cards as C
from .actions import Action, KeepAlien, Pass, TurnUp
from .alien_deal import CHOOSE, DEAL_AT_RANDOM, REMOVED, set_alien
from .choices import Fixed
from .state import GameState, Knowledge
from .steps import SeatStep, Step, emit, fail, pop, push, register, replace

Step_t = tuple[Any, ...]

__all__ = [
    "FACE_DOWN", "ALIEN_PILE", "OUT", "PUBLIC_DRAWERS", "ASK_AT", "face_down_handle",
    "face_down_seats", "deal_faces", "deal_seats", "turn_up_steps",
    "turn_up_allowed", "alien_of_flare", "own_face_down", "ask_round", "rotation_offer",
]

FACE_DOWN = "face_down_aliens"  # extra: per seat, the handle of its face-down alien or -1
ALIEN_PILE = "alien_pile"  # extra: the sheets nobody was dealt (rotating powers), top last
OUT = "aliens_out_face_down"  # extra: sheets let go face down (rotating powers)
# Their powers draw aliens in public: left out of a hidden deal (see the module comment).
PUBLIC_DRAWERS = ("anarchy", "pentaform", "reincarnator")
# The windows at whose opening every face-down seat is asked: each phase's first moment.
ASK_AT = ("start", "destiny", "launch", "alliance", "planning", "reveal", "result")


def alien_of_flare(face: int) -> str:
    """The alien a flare card stands for (the classic Filch flare is the Filch's)."""
    name = C.CATALOGUE[face].name
    return "filch" if name == "filch_classic" else name


def deal_faces(s: GameState) -> tuple[int, ...]:
    """The flare faces a hidden deal deals from, sorted: one per alien (the Filch's in its
    classic version), minus aliens named for a seat and the public drawers."""
    named = set(s.config.aliens)
    return tuple(sorted(
        C.flare_id(f) for f in C.FLARES if f != "filch"
        and alien_of_flare(C.flare_id(f)) not in named
        and alien_of_flare(C.flare_id(f)) not in PUBLIC_DRAWERS))


def deal_seats(s: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(seats dealt two that keep one, seats dealt one) in a hidden deal."""
    if s.config.flares is True:
        return tuple(range(s.n)), ()
    cfg = s.config.aliens
    return (tuple(i for i in range(s.n) if cfg[i] == CHOOSE),
            tuple(i for i in range(s.n) if cfg[i] == DEAL_AT_RANDOM))


def face_down_handle(s: GameState, seat: int) -> int:
    """The handle of `seat`'s face-down alien, -1 if it has none."""
    down = s.extra.get(FACE_DOWN)
    return int(down[seat]) if down is not None else -1


def face_down_seats(s: GameState) -> tuple[int, ...]:
    """The seats with a face-down alien, in seat order (public)."""
    down = s.extra.get(FACE_DOWN)
    return tuple(i for i, h in enumerate(down) if h >= 0) if down is not None else ()


def own_face_down(s: GameState, seat: int, kn: Knowledge) -> str:
    """The alien of `seat`'s face-down sheet as its own knowledge sees it ("" if none or
    not known to `kn`)."""
    h = face_down_handle(s, seat)
    face = kn.faces.get(h) if h >= 0 and kn.seat == seat else None
    return alien_of_flare(face) if face is not None else ""


def rotation_offer(s: GameState, seat: int, kn: Knowledge) -> tuple[str, ...]:
    """(old alien, new alien) as `seat`'s knowledge sees them while it chooses which to
    keep under hidden powers; () otherwise (or if `kn` cannot see the new one)."""
    st = s.step()
    if st[0] != "rotate_hidden" or st[1] != seat or kn.seat != seat:
        return ()
    face = kn.faces.get(st[2])
    old = s.aliens[seat] or own_face_down(s, seat, kn)
    return (old, alien_of_flare(face)) if face is not None and old else ()


def turn_up_allowed(s: GameState, seat: int) -> bool:
    """May `seat` turn its alien up? It has one face down (the caller checks that the
    seat is being asked)."""
    return seat >= 0 and face_down_handle(s, seat) >= 0


def turn_up_steps(s: GameState, seat: int) -> list[Step_t]:
    """Reveal `seat`'s face-down alien to all, then make it the seat's alien."""
    h = face_down_handle(s, seat)
    return [("reveal_cards", (h,)), ("turned_up", seat, h)]


def ask_round(s: GameState, name: str) -> list[Step_t]:
    """The turn-up round at the opening of window `name`: every face-down seat, in timing
    order; none outside ASK_AT or with nobody face down."""
    down = set(face_down_seats(s))
    if name not in ASK_AT or not down:
        return []
    return [("turn_up", name, tuple(seat for seat in s.timing_order() if seat in down), 0)]


@register
class TurnUpRound(Step):
    """("turn_up", window, seats, i): seats[i] turns its alien up or passes."""

    name, phase, kinds = "turn_up", "turn_up", ("pass", "turnup")

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, _, seats, i = st
        if i < len(seats) and face_down_handle(s, seats[i]) >= 0:
            return False
        if i >= len(seats):
            pop(s)
        else:  # turned up meanwhile (at another question): nothing to ask
            replace(s, (st[0], st[1], seats, i + 1))
        return True

    def phase_of(self, st: Step_t) -> str:
        from .windows import _WINDOW_PHASE
        return _WINDOW_PHASE.get(str(st[1]), "turn_up")

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[2][st[3]],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Pass(seat), TurnUp(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        replace(s, (st[0], st[1], st[2], st[3] + 1))
        if isinstance(a, TurnUp):
            push(s, *turn_up_steps(s, a.seat))


@register
class TurnedUp(Step):
    """("turned_up", seat, handle): the face is public now; the seat becomes that alien."""

    name, phase = "turned_up", "turn_up"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, h = st
        down = list(s.extra[FACE_DOWN])
        down[seat] = -1
        s.extra[FACE_DOWN] = down
        name = alien_of_flare(s.faces[h])
        emit(s, "turned_up", seat, name)
        set_alien(s, seat, name)
        pop(s)
        return True


# -- the deal -----------------------------------------------------------------------------------


@register
class HiddenAliens(Step):
    """After the deal: each dealt seat's kept flare becomes its face-down alien; the rest
    of the flare deck is the pile of unused sheets (rotating powers)."""

    name, phase = "hidden_aliens", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        hands, kept = s.extra["flare_hands"], s.extra["flare_kept"]
        down = [-1] * s.n
        aliens = list(s.aliens)
        for seat in range(s.n):
            if hands[seat]:
                down[seat] = hands[seat][max(kept[seat], 0)]
                aliens[seat] = ""
        s.aliens = tuple(aliens)
        s.extra[FACE_DOWN] = down
        if s.config.rotating_powers:
            s.extra[ALIEN_PILE] = list(s.extra["flare_deck"])
        emit(s, "face_down", sum(h >= 0 for h in down))
        pop(s)
        return True


# -- rotating powers under hidden powers ------------------------------------------------------


@register
class RotateDeal(Step):
    """("rotate_deal", seat): the offense's new sheet, the pile's top, dealt face down to
    it alone (nothing if the pile is out). alien_deal.rotate_steps pushes it."""

    name, phase = "rotate_deal", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        pile = list(s.extra.get(ALIEN_PILE, ()))
        if not pile:
            pop(s)
            return True
        h = pile.pop()
        s.extra[ALIEN_PILE] = pile
        replace(s, ("deliver", st[1], (h,)), ("rotate_hidden", st[1], h))
        return True


@register
class RotateHidden(SeatStep):
    """("rotate_hidden", seat, new): keep the old alien (0) or the new face-down one (1).
    The one let go leaves the game: by name if face up, else face down (OUT). A seat
    without any alien keeps the new one without asking."""

    name, phase, kinds = "rotate_hidden", "start_turn", ("keep",)

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, new = st
        if s.aliens[seat] or face_down_handle(s, seat) >= 0:
            return False
        self._keep_new(s, seat, new)
        return True

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([KeepAlien(seat, 0), KeepAlien(seat, 1)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, KeepAlien)
        _, seat, new = st
        if a.index not in (0, 1):
            fail(s, a, "keep 0 (the alien you had) or 1 (the one just dealt face down)")
        if a.index == 1:
            self._keep_new(s, seat, new)
        else:
            s.extra[OUT] = [*s.extra.get(OUT, ()), new]
            emit(s, "rotated_hidden", seat, 0, "")
            pop(s)

    @staticmethod
    def _keep_new(s: GameState, seat: int, new: int) -> None:
        old, out = face_down_handle(s, seat), s.aliens[seat]
        if old >= 0:
            s.extra[OUT] = [*s.extra.get(OUT, ()), old]
        elif out:
            s.extra[REMOVED] = sorted(set(s.extra.get(REMOVED, ())) | {out})
            aliens = list(s.aliens)
            aliens[seat] = ""  # its event is "rotated_hidden", below
            s.aliens = tuple(aliens)
        down = list(s.extra.get(FACE_DOWN, [-1] * s.n))
        down[seat] = new
        s.extra[FACE_DOWN] = down
        emit(s, "rotated_hidden", seat, 1, out)
        pop(s)
