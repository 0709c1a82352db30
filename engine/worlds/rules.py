"""The map game (worlds) as the shared machinery sees it: the names of `engine.game.Rules`.

This module is the plug: `engine.games.load("worlds")` returns it. Most names are the
engine's own API handed on; the rest translate between the game's values and the
interface's words.

- Faces: force and event cards and race chits are numbered apart (card ids, race ids),
  both from 0; the card protocol encodes face numbers, so its catalogue has as many faces
  as the larger of the two, and a face is read as a card or a race by its deck.
- Secrets: a primary player's force card is put face down (`select`, committed) and
  turned up (`reveal`); no card at all is a reveal of handle -1 with a `no_force` claim
  the end-of-game audit checks.
- Beacon: dice (`roll`) come from the public random beacon, `count` draws below `sides`.
- Lobby option bytes: one byte of turn limit (0: none); a hosted game's race pile is
  NETWORK_POOL.
- Pages: the Invisible Beings' secret page (engine.worlds.unseen) is the card protocol's
  page of PAGE_PLACES = 26 counts, one a world (protocol/pages.py): `conceal` commits it
  (PAGE_KINDS, `secret` "page"), births are public (`unseen_add`), an opening on a world
  (`unseen_open`) opens that world's commitment, and the end-of-game audit checks every
  page (`audit_pages`). A seat's page is its `Knowledge.hidden` (`page`, `set_page`).
- Over the network every race is dealt (NETWORK_UNSUPPORTED is empty since the card
  protocol answers the pages' chances); `network_refusal` names any left out.
- Genesis options: "max_turns"; the race pile as "races" (the keys in it) or "without"
  (the keys left out), whichever is shorter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    SOURCE, Action, Delivered, Discard, HandShuffled, Play, Reveal, Revealed, Rolled,
    Second, Select, Shuffled, action_from_data, parse_action,
)
from .api import ENGINE_VERSION, apply, legal_actions, new_game, outcome, pending, public_hash
from .data import CARDS, RACE_KEYS, RACES, rules_data_hash
from .board import hand_cards
from .local import LocalSource
from .actions import Conceal
from .state import COLOURS as _COLOURS, WORLDS, Claim, Config, GameState, Knowledge
from .steps import Chance
from .unseen import PAGE_CLAIMS
from .unseen import audit_pages as _audit_pages

__all__ = [
    "NAME", "COLOURS", "ENGINE_VERSION", "SOURCE", "OPTIONS", "COMMIT_KINDS", "SHOW_KINDS",
    "GIVE_KINDS", "BEACON_KINDS", "rules_data_hash", "catalogue", "new_game", "pending",
    "legal_actions", "apply", "public_hash", "outcome", "knowledge", "action_from_data",
    "parse_action", "fact", "secret", "secret_options", "secret_handle", "face_down_handover",
    "timer", "on_timeout", "claims", "claim", "audit_claim", "audit_end", "hand", "shows",
    "may_hide", "local_source", "genesis_options", "config_from", "lobby_options",
    "lobby_config", "options_text", "progress", "network_refusal", "NETWORK_POOL",
    "canonical_pile",
    "NETWORK_UNSUPPORTED", "PAGE_KINDS", "PAGE_PLACES", "page", "set_page", "page_total",
    "audit_pages",
]

NAME = "worlds"
NETWORK_UNSUPPORTED: tuple[str, ...] = ()
# A hosted game's race pile: every race (an empty pool), unless some were unsupported.
NETWORK_POOL: tuple[str, ...] = tuple(k for k in RACE_KEYS if k not in NETWORK_UNSUPPORTED) \
    if NETWORK_UNSUPPORTED else ()
COLOURS: tuple[str, ...] = _COLOURS
OPTIONS: tuple[str, ...] = ("max_turns", "races", "without")
COMMIT_KINDS: tuple[str, ...] = ("select",)
SHOW_KINDS: tuple[str, ...] = ("play", "reveal", "second", "discard")
GIVE_KINDS: tuple[str, ...] = ()
BEACON_KINDS: tuple[str, ...] = ("roll",)
PAGE_KINDS: tuple[str, ...] = ("conceal",)
PAGE_PLACES = WORLDS


@dataclass(frozen=True, slots=True)
class Face:
    """A face number of the card protocol: the card and the race chit it stands for."""

    id: int

    def label(self) -> str:
        card = CARDS[self.id].name if self.id < len(CARDS) else "-"
        race = RACES[self.id].name if self.id < len(RACES) else "-"
        return f"{card} / {race}"


_CATALOGUE = tuple(Face(i) for i in range(max(len(CARDS), len(RACES))))


def catalogue() -> Sequence[Face]:
    return _CATALOGUE


def knowledge(seat: int) -> Knowledge:
    return Knowledge(seat)


def fact(state: GameState, chance: Chance, result: Any) -> Action:
    """The fact answering `chance` (see engine.game.Rules.fact)."""
    kind = chance.kind
    if kind == "shuffle":
        return Shuffled(SOURCE)
    if kind in ("deliver", "show"):  # "show": cards opened to one seat (the Spies)
        return Delivered(SOURCE)
    if kind == "hand_shuffle":
        return HandShuffled(SOURCE)
    if kind == "reveal":
        return Revealed(SOURCE, tuple((int(h), int(f)) for h, f in result))
    if kind == "roll":
        return Rolled(SOURCE, tuple(1 + int(result.below(chance.sides))
                                    for _ in range(chance.count)))
    if kind == "unseen_add":  # births on a secret page: public, nothing to show
        return Delivered(SOURCE)
    if kind == "unseen_open":  # result: the count the page's opening gave
        return Revealed(SOURCE, ((chance.carry[0], int(result)),))
    raise ValueError(f"unknown chance {kind!r}")


def secret(action: Action) -> str | None:
    """"commit" for a force card put face down, "open" for its reveal, "page" for the
    Invisible Beings' new secret page (`conceal`)."""
    if isinstance(action, Select):
        return "commit"
    if isinstance(action, Reveal):
        return "open"
    if isinstance(action, Conceal):
        return "page"
    return None


