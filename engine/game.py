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
  Cosmic's new_alien and first_player), roll (public dice from the random beacon), and
  a seat's secret page (counts on PAGE_PLACES places, committed place by place):
  unseen_add (`count` more on place `carry[0]`, public) and unseen_open (the seat opens
  its count on place `carry[0]`; `fact` is given that count).
- Hidden information is first class: a seat's `Knowledge` holds the faces it may see;
  which seats are asked never depends on a hidden card. A secret choice is an action the
  protocol commits to (`secret(action) == "commit"`), opened later by one that names
  what was committed (`"open"`), or handed over unseen (`"handover"`, at the moment
  `face_down_handover` names).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

__all__ = [
    "Action", "Chance", "Pending", "Outcome", "Knowledge", "CardFace", "Claim", "Source",
    "Rules",
]


class Action(Protocol):
    """A move (or a chance fact): who makes it, its text and its canonical data."""

    @property
    def seat(self) -> int: ...

    @property
    def KIND(self) -> str: ...  # the action's kind, the first word of its data and text

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


class State(Protocol):
    """What the shared machinery reads of any game's state (the rest is the game's)."""

    @property
    def serial(self) -> int: ...  # grows with every action applied


class Knowledge(Protocol):
    """What one seat knows beyond the public state (faces of handles, its own secrets)."""

    seat: int
    faces: dict[int, int]
    selected: int | None  # the secret this seat committed to (a handle), until opened


