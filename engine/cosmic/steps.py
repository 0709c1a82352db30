"""The step machine: the table of steps and the helpers every step uses.

A step is a tuple `(name, *args)` on the state's stack (top last). Its handler, registered
here by name, says:
- `auto(s, st)`: do what needs no input; return True if the stack changed (progress);
- `actors(s, st)`: the seats who must act now (all public information);
- `options(s, st, seat, kn)`: the legal actions of one seat, as a lazy sequence;
- `accept(s, st, action)`: check an action and carry it out on `s` (a private clone);
- `chance(s, st)`: for steps the card source answers, what it must supply.

Like h11's transition table, a step lists the action kinds it takes (`kinds`); anything
else is refused with the phase and step named. `accept` raises `IllegalAction` before
changing anything it cannot finish, and `apply` throws the clone away on any error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

from . import cards as C
from . import powers as _powers  # read at call time: powers reaches back here lazily
from .actions import GATE, Action, Give
from .. import steps as _base
from ..stack import emit, pop, push, replace
from .state import Claim, GameState, Knowledge

__all__ = [
    "Step", "SeatStep", "STEPS", "register", "Chance", "push", "pop", "replace", "fail", "emit",
    "WARP", "BESIDE", "learn", "take_from_hand", "add_to_hand", "claim", "move_to_discard",
    "colony_sources", "frozen", "uncover_claims", "hand_over_face_down",
    "face_down_gift", "remove_ships", "NO_OPTIONS", "to_warp", "face_down",
    "held", "loss_taken_over",
]

WARP = -2  # a ship destination: the warp
BESIDE = -3  # a ship location: beside the target planet (defensive allies)

Step_t = tuple[Any, ...]
NO_OPTIONS: Sequence[Action] = ()


@dataclass(frozen=True, slots=True)
class Chance:
    """What the card source must supply for the engine to go on.

    kind: shuffle (deck: "cosmic"/"destiny"; handles: the new handles, top last; cards:
          the faces going in, sorted) | deliver (seat, handles: open these to the seat) |
          reveal (handles: make these faces public) | hand_shuffle (seat; handles: the old
          handles; cards: the new handles, in order) | first_player |
          new_alien (seat; names: the candidate aliens, sorted; answered with an index) |
          show (seat: the viewer; handles: cards that stay where they are, in someone
          else's hand; open their faces to the viewer alone, without moving or re-masking
          them: the holder and every other seat learn nothing, the public state does not
          change; answered with `Delivered`. The Mind looking at a hand.)

    Cards moved between hands keep their handles and are followed by a `deliver` to the
    new holder (re-masked first by the networked source); a `hand_shuffle` gives the
    first new handles to the seat whose hand they were put in by the engine (the taker).
    """

    kind: str
    seat: int = -1
    handles: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    deck: str = ""
    carry: tuple[int, ...] = ()  # shuffle: old hidden handles that go in unseen
    names: tuple[str, ...] = ()  # new_alien: the aliens one is drawn from


class Step(_base.Step[GameState, Action]):
    """A step's handler in Cosmic (engine.steps.Step, with Cosmic's types)."""

    # The seat acting here hands over the card it put face down (a power takes it unseen:
    # the Gambler's kept bluff, the Enigma's mix). Its action must then open its
    # face-down commitment, so that nobody can hand over another card (engine.cosmic.api
    # `face_down_handover`; the card source checks the opening).
    hands_over_face_down = False
    # Does this handler's class override `chance` (a step the card source may answer)?
    # Set for each class: the others are never asked (engine.cosmic.api's hot paths).
    asks_chance = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.asks_chance = cls.chance is not Step.chance

    def kinds_of(self, s: GameState, st: Step_t) -> tuple[str, ...]:
        """The action kinds this step takes in this game: `kinds`, unless an option of
        the game adds some (a variant's: the technology's new tech). Always holds
        `kinds`: a kind of those is taken without asking (engine.cosmic.api `apply`)."""
        return self.kinds

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return None


class SeatStep(Step, _base.SeatStep[GameState, Action]):
    """A decision of the seat named in the step (`st[1]`); goes away unasked when
    `needed` says there is nothing to decide."""


STEPS: dict[str, Step] = {}
register = _base.registrar(STEPS)


# -- stack (push, pop, replace, emit: engine.stack, shared by the games) ----------------


def fail(s: GameState, a: Action | None, reason: str) -> None:
    """Refuse `a` at the step on top of s's stack, naming its phase and the reason."""
    st = s.step()
    _base.refuse(STEPS.get(st[0]), st, a, reason)


