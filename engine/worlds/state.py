"""The state of a worlds game: one value holding everything public, plus opaque handles.

Invariants:
- a place is a world (0..25) or a square of deep space holding no world (WORLDS + square,
  `place_square`); only tokens of a race that may end a move there stand in deep space;
- `stacks[w * n + seat]` is seat's stack on world w, `space[place * n + seat]` its stack
  in deep space (no empty entry): a sorted tuple of token codes, each
  `origin * MOVES + moves_used` (a token is born on world `origin`; its race is that world's
  native race, so a Mutation changes the race of every token of the world at once);
  at most SUPPLY tokens of one origin exist;
- every card handle is in exactly one of: the deck (top last), a hand, the discard pile,
  the conflict's cards in play; every race chit handle in one of: the race pile (top
  last), a seat's four dealt chits (`dealt`), `race_out` (set aside unseen), a world
  (`chit`), a world's gifts (`gifts`: the Gifted's extra races); a handle's face is in
  `faces` only once it is public;
- `apply` never mutates a state: it works on `clone()`, which copies every mutable
  container (tuples are shared).
The flow is a stack of steps (`stack`, top last), tuples of ints, strings and tuples.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .data import RACE_KEYS

__all__ = ["Config", "Knowledge", "Outcome", "Claim", "Conflict", "GameState", "WORLDS",
           "GRID", "SUPPLY", "MOVES", "WIN_WORLDS", "RANGE", "PLACES", "distance",
           "space_place"]

WORLDS = 26  # A..Z
GRID = 10  # the map is 10 x 10
SUPPLY = 20  # tokens per world letter
MOVES = 4  # token code radix for moves used this turn
WIN_WORLDS = 20
RANGE = 3  # ordinary migration range, retreat range, "within 3 spaces"
HAND_LIMIT = 7
PLACES = WORLDS + GRID * GRID  # worlds, then every square as a place in deep space


def space_place(square: int) -> int:
    """The deep-space place of a map square (x * GRID + y)."""
    return WORLDS + square


def distance(a: int, b: int) -> int:
    """Spaces between two map squares (x * GRID + y): the king's-move (Chebyshev) metric,
    a diagonal step counting one space (docs/worlds-rules.md, choice 1)."""
    return max(abs(a // GRID - b // GRID), abs(a % GRID - b % GRID))


# The control markers' colours, in the order seats take them.
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple", "orange")


@dataclass(frozen=True, slots=True)
class Config:
    """What a game is set up with: 2..6 seats, a turn limit for simulations (0: none), the
    race pool (race keys; empty: every race in the data) and the players' colours (their
    control markers; the first `seats` of COLOURS unless given)."""

    seats: int
    max_turns: int = 0
    race_pool: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise ValueError(f"worlds is for 2..6 seats, got {self.seats}")
        if not self.colors:
            object.__setattr__(self, "colors", COLOURS[:self.seats])
        if len(self.colors) != self.seats or len(set(self.colors)) != self.seats or any(
                c not in COLOURS for c in self.colors):
            raise ValueError(f"one colour a seat, each once, of {', '.join(COLOURS)}")
        if self.max_turns < 0:
            raise ValueError("max_turns must be >= 0")
        for k in self.race_pool:
            if k not in RACE_KEYS:
                raise ValueError(f"unknown race {k!r}")
        if len(set(self.race_pool)) != len(self.race_pool):
            raise ValueError("each race at most once in the pool")
        if self.race_pool and len(self.race_pool) < 4 * self.seats + 1:
            raise ValueError(f"the race pool needs at least {4 * self.seats + 1} races")

    def pool(self) -> tuple[int, ...]:
        """The race ids in the race pile, sorted."""
        if not self.race_pool:
            return tuple(range(len(RACE_KEYS)))
        return tuple(sorted(RACE_KEYS[k] for k in self.race_pool))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: a reason ("worlds", "turn_limit") and the winning seats."""

    reason: str
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """A statement about a hidden hand, for an end-of-game audit: kind "no_force" (the
    seat revealed no force card: none of `hand` is one) or "not_force" (the card drawn at
    random for it to fight with, `hand` = that one handle, is no force card); the unseen
    tokens' claims "born", "page", "unveil" (engine.worlds.unseen).

    `pos`: the map as it stood when the claim was made (each world's square), kept by a
    "page" claim: the Planet Jumpers and the Worldship move worlds, so the moves of a
    page are judged on this map, not the last one. It is a copy of the state's `pos` at
    that action, so the public hash (which hashes `pos` at every action) does not encode
    it again (api.encode_public: seat, kind, hand, serial)."""

    seat: int
    kind: str
    hand: tuple[int, ...]
    serial: int
    pos: tuple[int, ...] = ()


