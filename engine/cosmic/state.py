"""The game state: one value holding everything public, plus opaque handles for the hidden.

Invariants (checked by tests/test_invariants.py after every action of many games):
- each seat's ships are all somewhere: planets + gate + beside the target + warp = its total;
- every handle is in exactly one zone (deck, a hand, discard, in play, set aside by a
  power until the encounter ends: engine.cosmic.powers `set_aside`, removed), and a
  handle's face is in `faces` only once it is public;
- `apply` never mutates a state: it works on `clone()`, which copies every mutable
  container but two. Tuples are shared between states; so are the ships list (a write
  through `GameState.ships` copies it first) and the faces dict (`own_faces()` copies
  it first). An encounter's pairs (invited, allies, cards, reinforce, lost) are tuples.

The flow of play is a stack of steps (`stack`, top last). A step is a tuple
`(name, *args)` of ints, strings and tuples, so the stack is public, hashable and easy to
encode. Phases push the steps they need; sub-steps (windows, ship choices, draws) are
pushed on top and popped when done.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Any, TypeVar

from . import cards as _cards

__all__ = ["Config", "GameState", "Encounter", "Claim", "Outcome", "Knowledge", "VARIANTS",
           "variant_options"]


@dataclass(frozen=True, slots=True)
class Config:
    """What a game is set up with. Seats sit clockwise in seat order."""

    seats: int
    colors: tuple[str, ...] = ()
    planets: int = 5  # per seat; 4 in the four-planets variant
    single_encounter: bool = False
    # One per seat: a name, "" for none, "?" dealt at random, "choose" dealt two, keeps one.
    aliens: tuple[str, ...] = ()
    max_turns: int = 0  # 0: play to the end; else a simulation limit (outcome "turn_limit")
    # Flares (engine/flares.py): () none; True the advanced setup (two flares dealt to each
    # seat, each keeps one alien, ten flares in the deck); or the flare names the cosmic
    # deck holds, with the aliens as configured.
    flares: bool | tuple[str, ...] = ()
    classic_artifacts: bool = False  # the classic artifacts join the cosmic deck (rules 004)
    teams: bool = False  # two-player teams, teammates seated opposite (rules 004, Team Play)
    two_player: bool = False  # the classic two-player game (rules 004, Two-Player Game)
    freewheeling_flares: bool = False  # any number of flares an encounter (rules 000)
    rotating_powers: bool = False  # the offense draws a new alien each turn (rules 000)
    hidden_powers: bool = False  # aliens stay face down until turned up (engine.hidden)
    technology: bool = False  # tech cards researched with ships (rules 000/001; engine.techs)

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= len(_cards.COLORS):
            raise ValueError(f"seats must be 2..{len(_cards.COLORS)}, got {self.seats}")
        if not self.colors:
            object.__setattr__(self, "colors", _cards.COLORS[: self.seats])
        if len(self.colors) != self.seats or len(set(self.colors)) != self.seats:
            raise ValueError("one distinct colour per seat is needed")
        for c in self.colors:
            if c not in _cards.COLORS:
                raise ValueError(f"unknown colour {c!r}")
        if self.planets not in (4, 5):
            raise ValueError("planets per seat must be 5 (or 4 in the four-planets variant)")
        if not self.aliens:
            object.__setattr__(self, "aliens", ("",) * self.seats)
        if len(self.aliens) != self.seats:
            raise ValueError("one alien (or '') per seat is needed")
        if self.teams and self.seats not in (4, 6, 8, 10):
            raise ValueError("team play needs 4, 6, 8 or 10 seats (teams of two)")
        if self.two_player and self.seats != 2:
            raise ValueError("the two-player game is for 2 seats")
        if self.freewheeling_flares and not self.flares:
            raise ValueError("freewheeling flares need flares in the game (--flares)")
        if self.rotating_powers and not (any(self.aliens) or self.flares is True):
            raise ValueError("rotating powers need aliens in the game (--aliens or --flares)")
        if self.hidden_powers:
            drawers = [a for a in self.aliens if a in ("anarchy", "pentaform", "reincarnator")]
            if drawers:  # engine.hidden PUBLIC_DRAWERS: their public draws could hit a
                # face-down alien
                raise ValueError(f"hidden powers: the {drawers[0]} draws aliens in public; "
                                 "it cannot be in the game")
            if not (any(self.aliens) or self.flares is True):
                raise ValueError("hidden powers need aliens in the game (--aliens or --flares)")
        if self.flares is True:
            if any(a not in ("", "?", "choose") for a in self.aliens):
                raise ValueError("the advanced setup deals the aliens: name none")
        elif self.flares is False:
            object.__setattr__(self, "flares", ())
        else:
            names = tuple(self.flares)
            object.__setattr__(self, "flares", names)
            for f in names:
                if f not in _cards.FLARES:
                    raise ValueError(f"unknown flare {f!r}")
            if len(set(names)) != len(names):
                raise ValueError("each flare at most once")
            if "filch" in names and "filch_classic" in names:
                raise ValueError("use one version of the Filch flare (rules 001)")

    @property
    def ships_per_seat(self) -> int:
        return 4 * self.planets  # four ships on each home planet

    @property
    def cosmic_deck(self) -> tuple[int, ...]:
        """The card ids of this game's cosmic deck, flares aside: one copy of the 72 cards,
        two at 9 and 10 seats (engine.cosmic.cards.cosmic_decks). The local source and the card
        protocol both shuffle what the setup step names, so this is the one place."""
        return _cards.cosmic_deck(self.seats, self.classic_artifacts)

    @property
    def win_colonies(self) -> int:
        return self.planets  # five foreign colonies, four with four planets

    @property
    def power_threshold(self) -> int:
        """Home colonies a power needs: three (two with four planets); in the two-player
        game one fewer than the planets, four of five (rules 004). GameState.has_power
        spells this out."""
        return self.planets - (1 if self.two_player else 2)

    def teammate(self, seat: int) -> int:
        """The seat opposite, in team play; -1 without teams."""
        return (seat + self.seats // 2) % self.seats if self.teams else -1

    @property
    def variants(self) -> tuple[str, ...]:
        out = []
        if self.planets == 4:
            out.append("four_planets")
        if self.single_encounter:
            out.append("single_encounter")
        if self.classic_artifacts:
            out.append("classic_artifacts")
        if self.teams:
            out.append("teams")
        if self.two_player:
            out.append("two_player")
        if self.freewheeling_flares:
            out.append("freewheeling_flares")
        if self.rotating_powers:
            out.append("rotating_powers")
        if self.hidden_powers:
            out.append("hidden_powers")
        if self.technology:
            out.append("technology")
        return tuple(out)


# Every variant a game can name (the genesis's rules, --variant, a scenario's variants).
VARIANTS = ("four_planets", "single_encounter", "classic_artifacts", "teams", "two_player",
            "freewheeling_flares", "rotating_powers", "hidden_powers", "technology")


def variant_options(variants: Sequence[str]) -> dict[str, Any]:
    """The Config keywords for a list of variant names; raises ValueError naming an
    unknown one. The one place that maps names to settings."""
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise ValueError(f"unknown variant {unknown[0]!r}; known: {', '.join(VARIANTS)}")
    return {"planets": 4 if "four_planets" in variants else 5,
            "single_encounter": "single_encounter" in variants,
            "classic_artifacts": "classic_artifacts" in variants,
            "teams": "teams" in variants, "two_player": "two_player" in variants,
            "freewheeling_flares": "freewheeling_flares" in variants,
            "rotating_powers": "rotating_powers" in variants,
            "hidden_powers": "hidden_powers" in variants,
            "technology": "technology" in variants}


@dataclass(frozen=True, slots=True)
class Claim:
    """A statement about a hidden hand, checked by the end-of-game audit.

    kind: "has_encounter" | "no_encounter" | "none_of:<card kind>" |
          "facedown:<stated face>" (hand: the one card kept face down; it must be an
          encounter card, whatever was stated about it) |
          "has_all:<kind>,<kind>..." (a card of every kind listed) |
          "lacks_any:<kind>,<kind>..." (no card of at least one kind listed) |
          "playable:<rule>;<rule>..." (no encounter card keeping every rule a power put on
          the card to play: engine.cosmic.powers `bind_card`)
    hand: the handles in the seat's hand when it made the claim (minus a face-down card).
    """

    seat: int
    kind: str
    hand: tuple[int, ...]
    serial: int  # the action count when it was made, to name it in the audit
    # A state keeps its claims in the order they were made: their serials never decrease.


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: a reason and the winning seats (empty if nobody won)."""

    reason: str
    winners: tuple[int, ...]