# -- cards ------------------------------------------------------------------------------------


def learn(s: GameState, a: Action, handle: int, face: int) -> C.CardInfo:
    """Make a handle's face public; it must agree with anything already public."""
    try:
        info = C.card(face)
    except KeyError:
        fail(s, a, f"card {face} does not exist")
        raise  # unreachable; fail raises
    known = s.faces.get(handle)
    if known is not None and known != face:
        fail(s, a, f"handle {handle} is already known to be {C.card(known).label()}")
    s.own_faces()[handle] = face
    return info


def take_from_hand(s: GameState, a: Action | None, seat: int, handles: Sequence[int]) -> None:
    hand = list(s.hands[seat])
    for h in handles:
        if h not in hand:
            fail(s, a, f"card {h} is not in seat {seat}'s hand")
        hand.remove(h)
    s.set_hand(seat, tuple(hand))


def add_to_hand(s: GameState, seat: int, handles: Sequence[int]) -> None:
    s.set_hand(seat, s.hands[seat] + tuple(handles))


def move_to_discard(s: GameState, handles: Sequence[int]) -> None:
    s.discard = s.discard + tuple(handles)


def face_down(s: GameState, seat: int, kn: Knowledge) -> int | None:
    """The card this seat has face down now, if any: its secret choice, while the engine
    still holds that seat's card face down (not after the reveal, nor once the
    encounter is over, even if the card came back to the hand)."""
    e, h = s.enc, kn.selected
    if e is None or h is None or seat not in e.selected or h in e.cards:
        return None
    side = 0 if seat == e.offense else 1
    if any(f.startswith(f"stated:{side}:") for f in e.flags):
        return None  # its card stands as stated: the one chosen is free in the hand (Angel)
    return h if h in s.hands[seat] else None


def claim(s: GameState, seat: int, kind: str) -> None:
    """Record a statement about a hidden hand for the end-of-game audit."""
    s.claims = s.claims + (Claim(seat, kind, s.hands[seat], s.serial),)


def uncover_claims(s: GameState, seat: int, facedown: int) -> None:
    """The card `seat` put face down leaves its hand (revealed, or handed over by a
    power): claims made while it lay face down (after the seat's Select) did not cover it,
    so it leaves their hand; claims made before keep it (it was an ordinary card then),
    and so does a claim about the kept card itself (the Gambler's "facedown:")."""
    assert s.enc is not None
    since = max((serial for who, serial in s.enc.selected_at if who == seat), default=-1)
    # Claims are kept in the order they were made (serials never decrease), so those made
    # since the Select are a suffix: only it is looked at (the claims grow all game long).
    claims = s.claims
    start = len(claims)
    while start and claims[start - 1].serial > since:
        start -= 1
    if not any(c.seat == seat and facedown in c.hand for c in claims[start:]):
        return
    s.claims = claims[:start] + tuple(
        Claim(c.seat, c.kind, tuple(h for h in c.hand if h != facedown), c.serial)
        if (c.seat == seat and facedown in c.hand
            and not c.kind.startswith("facedown:")) else c
        for c in claims[start:])


def face_down_gift(s: GameState, seat: int, kn: Knowledge) -> list[Action]:
    """The one way `seat` can hand over the card it put face down (what its knowledge
    says it selected), or none."""
    h = kn.selected
    return [Give(seat, (h,))] if h is not None and h in s.hands[seat] else []


def hand_over_face_down(s: GameState, a: Action, seat: int) -> int:
    """`seat` hands over the card it put face down (a power takes it: the Gambler's kept
    bluff, the Enigma's mix): `a` must name one card of its hand; the claims made while
    it lay face down stop covering it. Returns its handle."""
    handles: Sequence[int] = getattr(a, "handles", ())
    if len(handles) != 1:
        fail(s, a, "give the one card you put face down")
    h = int(handles[0])
    take_from_hand(s, a, seat, (h,))
    uncover_claims(s, seat, h)
    return h