def page(kn: Knowledge) -> tuple[int, ...]:
    """The seat's secret page: its unseen tokens, a count per world."""
    return tuple(kn.hidden.get(w, 0) for w in range(WORLDS))


def set_page(kn: Knowledge, counts: Sequence[int]) -> None:
    """Make `counts` (one per world) the seat's secret page. ValueError for a bad one."""
    if len(counts) != WORLDS or any(type(k) is not int or k < 0 for k in counts):
        raise ValueError("a page is a count per world")
    kn.hidden = {w: k for w, k in enumerate(counts) if k}


def page_total(state: GameState, seat: int) -> int:
    """How many tokens the seat's page holds (public)."""
    return state.unseen[seat]


def audit_pages(state: GameState, pages: Mapping[int, Sequence[Sequence[int]]]
                ) -> list[tuple[int, str]]:
    """Every seat's pages (seat -> its committed pages in order) against its births,
    openings and the rule of moves (engine.worlds.unseen.audit_pages)."""
    return _audit_pages(state, pages)


def secret_options(state: GameState, seat: int, kn: Knowledge) -> list[int]:
    """The force cards of the hand `seat` knows, in hand order: its own faces and the
    public ones (a card taken from the face-up discard pile: the Resurrectionists')."""
    return [h for h, _ in hand_cards(state, seat, kn.faces, kind="force")]


def secret_handle(action: Action) -> int:
    return action.handle if isinstance(action, Reveal) else -1


def face_down_handover(state: GameState) -> int | None:
    return None  # no power takes a face-down force card unseen


def timer(state: GameState) -> tuple[str, tuple[int, ...], str] | None:
    return None  # no step of this game runs a clock


def on_timeout(state: GameState, seat: int) -> Action:
    raise ValueError("no step of worlds runs a clock")


def claims(state: GameState) -> tuple[Claim, ...]:
    return state.claims


def claim(seat: int, kind: str, hand: tuple[int, ...], serial: int) -> Claim:
    return Claim(seat, kind, hand, serial)


def audit_claim(state: GameState, one: Claim, faces: Mapping[int, int]) -> str | None:
    """A `no_force` claim is false if a force card was in the hand; a `not_force` claim
    (the random card the Randomizers drew is no force card) if it was one. The unseen
    tokens' claims ("born", "page", "unveil") are checked together, in order, by
    `audit_pages` once every page is open."""
    if one.kind in PAGE_CLAIMS:
        return None
    if one.kind == "no_force":
        held = [CARDS[faces[h]].name for h in one.hand if CARDS[faces[h]].kind == "force"]
        if held:
            return (f"seat {one.seat} showed no force card at action {one.serial} holding "
                    f"{', '.join(held)}")
    if one.kind == "not_force":
        drawn = [CARDS[faces[h]].name for h in one.hand if CARDS[faces[h]].kind == "force"]
        if drawn:
            return (f"seat {one.seat} said its random card at action {one.serial} was no "
                    f"force card; it was {drawn[0]}")
    return None


def audit_end(state: GameState, faces: Mapping[int, int]) -> list[str]:
    return []


def hand(state: GameState, seat: int) -> tuple[int, ...]:
    return state.hands[seat]


def shows(action: Action) -> tuple[tuple[int, int], ...]:
    if isinstance(action, (Play, Reveal, Second)) and action.handle >= 0:
        return ((action.handle, action.card),)
    if isinstance(action, Discard):
        return tuple(action.cards)
    return ()


def may_hide(face: int) -> bool:
    return face < len(CARDS) and CARDS[face].kind == "force"


def local_source(seed: bytes, seats: int) -> LocalSource:
    return LocalSource(seed, seats)