@dataclass(slots=True)
class Knowledge:
    """What one seat knows beyond the public state: faces of handles, its secret choice."""

    seat: int
    faces: dict[int, int] = field(default_factory=dict)
    selected: int | None = None  # the force card it put face down (None: none)
    hidden: dict[int, int] = field(default_factory=dict)  # its unseen tokens: world -> count

    def face(self, handle: int) -> int | None:
        return self.faces.get(handle)


class Conflict:
    """The public facts of the conflict under way. Side 0 attacks, side 1 defends."""

    __slots__ = ("world", "primary", "invited", "allies", "cards", "extra", "flags",
                 "selected", "result")

    def __init__(self, world: int, attacker: int, defender: int) -> None:
        self.world = world
        self.primary = [attacker, defender]
        self.invited: list[tuple[int, ...]] = [(), ()]
        self.allies: list[tuple[int, ...]] = [(), ()]
        self.cards: list[tuple[int, ...]] = [(), ()]  # revealed force card handles per side
        self.extra = [0, 0]  # force added by cards and races, per side
        self.flags: tuple[str, ...] = ()  # sorted: "force2:SIDE", "double:HANDLE", ...
        self.selected: tuple[int, ...] = ()  # sides that put a card face down
        self.result = -1  # winning side, or -1

    def clone(self) -> Conflict:
        c = object.__new__(Conflict)
        c.world = self.world
        c.primary = self.primary[:]
        c.invited = self.invited[:]
        c.allies = self.allies[:]
        c.cards = self.cards[:]
        c.extra = self.extra[:]
        c.flags = self.flags
        c.selected = self.selected
        c.result = self.result
        return c

    def encode(self) -> list[Any]:
        return [self.world, self.primary, [list(x) for x in self.invited],
                [list(x) for x in self.allies], [list(x) for x in self.cards], self.extra,
                list(self.flags), list(self.selected), self.result]

    def side_of(self, seat: int) -> int:
        """0 or 1 for a seat in the conflict (primary or ally), -1 otherwise."""
        for side in (0, 1):
            if seat == self.primary[side] or seat in self.allies[side]:
                return side
        return -1

    def seats(self, side: int) -> tuple[int, ...]:
        return (self.primary[side],) + self.allies[side]

    def add_flag(self, flag: str) -> None:
        if flag not in self.flags:
            self.flags = tuple(sorted(self.flags + (flag,)))