class Claim(Protocol):
    """A statement a seat made about its hidden cards (Cosmic: "I hold no encounter
    card"), recorded with the hand it held then, checked by the end-of-game audit."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def hand(self) -> tuple[int, ...]: ...

    @property
    def serial(self) -> int: ...


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

    @property
    def truth(self) -> Mapping[int, int]: ...  # every hidden face dealt so far (for audits)

    def answer(self, chance: Any) -> Any: ...

    def check(self, action: Any) -> None: ...


class Rules(Protocol):
    """A game, as the shared machinery sees it. States and configs are the game's own
    values, opaque here (`Any`): only the game reads them."""

    NAME: str  # the name `--game` takes; ENGINE_VERSION starts with it
    ENGINE_VERSION: str  # "NAME-engine/N", recorded by the genesis
    SOURCE: int  # the seat number of chance facts
    COLOURS: tuple[str, ...]  # the seats' colours, in the order seats take them
    OPTIONS: tuple[str, ...]  # the genesis options the game reads (besides mode, seed)
    # Action kinds the card protocol backs with a card message from the acting seat:
    COMMIT_KINDS: tuple[str, ...]  # hide a card face down (a commitment first)
    SHOW_KINDS: tuple[str, ...]  # show faces from the hand (an opening proves them)
    GIVE_KINDS: tuple[str, ...]  # hand cards over (the face-down one: opened, no face)
    BEACON_KINDS: tuple[str, ...]  # chance kinds the public random beacon answers
    # A secret page (the map game's Invisible Beings): a count on each of PAGE_PLACES
    # places that only its seat knows, committed by an action of PAGE_KINDS
    # (`secret(action) == "page"`) and opened place by place (protocol/pages.py).
    PAGE_KINDS: tuple[str, ...]
    PAGE_PLACES: int

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

    def fact(self, state: Any, chance: Any, result: Any) -> Any:
        """The chance fact answering `chance` on `state`, from what the card source
        worked out: None (shuffle, deliver, show, hand_shuffle), the (handle, face) pairs
        of a reveal, or for a beacon kind the beacon's unbiased draws (`result.below(n)`
        gives an integer in [0, n), as many times as the game needs)."""
        ...

    def hand(self, state: Any, seat: int) -> tuple[int, ...]:
        """The handles in `seat`'s hand (public: which cards, not their faces)."""
        ...

    def shows(self, action: Any) -> tuple[tuple[int, int], ...]:
        """The (handle, face) pairs `action` shows, which a card message must prove."""
        ...

    def may_hide(self, face: int) -> bool:
        """May a card of this face be put face down (the end-of-game audit checks every
        face-down card)."""
        ...

    def secret(self, action: Any) -> str | None: ...

    def secret_options(self, state: Any, seat: int, knowledge: Any) -> list[int]:
        """What a "commit" action of `seat` may hide now; the seat keeps its choice in
        `knowledge.selected` before it acts. When there is nothing to hide, it commits
        to nothing (selected None; handle -1 in the commitment) and its "open" names
        handle -1."""
        ...

    def face_down_handover(self, state: Any) -> int | None: ...

    def timer(self, state: Any) -> tuple[str, tuple[int, ...], str] | None:
        """The clock the pending step runs, if any: its kind, which occurrence of it
        this is, and the step's name for messages. Kinds: "limit" (the step fails for
        everyone after a fixed time from its start: Cosmic's deal) or "patience" (a
        person who stays silent lets the step go on without them: Cosmic's card
        windows)."""
        ...

    def on_timeout(self, state: Any, seat: int) -> Any:
        """The move `seat`'s silence becomes when the pending step's clock runs out."""
        ...

    def secret_handle(self, action: Any) -> int:
        """The handle an "open" shows or a handover gives (-1 when it is not one card)."""
        ...

    def claims(self, state: Any) -> tuple[Claim, ...]:
        """Every claim made so far, in the order made (`serial`: the state's serial when
        made)."""
        ...

    def claim(self, seat: int, kind: str, hand: tuple[int, ...], serial: int) -> Claim:
        """A claim as the game records it (the card protocol re-makes one when a card of
        the hand is shown before the claim is audited)."""
        ...

    def audit_claim(self, state: Any, claim: Any, faces: Mapping[int, int]) -> str | None:
        """Why `claim` was false given the true faces, or None. KeyError: a face is
        missing."""
        ...

    def audit_end(self, state: Any, faces: Mapping[int, int]) -> list[str]:
        """The end-of-game checks not tied to a claim (Cosmic: face-down alien sheets);
        one line per problem."""
        ...

    def page(self, knowledge: Any) -> tuple[int, ...]:
        """The seat's secret page in `knowledge`: a count per place (PAGE_PLACES)."""
        ...

    def set_page(self, knowledge: Any, counts: Sequence[int]) -> None:
        """Make `counts` the seat's secret page in `knowledge`. ValueError if not one."""
        ...

    def page_total(self, state: Any, seat: int) -> int:
        """How many the seat's secret page holds in all (public)."""
        ...

    def audit_pages(self, state: Any, pages: Mapping[int, Sequence[Sequence[int]]]
                    ) -> list[tuple[int, str]]:
        """Every seat's secret pages, opened at the end (seat -> its pages in the order
        committed), against what the game recorded in public (births, openings, the rule
        of moves): one (seat, why) per seat at fault."""
        ...

    def local_source(self, seed: bytes, seats: int) -> Source: ...

    def lobby_options(self, config: Any) -> bytes:
        """The option bytes a hosted game's lobby id announces (a LAN beacon carries at
        most 32 bytes of lobby id: 17 are taken). Raises ValueError for options a lobby
        cannot announce."""
        ...

    def lobby_config(self, options: bytes, seats: int, colours: tuple[str, ...]) -> Any:
        """The config the option bytes announce. Raises ValueError if they do not read."""
        ...

    def network_refusal(self, config: Any) -> str | None:
        """Why a game of `config` cannot be played over the network (a chance the card
        protocol cannot answer yet), or None."""
        ...

    def progress(self, state: Any) -> dict[str, Any]:
        """Public facts about how far the game is, for progress lines (JSON-able; at
        least "turn" and "phase")."""
        ...

    def options_text(self, config: Any) -> str:
        """A game's options in a few words, as every player is shown them."""
        ...

    def genesis_options(self, config: Any) -> tuple[tuple[str, ...], list[tuple[str, Any]]]:
        ...

    def config_from(self, colours: Sequence[str], variants: Sequence[str],
                    options: dict[str, Any]) -> Any: ...