@dataclass(slots=True)
class Knowledge:
    """What one seat knows beyond the public state: faces of handles, and its own secrets.

    Kept by the seat's node (or the local card source); the engine only reads it.
    """

    seat: int
    faces: dict[int, int] = field(default_factory=dict)
    selected: int | None = None  # the handle this seat put face down, until revealed

    def face(self, handle: int) -> int | None:
        return self.faces.get(handle)


_T = TypeVar("_T")
Pair = tuple[_T, _T]  # (offense's side, defense's side)


def pair_with(pair: Pair[_T], side: int, value: _T) -> Pair[_T]:
    """`pair` with the item of `side` (0 offense, 1 defense) replaced by `value`."""
    return (value, pair[1]) if side == 0 else (pair[0], value)


class Encounter:
    """The public facts of the encounter under way."""

    __slots__ = (
        "offense", "defense", "number", "destiny", "target", "invited", "allies",
        "selected", "cards", "reinforce", "played", "result", "flags", "deal", "zapped",
        "lost", "powers_used", "selected_at",
    )

    def __init__(self, offense: int, number: int) -> None:
        self.offense = offense
        self.defense = -1
        self.number = number  # 1 or 2
        self.destiny = -1  # handle of the destiny card drawn
        self.target = -1  # planet the gate points at
        # Pairs (offense's side, defense's side) are tuples, replaced whole (`pair_with`),
        # never changed in place: a clone shares them.
        self.invited: Pair[tuple[int, ...]] = ((), ())  # by offense, by defense
        self.allies: Pair[tuple[int, ...]] = ((), ())  # offensive, defensive (seat order)
        self.selected: tuple[int, ...] = ()  # main players who put a card face down
        self.cards: Pair[int] = (-1, -1)  # revealed encounter card handles (off, def)
        self.reinforce: Pair[int] = (0, 0)  # totals added by reinforcements (off, def)
        self.played: tuple[int, ...] = ()  # face-up cards to discard at the end
        self.result = ""  # "", offense, defense, deal, nodeal, aborted, reestablished
        self.flags: tuple[str, ...] = ()  # sorted: emotion_control, ionic_gas, quashed...
        self.deal: tuple[int, ...] = ()  # standing proposal: proposer, terms...
        self.zapped: tuple[int, ...] = ()  # seats whose power is zapped this encounter
        self.lost: Pair[int] = (0, 0)  # main players' own ships lost to the warp by the outcome
        self.powers_used: tuple[int, ...] = ()
        self.selected_at: tuple[tuple[int, int], ...] = ()  # (seat, action serial) of Selects

    def clone(self) -> Encounter:
        # Spelled out, field by field (a loop over __slots__ with getattr/setattr cost
        # a quarter of every apply). tests/test_engine_core.py checks it names them all.
        e = object.__new__(Encounter)
        e.offense = self.offense
        e.defense = self.defense
        e.number = self.number
        e.destiny = self.destiny
        e.target = self.target
        e.invited = self.invited
        e.allies = self.allies
        e.selected = self.selected
        e.cards = self.cards
        e.reinforce = self.reinforce
        e.played = self.played
        e.result = self.result
        e.flags = self.flags
        e.deal = self.deal
        e.zapped = self.zapped
        e.lost = self.lost
        e.powers_used = self.powers_used
        e.selected_at = self.selected_at
        return e

    def encode(self) -> list[Any]:
        return [
            self.offense, self.defense, self.number, self.destiny, self.target,
            [list(x) for x in self.invited], [list(x) for x in self.allies],
            list(self.selected), list(self.cards), list(self.reinforce), list(self.played),
            self.result, list(self.flags), list(self.deal), list(self.zapped), list(self.lost),
            list(self.powers_used), [list(x) for x in self.selected_at],
        ]

    def has_flag(self, flag: str) -> bool:
        return flag in self.flags

    def add_flag(self, flag: str) -> None:
        if flag not in self.flags:
            self.flags = tuple(sorted(self.flags + (flag,)))