class GameState:
    """One position. Treat as a value: the engine never changes one in place."""

    __slots__ = ("config", "pos", "native", "chit", "control", "stacks", "hands", "deck",
                 "discard", "race_pile", "race_out", "dealt", "faces", "next_handle",
                 "stack", "order", "active", "conf", "used", "fought", "flags", "claims",
                 "outcome", "serial", "turns", "events", "unseen", "space", "gifts")

    def __init__(self, config: Config) -> None:
        n = config.seats
        self.config = config
        self.pos = [-1] * WORLDS  # map square x * GRID + y, -1 before the setup rolls
        self.native = [-1] * WORLDS  # race id, -1 while unexplored
        self.chit = [-1] * WORLDS  # the race chit handle lying by the world
        self.control = [-1] * WORLDS  # controlling seat, -1 none
        self.stacks: list[tuple[int, ...]] = [()] * (WORLDS * n)
        self.hands: tuple[tuple[int, ...], ...] = ((),) * n
        self.deck: tuple[int, ...] = ()
        self.discard: tuple[int, ...] = ()
        self.race_pile: tuple[int, ...] = ()
        self.race_out: tuple[int, ...] = ()
        self.dealt: tuple[tuple[int, ...], ...] = ((),) * n
        self.faces: dict[int, int] = {}
        self.next_handle = 0
        self.stack: tuple[tuple[Any, ...], ...] = ()
        self.order: tuple[int, ...] = ()  # seats in turn order
        self.active = -1
        self.conf: Conflict | None = None
        self.used: tuple[str, ...] = ()  # sorted use marks of the race framework
        self.fought: tuple[int, ...] = ()  # worlds fought over this turn
        self.flags: tuple[str, ...] = ()  # sorted turn flags: "peace", "nexus"
        self.claims: tuple[Claim, ...] = ()
        self.outcome: Outcome | None = None
        self.serial = 0
        self.turns = 0
        self.events: list[tuple[Any, ...]] = []
        self.unseen: tuple[int, ...] = (0,) * n  # tokens per seat kept off the map (secret places)
        self.space: dict[int, tuple[int, ...]] = {}  # place * n + seat -> stack in deep space
        self.gifts: list[tuple[int, ...]] = [()] * WORLDS  # more race chits of a world

    def clone(self) -> GameState:
        s = object.__new__(GameState)
        s.config = self.config
        s.pos = self.pos[:]
        s.native = self.native[:]
        s.chit = self.chit[:]
        s.control = self.control[:]
        s.stacks = self.stacks[:]
        s.hands = self.hands
        s.deck = self.deck
        s.discard = self.discard
        s.race_pile = self.race_pile
        s.race_out = self.race_out
        s.dealt = self.dealt
        s.faces = dict(self.faces)
        s.next_handle = self.next_handle
        s.stack = self.stack
        s.order = self.order
        s.active = self.active
        s.conf = self.conf.clone() if self.conf is not None else None
        s.used = self.used
        s.fought = self.fought
        s.flags = self.flags
        s.claims = self.claims
        s.outcome = self.outcome
        s.serial = self.serial
        s.turns = self.turns
        s.events = []
        s.unseen = self.unseen
        s.space = dict(self.space)
        s.gifts = self.gifts[:]
        return s

    @property
    def n(self) -> int:
        return self.config.seats

    def step(self) -> tuple[Any, ...]:
        return self.stack[-1] if self.stack else ("over",)

    # -- tokens ---------------------------------------------------------------------------

    def tokens(self, world: int, seat: int) -> tuple[int, ...]:
        """seat's stack on a place (a world, or a square of deep space)."""
        if world < WORLDS:
            return self.stacks[world * self.config.seats + seat]
        return self.space.get(world * self.config.seats + seat, ())

    def count(self, world: int, seat: int) -> int:
        return len(self.tokens(world, seat))

    def set_tokens(self, world: int, seat: int, codes: tuple[int, ...] | list[int]) -> None:
        if world < WORLDS:
            self.stacks[world * self.n + seat] = tuple(sorted(codes))
        elif codes:
            self.space[world * self.n + seat] = tuple(sorted(codes))
        else:
            self.space.pop(world * self.n + seat, None)

    def occupants(self, world: int) -> list[int]:
        """Seats with tokens on the place, in seat order."""
        n = self.n
        return [p for p in range(n) if self.tokens(world, p)]

    def square(self, place: int) -> int:
        """The map square of a place: a world's position, or the deep-space square."""
        return self.pos[place] if place < WORLDS else place - WORLDS

    def space_stacks(self, seat: int) -> list[int]:
        """The deep-space places where seat has tokens, ascending."""
        n = self.n
        return sorted(k // n for k in self.space if k % n == seat)

    def race_of(self, code: int) -> int:
        return self.native[code // MOVES]

    def races_in(self, world: int, seat: int) -> list[int]:
        """The distinct races of seat's tokens on a world, ascending."""
        return sorted({self.native[c // MOVES] for c in self.tokens(world, seat)})

    def born(self, origin: int) -> int:
        """Tokens of this world letter on the map (the supply holds SUPPLY of each)."""
        n = self.n
        return sum(1 for w in range(WORLDS) for p in range(n)
                   for c in self.stacks[w * n + p] if c // MOVES == origin) + sum(
            1 for k in sorted(self.space) for c in self.space[k] if c // MOVES == origin)

    def controlled(self, seat: int) -> int:
        return self.control.count(seat)

    def add_unseen(self, seat: int, count: int) -> None:
        u = list(self.unseen)
        u[seat] += count
        self.unseen = tuple(u)

    def set_hand(self, seat: int, hand: tuple[int, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = hand
        self.hands = tuple(hands)

    def new_handles(self, count: int) -> tuple[int, ...]:
        first = self.next_handle
        self.next_handle += count
        return tuple(range(first, first + count))

    def add_used(self, mark: str) -> None:
        self.used = tuple(sorted(self.used + (mark,)))

    def add_flag(self, flag: str) -> None:
        if flag not in self.flags:
            self.flags = tuple(sorted(self.flags + (flag,)))

    def seat_order_from_active(self) -> list[int]:
        """Every seat in turn order, the active one first."""
        if self.active < 0 or not self.order:
            return list(range(self.n))
        i = self.order.index(self.active)
        return list(self.order[i:] + self.order[:i])
