"""Cosmic Encounter as the shared machinery sees it: the names of `engine.game.Rules`.

This module is the plug: `engine.games.load("cosmic")` returns it. Most names are the
engine's own API handed on; the rest translate between the game's values and the
game-neutral words of the interface (chance facts, secret moves, genesis options, the
lobby's option bytes).

Lobby option bytes (after the lobby id's 16 random bytes and game byte): the flags, a
byte of turn limit (0: none), then nothing (no aliens) or one byte per seat: 0 no alien, 1
dealt at random, 2 dealt two and keeps one, 3 + i the i-th registered alien in sorted
order. The flags are a number in seven-bit groups, lowest first, bit 7 of a byte set when
another follows (one byte for the first seven flags, so a lobby with only the first
three reads as it always did; a longer form than needed is refused): bit 0 four planets,
1 single encounter, 2 flares by the advanced setup, 3 classic artifacts, 4 teams, 5 the
two-player game, 6 freewheeling flares, 7 rotating powers, 8 hidden powers, 9 technology
(`_FLAGS`). Every option a hosted game can have is carried: each joiner builds the game
from these bytes alone. A version that knows fewer flags refuses a lobby with more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import (
    SOURCE, Action, Delivered, Discard, FirstPlayer, Give, HandShuffled, NewAlien, NewHand,
    NoDeal, Pass, Play, Reveal, Revealed, Select, Shuffled, action_from_data,
    parse_action as _parse_text,
)
from .api import (
    ENGINE_VERSION, apply, encounter_card_options, face_down_handover, legal_actions,
    new_game, outcome, pending, public_hash,
)
from .alien_deal import CHOOSE, DEAL_AT_RANDOM
from .aliens import names as alien_names
from .audit import audit_claims, audit_sheets
from .cards import CATALOGUE, COLORS, CardInfo, rules_data_hash
from .local import LocalSource
from .state import Claim, Config, GameState, Knowledge, VARIANTS, variant_options
from .steps import Chance

__all__ = [
    "NAME", "COLOURS", "ENGINE_VERSION", "SOURCE", "rules_data_hash", "catalogue", "new_game",
    "pending", "legal_actions", "apply", "public_hash", "outcome", "knowledge",
    "action_from_data", "parse_action", "fact", "secret", "secret_options",
    "face_down_handover", "timer", "on_timeout", "secret_handle", "claims", "claim",
    "audit_claim", "audit_end", "hand", "shows", "may_hide", "COMMIT_KINDS", "SHOW_KINDS",
    "GIVE_KINDS", "BEACON_KINDS", "lobby_options", "lobby_config", "options_text",
    "aliens_text", "MAX_LOBBY_TURNS", "progress", "network_refusal",
    "local_source", "genesis_options", "config_from", "OPTIONS", "PAGE_KINDS", "PAGE_PLACES",
    "page", "set_page", "page_total", "audit_pages",
]

NAME = "cosmic"
COLOURS: tuple[str, ...] = tuple(COLORS)

# The genesis options this game reads (besides the shared "mode" and "seed").
OPTIONS: tuple[str, ...] = ("aliens", "flares", "max_turns")
COMMIT_KINDS: tuple[str, ...] = ("select",)
SHOW_KINDS: tuple[str, ...] = ("play", "reveal", "newhand", "discard")
GIVE_KINDS: tuple[str, ...] = ("give",)
BEACON_KINDS: tuple[str, ...] = ("first_player", "new_alien")
PAGE_KINDS: tuple[str, ...] = ()  # no secret pages in Cosmic (see engine.game.Rules)
PAGE_PLACES = 0


def catalogue() -> Sequence[CardInfo]:
    return CATALOGUE


def knowledge(seat: int) -> Knowledge:
    return Knowledge(seat)


def parse_action(text: str, seat: int) -> Action:
    """The text form `kind seat ...`; `seat` is the seat that types it (the text names
    its seat too: a line naming another seat is refused by the caller's legality check)."""
    del seat
    return _parse_text(text)


def fact(state: GameState, chance: Chance, result: Any) -> Action:
    """The chance fact answering `chance`, from what the card source worked out: nothing
    (shuffle, deliver, show, hand_shuffle), the (handle, face) pairs of a reveal, or the
    beacon's draws for a pick (new_alien: one of the candidate names; first_player: a
    seat)."""
    kind = chance.kind
    if kind == "shuffle":
        return Shuffled(SOURCE)
    if kind in ("deliver", "show"):
        return Delivered(SOURCE)
    if kind == "hand_shuffle":
        return HandShuffled(SOURCE)
    if kind == "reveal":
        assert isinstance(result, tuple)
        return Revealed(SOURCE, tuple((int(h), int(f)) for h, f in result))
    if kind == "new_alien":
        return NewAlien(SOURCE, int(result.below(len(chance.names))))
    if kind == "first_player":
        return FirstPlayer(SOURCE, int(result.below(state.n)))
    raise ValueError(f"unknown chance {kind!r}")


def hand(state: GameState, seat: int) -> tuple[int, ...]:
    return state.hands[seat]


def shows(action: Action) -> tuple[tuple[int, int], ...]:
    """A card played or revealed; a new hand shown or cards discarded face up."""
    if isinstance(action, (Play, Reveal)):
        return ((action.handle, action.card),)
    if isinstance(action, (NewHand, Discard)):
        return tuple(action.cards)
    return ()


def may_hide(face: int) -> bool:
    """Only encounter cards are put face down."""
    return CATALOGUE[face].is_encounter


def secret(action: Action) -> str | None:
    """"commit" for a card put face down (the protocol commits to it), "open" for its
    reveal, "give" for cards handed over (a handover of the face-down card when
    `face_down_handover` names the giver), None for everything else."""
    return _SECRETS.get(type(action))  # each kind is its own class (engine.cosmic.actions)


_SECRETS: dict[type, str] = {Select: "commit", Reveal: "open", Give: "give"}


def secret_options(state: GameState, seat: int, knowledge: Knowledge) -> list[int]:
    """The cards `seat` may put face down now (its encounter cards, as the rules and
    powers allow)."""
    return encounter_card_options(state, seat, knowledge)


def timer(state: GameState) -> tuple[str, tuple[int, ...], str] | None:
    """A deal has its one-minute limit (rules 001: the deal fails when time runs out),
    counted from the start of that encounter's deal; a card window waits only so long for
    a silent person (a node's patience: they pass)."""
    if state.outcome is not None:
        return None
    st = state.step()  # its name is pending(state).step, without working out the rest
    if st[0] == "deal":
        return ("limit", (state.turns, state.encounters), "deal")
    if st[0] == "window":
        return ("patience", (state.serial,), str(st[1]))
    return None


def on_timeout(state: GameState, seat: int) -> Action:
    """No deal when the deal's time is up; a pass at a card window."""
    return NoDeal(seat) if state.step()[0] == "deal" else Pass(seat)


def secret_handle(action: Action) -> int:
    """The card a Reveal turns up, or the one card a Give hands over (-1 otherwise)."""
    if isinstance(action, Reveal):
        return action.handle
    if isinstance(action, Give) and len(action.handles) == 1:
        return action.handles[0]
    return -1


def claims(state: GameState) -> tuple[Claim, ...]:
    return state.claims


def claim(seat: int, kind: str, hand: tuple[int, ...], serial: int) -> Claim:
    return Claim(seat, kind, hand, serial)


def audit_claim(state: GameState, one: Claim, faces: Mapping[int, int]) -> str | None:
    """The first line of engine.cosmic.audit's verdict on this claim alone, or None."""
    s = state.clone()
    s.claims = (one,)
    false = audit_claims(s, faces)
    return false[0] if false else None


def audit_end(state: GameState, faces: Mapping[int, int]) -> list[str]:
    """The hidden powers' alien sheets (engine.cosmic.audit.audit_sheets)."""
    return audit_sheets(state, faces)


def page(kn: Knowledge) -> tuple[int, ...]:
    return ()  # Cosmic has no secret pages


def set_page(kn: Knowledge, counts: Sequence[int]) -> None:
    raise ValueError("Cosmic has no secret pages")


def page_total(state: GameState, seat: int) -> int:
    return 0


def audit_pages(state: GameState, pages: Mapping[int, Sequence[Sequence[int]]]
                ) -> list[tuple[int, str]]:
    return []


def local_source(seed: bytes, seats: int) -> LocalSource:
    return LocalSource(seed, seats)


def genesis_options(config: Config) -> tuple[tuple[str, ...], list[tuple[str, Any]]]:
    """The variants and the game's options a genesis records for `config`."""
    options: list[tuple[str, Any]] = [("aliens", list(config.aliens))]
    if config.max_turns:
        options.append(("max_turns", config.max_turns))
    if config.flares is True:  # the advanced setup deals them
        options.append(("flares", "advanced"))
    elif config.flares:  # the deck's flares
        options.append(("flares", list(config.flares)))
    return config.variants, options


def config_from(colours: Sequence[str], variants: Sequence[str],
                options: dict[str, Any]) -> Config:
    """The config a genesis describes. Raises ValueError naming what is wrong: an unknown
    variant or option, or a value this engine refuses."""
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise ValueError(f"unknown variants {unknown}")
    unknown = [k for k in options if k not in OPTIONS]
    if unknown:
        raise ValueError(f"unknown options {unknown}")
    n = len(colours)
    aliens = options.get("aliens", [""] * n)
    if type(aliens) is not list or len(aliens) != n or any(type(a) is not str for a in aliens):
        raise ValueError("aliens is a list of one name (or \"\") per seat")
    max_turns = options.get("max_turns", 0)
    if type(max_turns) is not int or not 0 <= max_turns < 2**31:
        raise ValueError("max_turns is an int in [0, 2^31)")
    flares = options.get("flares", [])
    if flares != "advanced" and (type(flares) is not list
                                 or any(type(f) is not str for f in flares)):
        raise ValueError("flares is \"advanced\" or a list of flare names")
    return Config(
        n, tuple(colours), **variant_options(variants),
        aliens=tuple(str(a) for a in aliens), max_turns=max_turns,
        flares=True if flares == "advanced" else tuple(str(f) for f in flares),
    )


# --- the lobby ----------------------------------------------------------------------------

_FLAGS = ("four_planets", "single_encounter", "flares", "classic_artifacts", "teams",
          "two_player", "freewheeling_flares", "rotating_powers", "hidden_powers",
          "technology")  # bit i of the flags: never reorder, only append
_ALIEN_CODES = ("", DEAL_AT_RANDOM, CHOOSE)  # then the registered aliens, sorted
MAX_LOBBY_TURNS = 255  # the turn limit is one byte


def lobby_options(config: Config) -> bytes:
    """The option bytes a hosted game's lobby id announces (see the module docstring).
    Raises ValueError for options a lobby cannot announce."""
    if not 0 <= config.max_turns <= MAX_LOBBY_TURNS:
        raise ValueError(f"a hosted game's turn limit is at most {MAX_LOBBY_TURNS}")
    if config.flares not in ((), True):
        raise ValueError("a hosted game has no flares or the advanced setup's")
    on = (*config.variants, *(("flares",) if config.flares is True else ()))
    flags = sum(1 << i for i, v in enumerate(_FLAGS) if v in on)
    codes = [*_ALIEN_CODES, *alien_names()]
    aliens = bytes(codes.index(a) for a in config.aliens) if any(config.aliens) else b""
    return _groups(flags) + bytes([config.max_turns]) + aliens


def _groups(n: int) -> bytes:
    """n in seven-bit groups, lowest first, bit 7 set on every byte but the last."""
    out = bytearray()
    while True:
        n, low = n >> 7, n & 0x7F
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_flags(options: bytes) -> tuple[int, int]:
    """The flags at the start of option bytes and how many bytes they took. Raises
    ValueError for flags this version does not know or a longer form than needed."""
    if not options:
        raise ValueError("a lobby id without options")
    flags = 0
    for i, b in enumerate(options):
        flags |= (b & 0x7F) << 7 * i
        if not b & 0x80:
            if i and not b:
                raise ValueError("option flags in a longer form than needed")
            if flags >> len(_FLAGS):
                raise ValueError(f"unknown option flags {flags:#x}")
            return flags, i + 1
        if i + 1 >= (len(_FLAGS) + 6) // 7:
            break
    raise ValueError(f"unknown option flags in {options[:4].hex()}")


def lobby_config(options: bytes, seats: int, colours: tuple[str, ...]) -> Config:
    """The game the option bytes announce, for `seats` seats and these colours. Raises
    ValueError if they do not read (another version's, or forged) or name options that
    make no game at that table."""
    flags, at = _read_flags(options)
    if len(options) < at + 1:
        raise ValueError("a lobby id without options")
    turns, codes = options[at], options[at + 1:]
    if codes and len(codes) != seats:
        raise ValueError(f"aliens for {len(codes)} seats in a game of {seats}")
    known = [*_ALIEN_CODES, *alien_names()]
    if any(c >= len(known) for c in codes):
        raise ValueError("an alien this version does not know")
    on = [v for i, v in enumerate(_FLAGS) if flags >> i & 1]
    return Config(seats, colours, aliens=tuple(known[c] for c in codes), max_turns=turns,
                  flares=True if "flares" in on else (),
                  **variant_options([v for v in on if v != "flares"]))


def aliens_text(config: Config) -> str:
    """How the seats get their aliens, in a few words."""
    a = config.aliens
    if config.flares is True:
        return "flares: each player keeps one of two dealt aliens"
    if not any(a):
        return "no aliens"
    if all(x == DEAL_AT_RANDOM for x in a):
        return "random aliens"
    if all(x == CHOOSE for x in a):
        return "aliens chosen: each player is dealt two and keeps one"
    word = {"": "none", DEAL_AT_RANDOM: "random", CHOOSE: "chosen"}
    return "aliens " + ", ".join(f"{c} {word.get(x, x)}" for c, x in zip(config.colors, a))


def network_refusal(config: Config) -> str | None:
    return None  # every option plays over the network


def progress(state: GameState) -> dict[str, Any]:
    return {"turn": state.turns, "encounters": state.encounters, "phase": state.phase,
            "aliens": list(state.aliens)}


def options_text(config: Config) -> str:
    """The options of a game in a few words, as every player is shown them."""
    parts = [aliens_text(config), *(v.replace("_", " ") for v in config.variants)]
    if isinstance(config.flares, tuple) and config.flares:
        parts.append("flares " + ", ".join(config.flares))
    if config.max_turns:
        parts.append(f"at most {config.max_turns} turn{'' if config.max_turns == 1 else 's'}")
    return "; ".join(parts)
