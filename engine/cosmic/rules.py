"""Cosmic Encounter as the shared machinery sees it: the names of `engine.game.Rules`.

This module is the plug: `engine.games.load("cosmic")` returns it. Most names are the
engine's own API handed on; the rest translate between the game's values and the
game-neutral words of the interface (chance facts, secret moves, genesis options).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import (
    SOURCE, Action, Delivered, FirstPlayer, Give, HandShuffled, NewAlien, NoDeal, Pass,
    Reveal, Revealed, Select, Shuffled, action_from_data, parse_action as _parse_text,
)
from .api import (
    ENGINE_VERSION, apply, encounter_card_options, face_down_handover, legal_actions,
    new_game, outcome, pending, public_hash,
)
from .audit import audit_claims, audit_sheets
from .cards import CATALOGUE, CardInfo, rules_data_hash
from .local import LocalSource
from .state import Config, GameState, Knowledge, VARIANTS, variant_options
from .steps import Chance

__all__ = [
    "NAME", "ENGINE_VERSION", "SOURCE", "rules_data_hash", "catalogue", "new_game",
    "pending", "legal_actions", "apply", "public_hash", "outcome", "knowledge",
    "action_from_data", "parse_action", "fact", "secret", "secret_options",
    "face_down_handover", "timer", "on_timeout", "audit",
    "local_source", "genesis_options", "config_from", "OPTIONS",
]

NAME = "cosmic"

# The genesis options this game reads (besides the shared "mode" and "seed").
OPTIONS: tuple[str, ...] = ("aliens", "flares", "max_turns")


def catalogue() -> Sequence[CardInfo]:
    return CATALOGUE


def knowledge(seat: int) -> Knowledge:
    return Knowledge(seat)


def parse_action(text: str, seat: int) -> Action:
    """The text form `kind seat ...`; `seat` is the seat that types it (the text names
    its seat too: a line naming another seat is refused by the caller's legality check)."""
    del seat
    return _parse_text(text)


def fact(chance: Chance, result: object) -> Action:
    """The chance fact answering `chance`, from what the card source worked out: nothing
    (shuffle, deliver, show, hand_shuffle), the (handle, face) pairs of a reveal, or the
    index drawn for a pick (new_alien, first_player)."""
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
        assert isinstance(result, int)
        return NewAlien(SOURCE, result)
    if kind == "first_player":
        assert isinstance(result, int)
        return FirstPlayer(SOURCE, result)
    raise ValueError(f"unknown chance {kind!r}")


def secret(action: Action) -> str | None:
    """"commit" for a card put face down (the protocol commits to it), "open" for its
    reveal, "give" for cards handed over (a handover of the face-down card when
    `face_down_handover` names the giver), None for everything else."""
    if isinstance(action, Select):
        return "commit"
    if isinstance(action, Reveal):
        return "open"
    if isinstance(action, Give):
        return "give"
    return None


def secret_options(state: GameState, seat: int, knowledge: Knowledge) -> list[int]:
    """The cards `seat` may put face down now (its encounter cards, as the rules and
    powers allow)."""
    return encounter_card_options(state, seat, knowledge)


def timer(state: GameState) -> tuple[str, tuple[int, ...]] | None:
    """A deal has its one-minute limit (rules 001: the deal fails when time runs out),
    counted from the start of that encounter's deal; a card window waits only so long for
    a silent person (a node's patience: they pass)."""
    if state.outcome is not None:
        return None
    step = pending(state).step
    if step == "deal":
        return ("limit", (state.turns, state.encounters))
    if step == "window":
        return ("patience", (state.serial,))
    return None


def on_timeout(state: GameState, seat: int) -> Action:
    """No deal when the deal's time is up; a pass at a card window."""
    return NoDeal(seat) if pending(state).step == "deal" else Pass(seat)


def audit(state: GameState, faces: dict[int, int]) -> list[str]:
    """Every hidden claim and face-down alien sheet checked against the true faces; one
    line per problem. Raises KeyError when a face it needs is missing."""
    return audit_claims(state, faces) + audit_sheets(state, faces)


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