# -- ships ------------------------------------------------------------------------------------


def frozen(s: GameState, planet: int) -> bool:
    """Is `planet` frozen this encounter (encounter flag "frozen:PLANET", set by a power:
    the Chill)? Ships may leave a frozen planet only for the warp."""
    return s.enc is not None and s.enc.has_flag(f"frozen:{planet}")


def held(s: GameState, seat: int, planet: int) -> bool:
    """May `seat`'s ships leave `planet` only for the warp? So on a frozen planet (the
    Chill's, `frozen`) and where a power holds them (engine.cosmic.powers `holds`: the Gorgon's
    petrified ships). Every move of ships off a planet to anywhere but the warp asks this
    (through `colony_sources(moving=True)`, or directly for a single ship)."""
    return frozen(s, planet) or _powers.holds(s, seat, planet)


def colony_sources(s: GameState, seat: int, gate: bool = False,
                   moving: bool = False) -> list[tuple[int, int]]:
    """(location, ships) a seat may take ships from: its colonies, and the gate if allowed.
    `moving`: the ships go somewhere other than the warp, so planets that hold them
    (`held`: frozen, petrified) are left out."""
    col = s._ships[seat::s.n]
    out = [(p, col[p]) for p in compress(range(len(col)), col)]  # ship counts are >= 0
    if moving:
        flags = s.enc is not None and bool(s.enc.flags)
        hold = _powers.holding(s)  # the powers that hold ships on planets, if any
        if flags or hold:
            out = [(p, c) for p, c in out if not (flags and frozen(s, p))
                   and not (hold and _powers.holds(s, seat, p))]
    if gate and s.gate[seat] > 0:
        out.insert(0, (GATE, s.gate[seat]))
    return out


def to_warp(s: GameState, seat: int, count: int, planet: int = -1) -> list[tuple[Any, ...]]:
    """Send ships to the warp; returns the steps powers add after it (engine.cosmic.powers,
    Losses to the warp). `planet`: the one planet the ships were lost from, when the loss
    names it (the defense's ships on the target); a power may keep some there (the
    Limpet's) and take over the loss (the Sting's) before the others react to it."""
    if count <= 0:
        return []
    if planet >= 0:  # powers hook into losses
        kept = min(count, _powers.kept_on_planet(s, seat, count, planet))
        if kept > 0:
            s.ships[planet * s.n + seat] += kept
            count -= kept
            emit(s, "kept", seat, planet, kept)
            if count <= 0:
                return []
    s.warp[seat] += count
    emit(s, "warp", seat, count)
    redirect = _powers.redirect_loss(s, seat, count)
    if redirect:  # a power decides the loss first; the reactions follow if it stands
        return redirect + [("warp_reactions", seat, count)]
    return _powers.after_warp(s, seat, count)


def loss_taken_over(s: GameState, seat: int, count: int) -> None:
    """A power took over `seat`'s loss of `count` ships (engine.cosmic.powers `redirect_loss`):
    drop the pending reactions to it, the nearest ("warp_reactions", seat, count) step."""
    stack = list(s.stack)
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] == ("warp_reactions", seat, count):
            del stack[i]
            s.stack = tuple(stack)
            return


def remove_ships(s: GameState, a: Action | None, seat: int, pairs: Sequence[tuple[int, int]],
                 gate_ok: bool = False) -> int:
    """Take ships from the given locations (planets, or the gate when allowed)."""
    n = s.n
    total = 0
    for loc, count in pairs:
        if count <= 0:
            fail(s, a, "ship counts must be positive")
        if loc == GATE:
            if not gate_ok or s.gate[seat] < count:
                fail(s, a, f"seat {seat} cannot take {count} ships from the gate")
            s.gate[seat] -= count
        elif 0 <= loc < s.planet_count:
            if s._ships[loc * n + seat] < count:
                fail(s, a, f"seat {seat} has {s._ships[loc * n + seat]} ships on planet {loc}")
            s.ships[loc * n + seat] -= count
        else:
            fail(s, a, f"no location {loc}")
        total += count
    return total
