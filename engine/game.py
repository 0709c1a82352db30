"""The one game interface: everything protocol/, node/, cli/ and bots/ may ask of a game.

A game is a package under engine/ (engine.cosmic, engine.worlds) whose `rules` module
provides the names of `Rules` below; `engine.games.load(name)` finds it by the name a
genesis records. Whatever is not here is the game's own business: the machinery that
signs, orders, journals, verifies and replays moves must work for any game through these
names alone.

What every game promises, so that the shared machinery can run it unchanged:
- Pure and deterministic: no I/O, clock, randomness, threads, crypto or floats. The same
  config and actions give the same states and the same `public_hash`, byte for byte.
- States are values: `apply` returns a new state, or raises `IllegalAction` and the state
  it was given is untouched.
- Chance is an input. When the game needs chance, `pending(state).chance` names it and
  the card source answers with a fact from `SOURCE` built by `fact(chance, result)`. The
  kinds are the card protocol's: shuffle, deliver, reveal, hand_shuffle, show (hidden
  cards as opaque handles; faces only through facts), pick (one of n at random, publicly;
  Cosmic's new_alien and first_player) and roll (public dice from the random beacon).
- Hidden information is first class: a seat's `Knowledge` holds the faces it may see;
  which seats are asked never depends on a hidden card. A secret choice is an action the
  protocol commits to (`secret(action) == "commit"`), opened later by one that names
  what was committed (`"open"`), or handed over unseen (`"handover"`, at the moment
  `face_down_handover` names).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

__all__ = [
    "Action", "Chance", "Pending", "Outcome", "Knowledge", "CardFace", "Source", "Rules",
]


class Action(Protocol):
    """A move (or a chance fact): who makes it, its text and its canonical data."""

    @property
    def seat(self) -> int: ...

    def format(self) -> str: ...

    def to_data(self) -> list[Any]: ...


class Chance(Protocol):
    """What the card source must supply before the game can go on."""

    @property
    def kind(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def handles(self) -> tuple[int, ...]: ...

    @property
    def cards(self) -> tuple[int, ...]: ...

    @property
    def deck(self) -> str: ...


class Pending(Protocol):
    """The decision point: which seats may act now and with which kinds of action."""

    @property
    def phase(self) -> str: ...

    @property
    def step(self) -> str: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def kinds(self) -> tuple[str, ...]: ...

    @property
    def simultaneous(self) -> bool: ...

    @property
    def chance(self) -> Chance | None: ...

    @property
    def over(self) -> bool: ...


class Outcome(Protocol):
    """How a game ended: a reason and the winning seats (none if nobody won)."""

    @property
    def reason(self) -> str: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


class Knowledge(Protocol):
    """What one seat knows beyond the public state (faces of handles, its own secrets)."""

    seat: int
    faces: dict[int, int]
    selected: int | None  # the secret this seat committed to (a handle), until opened


class CardFace(Protocol):
    """One face of the card catalogue the card protocol encodes as group points."""

    @property
    def id(self) -> int: ...

    def label(self) -> str: ...


class Source(Protocol):
    """A local card source: every hidden face of a game in one process, from one public
    seed (simulations, hotseat and rule tests; networked games use the card protocol)."""

    @property
    def knowledge(self) -> Sequence[Any]: ...

    def answer(self, chance: Any) -> Any: ...

    def check(self, action: Any) -> None: ...


class Rules(Protocol):
    """A game, as the shared machinery sees it. States and configs are the game's own
    values, opaque here (`Any`): only the game reads them."""

    NAME: str  # the name `--game` takes; ENGINE_VERSION starts with it
    ENGINE_VERSION: str  # "NAME-engine/N", recorded by the genesis
    SOURCE: int  # the seat number of chance facts
    OPTIONS: tuple[str, ...]  # the genesis options the game reads (besides mode, seed)

    def rules_data_hash(self) -> bytes: ...

    def catalogue(self) -> Sequence[CardFace]: ...

    def new_game(self, config: Any) -> Any: ...

    def pending(self, state: Any) -> Pending: ...

    def legal_actions(self, state: Any, seat: int, knowledge: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[tuple[Any, ...]]]: ...

    def public_hash(self, state: Any) -> bytes: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def knowledge(self, seat: int) -> Any: ...

    def action_from_data(self, data: object) -> Any: ...

    def parse_action(self, text: str, seat: int) -> Any: ...

    def fact(self, chance: Any, result: object) -> Any: ...

    def secret(self, action: Any) -> str | None: ...

    def secret_options(self, state: Any, seat: int, knowledge: Any) -> list[int]:
        """What a "commit" action of `seat` may hide now; the seat keeps its choice in
        `knowledge.selected` before it acts."""
        ...

    def face_down_handover(self, state: Any) -> int | None: ...

    def timer(self, state: Any) -> tuple[str, tuple[int, ...]] | None:
        """The clock the pending step runs, if any, and which occurrence of it this is:
        "limit" (the step fails for everyone after a fixed time from its start: Cosmic's
        deal) or "patience" (a person who stays silent lets the step go on without them:
        Cosmic's card windows)."""
        ...

    def on_timeout(self, state: Any, seat: int) -> Any:
        """The move `seat`'s silence becomes when the pending step's clock runs out."""
        ...

    def audit(self, state: Any, faces: dict[int, int]) -> list[str]: ...

    def local_source(self, seed: bytes, seats: int) -> Source: ...

    def genesis_options(self, config: Any) -> tuple[tuple[str, ...], list[tuple[str, Any]]]:
        ...

    def config_from(self, colours: Sequence[str], variants: Sequence[str],
                    options: dict[str, Any]) -> Any: ...