_ATOMIC = frozenset({int, str, bool, float, bytes, type(None)})


def _copy_data(v: Any) -> Any:
    """A deep copy of plain data (what `extra` holds: lists, dicts and tuples of ints and
    strings), equal to copy.deepcopy's but several times cheaper: a list of atoms is one
    slice, a tuple of atoms is shared. Anything else goes to copy.deepcopy."""
    t = type(v)
    if t in _ATOMIC:
        return v
    if t is list:
        if all(map(_ATOMIC.__contains__, map(type, v))):
            return v[:]
        return [_copy_data(x) for x in v]
    if t is dict:
        return {k: _copy_data(x) for k, x in v.items()}
    if t is tuple:
        if all(map(_ATOMIC.__contains__, map(type, v))):
            return v
        return tuple(_copy_data(x) for x in v)
    return copy.deepcopy(v)


# timing orders, by (n, off, def); clockwise orders from a seat's left, by (n, seat, -2)
_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}


class GameState:
    """One position of the game. Treat as a value: the engine never changes one in place."""

    __slots__ = (
        "config", "_ships", "_ships_owned", "warp", "gate", "beside", "hands", "deck", "discard",
        "destiny_deck", "destiny_discard", "faces", "next_handle", "stack", "enc",
        "offense", "claims", "outcome", "serial", "turns", "encounters", "extra", "events",
        "_faces_owned", "aliens",
    )

    def __init__(self, config: Config) -> None:
        n, p = config.seats, config.planets
        self.config = config
        # ships[planet * n + seat]: planet k belongs to seat k // p.
        ships = [0] * (n * p * n)
        for seat in range(n):
            for k in range(p):
                ships[(seat * p + k) * n + seat] = 4
        self._ships = ships  # shared between clones until written: read `ships`
        self._ships_owned = True
        self.warp = [0] * n
        self.gate = [0] * n
        self.beside = [0] * n
        self.hands: tuple[tuple[int, ...], ...] = ((),) * n
        self.deck: tuple[int, ...] = ()  # top of the deck is the last item
        self.discard: tuple[int, ...] = ()  # face up; newest last
        self.destiny_deck: tuple[int, ...] = ()
        self.destiny_discard: tuple[int, ...] = ()
        self.faces: dict[int, int] = {}  # public faces of handles; write via own_faces()
        self._faces_owned = True
        self.next_handle = 0
        self.stack: tuple[tuple[Any, ...], ...] = ()
        self.enc: Encounter | None = None
        self.offense = -1
        self.claims: tuple[Claim, ...] = ()
        self.outcome: Outcome | None = None
        self.serial = 0  # actions applied so far
        self.turns = 0
        self.encounters = 0
        # current alien of each seat ("" none); a tuple, replaced, never changed in place:
        # engine.cosmic.powers keeps what the sheets give each hook by it (`_Sheets`)
        self.aliens: tuple[str, ...] = config.aliens
        self.extra: dict[str, Any] = {}  # per-alien public state, by alien name
        self.events: list[tuple[Any, ...]] = []  # what the last action caused; not hashed

    # -- copying ------------------------------------------------------------------------------

    def clone(self) -> GameState:
        s = object.__new__(GameState)
        s.config = self.config
        s._ships = self._ships  # shared until written: both copy it first (`ships`)
        s._ships_owned = self._ships_owned = False
        s.warp = self.warp[:]
        s.gate = self.gate[:]
        s.beside = self.beside[:]
        s.hands = self.hands
        s.deck = self.deck
        s.discard = self.discard
        s.destiny_deck = self.destiny_deck
        s.destiny_discard = self.destiny_discard
        s.faces = self.faces  # shared until written: own_faces() copies it first
        s._faces_owned = False
        s.next_handle = self.next_handle
        s.stack = self.stack
        enc = self.enc
        s.enc = enc.clone() if enc is not None else None
        s.offense = self.offense
        s.claims = self.claims
        s.outcome = self.outcome
        s.serial = self.serial
        s.turns = self.turns
        s.encounters = self.encounters
        s.aliens = self.aliens
        extra = self.extra
        s.extra = {k: _copy_data(v) for k, v in extra.items()} if extra else {}
        s.events = []
        return s

    # -- ships --------------------------------------------------------------------------------

    @property
    def ships(self) -> list[int]:
        """Ships by place: ships[planet * n + seat] (planet k belongs to seat k // p).

        This state's own list, safe to change in place: a clone and the state it was
        cloned from share one list (most actions move no ship) until either asks for it
        here, which copies it first. The engine reads the shared list without copying it
        (`_ships`) and never changes that one in place."""
        if not self._ships_owned:
            self._ships = self._ships[:]
            self._ships_owned = True
        return self._ships

    @ships.setter
    def ships(self, value: list[int]) -> None:
        self._ships = value
        self._ships_owned = True

    # -- geometry -----------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return self.config.seats

    def planet_owner(self, planet: int) -> int:
        return planet // self.config.planets

    def home_planets(self, seat: int) -> range:
        p = self.config.planets
        return range(seat * p, seat * p + p)

    @property
    def planet_count(self) -> int:
        return self.config.seats * self.config.planets

    def on(self, planet: int, seat: int) -> int:
        """Ships of `seat` on `planet`."""
        return self._ships[planet * self.n + seat]

    def colonies(self, seat: int) -> list[int]:
        """Planets where `seat` has a colony, in planet order."""
        col = self._ships[seat::self.config.seats]
        return list(compress(range(len(col)), col))  # ship counts are never below 0

    def home_colonies(self, seat: int) -> int:
        p = self.config.planets
        home = self._ships[seat * p * self.n + seat: (seat + 1) * p * self.n: self.n]
        return p - home.count(0)

    def foreign_colonies(self, seat: int) -> int:
        col = self._ships[seat::self.n]
        return len(col) - col.count(0) - self.home_colonies(seat)

    def ships_total(self, seat: int) -> int:
        """Every ship of `seat`: on planets, the gate, beside the target, in the warp,
        held captive by another seat's power (extra["captives"], engine.cosmic.powers), and
        researching its techs (extra["techs"], engine.techs)."""
        on_planets = sum(self._ships[seat::self.config.seats])
        captive: int = sum(r[3] for r in self.extra.get("captives", ()) if r[2] == seat)
        captive += sum(r[2] for r in self.extra.get("techs", ()) if r[0] == seat)
        return int(on_planets + self.gate[seat] + self.beside[seat] + self.warp[seat] + captive)

    def ships_on_planets(self, seat: int) -> int:
        return sum(self._ships[seat::self.config.seats])

    def has_power(self, seat: int) -> bool:
        """An alien power works only with enough home colonies (rules 001, Losing Home
        Planets and Alien Powers) and while not zapped this encounter."""
        if not self.aliens[seat]:
            return False
        c = self.config  # home_colonies(seat) < c.power_threshold, spelled out (asked at
        # every hook of a power): more empty home planets than planets - threshold
        p, n = c.planets, c.seats
        if self._ships[seat * p * n + seat: (seat + 1) * p * n: n].count(0) \
                > (1 if c.two_player else 2):
            return False
        e = self.enc
        return e is None or seat not in e.zapped

    def timing_order(self) -> list[int]:
        """Offense, defense, then the others clockwise from the offense's left (rules 001,
        Timing). Outside an encounter: clockwise from the offense."""
        return list(self.timing_order_t())

    def timing_order_t(self) -> tuple[int, ...]:
        """`timing_order` as a tuple, shared: for reading only."""
        n, off = self.config.seats, self.offense
        d = self.enc.defense if self.enc is not None and off >= 0 else -1
        key = (n, off, d)
        order = _ORDERS.get(key)
        if order is None:
            if off < 0:
                order = tuple(range(n))
            else:
                head = (off, d) if d >= 0 else (off,)
                order = head + tuple((off + i) % n for i in range(1, n) if (off + i) % n != d)
            order = _ORDERS[key] = order
        return order

    def clockwise_from_left(self, seat: int) -> list[int]:
        key = (self.config.seats, seat, -2)  # -2: no defense has it; this is another order
        order = _ORDERS.get(key)
        if order is None:
            n = self.config.seats
            order = _ORDERS[key] = tuple((seat + i) % n for i in range(1, n))
        return list(order)

    # -- handles ------------------------------------------------------------------------------

    def new_handles(self, count: int) -> tuple[int, ...]:
        first = self.next_handle
        self.next_handle += count
        return tuple(range(first, first + count))

    def hand(self, seat: int) -> tuple[int, ...]:
        return self.hands[seat]

    def set_hand(self, seat: int, hand: tuple[int, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = hand
        self.hands = tuple(hands)

    def own_faces(self) -> dict[int, int]:
        """The public faces, copied first if still shared with the state this came from."""
        if not self._faces_owned:
            self.faces = dict(self.faces)
            self._faces_owned = True
        return self.faces

    def step(self) -> tuple[Any, ...]:
        return self.stack[-1] if self.stack else ("over",)

    @property
    def phase(self) -> str:
        from .steps import STEPS  # the step table names each step's phase
        if self.outcome is not None:
            return "over"
        st = self.step()
        h = STEPS.get(st[0])
        return h.phase_of(st) if h is not None else "over"