def genesis_options(config: Config) -> tuple[tuple[str, ...], list[tuple[str, Any]]]:
    options: list[tuple[str, Any]] = []
    if config.max_turns:
        options.append(("max_turns", config.max_turns))
    if config.race_pool:
        pool = set(config.race_pool)
        left_out = [k for k in RACE_KEYS if k not in pool]
        if len(left_out) < len(config.race_pool) and tuple(
                k for k in RACE_KEYS if k in pool) == config.race_pool:
            options.append(("without", left_out))
        else:
            options.append(("races", list(config.race_pool)))
    return (), options


def config_from(colours: Sequence[str], variants: Sequence[str],
                options: dict[str, Any]) -> Config:
    """The config a genesis describes. Raises ValueError naming what is wrong."""
    if variants:
        raise ValueError(f"worlds has no variants: {list(variants)}")
    unknown = [k for k in options if k not in OPTIONS]
    if unknown:
        raise ValueError(f"unknown options {unknown}")
    max_turns = options.get("max_turns", 0)
    if type(max_turns) is not int or not 0 <= max_turns < 2**31:
        raise ValueError("max_turns is an int in [0, 2^31)")
    races = options.get("races", [])
    without = options.get("without", [])
    for name, keys in (("races", races), ("without", without)):
        if type(keys) is not list or any(type(r) is not str for r in keys):
            raise ValueError(f"{name} is a list of race keys")
    if races and without:
        raise ValueError("the race pile is given by races or by without, not both")
    unknown = [k for k in without if k not in RACE_KEYS]
    if unknown:
        raise ValueError(f"unknown race {unknown[0]!r}")
    if without:
        races = [k for k in RACE_KEYS if k not in without]
    return Config(len(colours), max_turns, tuple(races), tuple(colours))


def network_refusal(config: Config) -> str | None:
    """Why this game cannot be played over the network, or None."""
    pool = config.race_pool or tuple(RACE_KEYS)
    out = [RACES[RACE_KEYS[k]].name for k in NETWORK_UNSUPPORTED if k in pool]
    if out:
        return (f"{', '.join(out)} cannot be in a networked game's race pile yet: their "
                "secret pages need a card-protocol operation this version lacks")
    return None


_PILE_BYTES = (len(RACES) + 7) // 8  # a race pile in a lobby id: one bit a race


def lobby_options(config: Config) -> bytes:
    """A byte of turn limit; then, for a pile of chosen races, one bit per race (bit i of
    byte i // 8 for the race of id i) in as few bytes as every race needs. A chosen pile
    must list its races in their catalogue order (`canonical_pile`), so every joiner makes
    the same config from the bits."""
    if not 0 <= config.max_turns <= 255:
        raise ValueError("a hosted game's turn limit is at most 255")
    if not config.race_pool:
        return bytes([config.max_turns])
    if config.race_pool != canonical_pile(config.race_pool):
        raise ValueError("a hosted game's race pile lists its races in catalogue order")
    bits = bytearray(_PILE_BYTES)
    for key in config.race_pool:
        i = RACE_KEYS[key]
        bits[i // 8] |= 1 << (i % 8)
    return bytes([config.max_turns]) + bytes(bits)


def lobby_config(options: bytes, seats: int, colours: tuple[str, ...]) -> Config:
    if len(options) == 1:
        return Config(seats, options[0], NETWORK_POOL, colours)
    if len(options) != 1 + _PILE_BYTES:
        raise ValueError(f"a worlds lobby id has a byte of turn limit and maybe "
                         f"{_PILE_BYTES} bytes of race pile, not {len(options)} bytes")
    pile = tuple(r.key for r in RACES if options[1 + r.id // 8] >> (r.id % 8) & 1)
    if int.from_bytes(options[1:], "little") >> len(RACES):
        raise ValueError("a worlds lobby id names a race this version does not know")
    return config_from(colours, (), {"max_turns": options[0], "races": list(pile)}) \
        if pile else Config(seats, options[0], NETWORK_POOL, colours)


def canonical_pile(keys: Sequence[str]) -> tuple[str, ...]:
    """These races in catalogue order (how a pile is written into a genesis and a lobby)."""
    chosen = set(keys)
    return tuple(r.key for r in RACES if r.key in chosen)


def progress(state: GameState) -> dict[str, Any]:
    return {"turn": state.turns, "phase": pending(state).phase,
            "worlds": [sum(1 for c in state.control if c == seat) for seat in range(state.n)]}


def options_text(config: Config) -> str:
    parts = [f"the map game: {config.seats} players, first to control 20 worlds"]
    if config.race_pool:
        parts.append(f"{len(config.race_pool)} races in the pile")
    if config.max_turns:
        parts.append(f"at most {config.max_turns} turn{'' if config.max_turns == 1 else 's'}")
    return "; ".join(parts)
