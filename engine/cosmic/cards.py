"""Card faces, decks and colours, loaded once from the data files in engine/cosmic/data.

A *face* is an int card id: the index of one physical card in the catalogue. Every copy of
a card has its own id, so conservation of cards can be checked exactly. The catalogue is
the cosmic deck (ids 0..71) followed by the destiny deck cards of all ten colours, the
flares, a second copy of the cosmic deck (each card's twin, a card of its own) for the
biggest tables, and last the classic artifacts (one each); which of them a game uses
depends on its seats and options (`cosmic_deck`). Handles (opaque positions in hidden zones) are a different thing and live
in the game state.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "CardInfo", "CATALOGUE", "COSMIC_DECK", "COLORS", "ENCOUNTER_KINDS", "card",
    "destiny_cards", "rules_data_hash", "card_by_name", "ARTIFACTS", "FLARES", "flare_id",
    "HAND_SIZE", "SECOND_DECK", "cosmic_decks", "cosmic_deck", "CLASSIC_ARTIFACTS",
    "TechInfo", "TECHS", "TECH_CARDS", "tech_deck", "tech_info", "FOUR_PLANETS_RESEARCH",
]

ENCOUNTER_KINDS = ("attack", "negotiate", "morph")
# A full hand: the starting hand, a new hand and a hand after a cosmic quake (rules 001).
HAND_SIZE = 8


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What is printed on one card: its kind, and a value or a name where it has one."""

    id: int
    kind: str  # attack, negotiate, morph, reinforcement, artifact, flare, destiny, tech
    value: int = 0  # attack value, reinforcement bonus
    name: str = ""  # artifact / flare name; destiny: colour, "wild" or a special's name

    @property
    def is_encounter(self) -> bool:
        return self.kind in ENCOUNTER_KINDS

    def label(self) -> str:
        """Short human text: 'attack 08', 'negotiate', 'artifact cosmic_zap', 'destiny red'."""
        if self.kind == "attack":
            return f"attack {self.value:02d}"
        if self.kind == "reinforcement":
            return f"reinforcement +{self.value}"
        if self.name:
            return f"{self.kind} {self.name}"
        return self.kind


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads(resources.files("engine.cosmic").joinpath("data", name).read_text("utf-8"))


def _raw_bytes() -> bytes:
    files = resources.files("engine.cosmic").joinpath("data")
    return b"".join(
        files.joinpath(n).read_bytes()
        for n in ("cards.toml", "colors.toml", "destiny.toml", "flares.toml", "techs.toml")
    )


def _build() -> tuple[tuple[CardInfo, ...], tuple[str, ...]]:
    cards: list[CardInfo] = []
    for entry in _load("cards.toml")["card"]:
        kind = str(entry["kind"])
        name = str(entry.get("name", ""))
        if "values" in entry:
            for v in entry["values"]:
                cards.append(CardInfo(len(cards), kind, int(v), name))
        else:
            for _ in range(int(entry["copies"])):
                cards.append(CardInfo(len(cards), kind, 0, name))
    colors = tuple(str(c) for c in _load("colors.toml")["colors"])
    destiny = _load("destiny.toml")
    for color in colors:
        for _ in range(int(destiny["per_color"])):
            cards.append(CardInfo(len(cards), "destiny", 0, color))
    for _ in range(int(destiny["wilds"])):
        cards.append(CardInfo(len(cards), "destiny", 0, "wild"))
    for special in destiny["specials"]:
        cards.append(CardInfo(len(cards), "destiny", 0, str(special)))
    # Flares last, so the cosmic deck and destiny ids never move (engine/cosmic/data/flares.toml).
    for name in _load("flares.toml")["names"]:
        cards.append(CardInfo(len(cards), "flare", 0, str(name)))
    # The second cosmic deck last of all, so that it moves no other card's id.
    for c in [c for c in cards if c.kind not in ("destiny", "flare")]:
        cards.append(CardInfo(len(cards), c.kind, c.value, c.name))
    for entry in _load("cards.toml")["classic"]:
        for name in entry["names"]:
            cards.append(CardInfo(len(cards), str(entry["kind"]), 0, str(name)))
    # The tech deck last of all (engine/cosmic/data/techs.toml): the printed techs repeated in
    # file order up to the deck's size; `value` is the research number.
    techs = _load("techs.toml")
    printed = techs["tech"]
    for i in range(int(techs["deck_size"])):
        entry = printed[i % len(printed)]
        cards.append(CardInfo(len(cards), "tech", int(entry["research"]), str(entry["name"])))
    return tuple(cards), colors


CATALOGUE, COLORS = _build()
_FIRST_TWIN = max(c.id for c in CATALOGUE if c.kind in ("destiny", "flare")) + 1
# The cosmic deck without flares (ids 0..71); a game with flares adds the ones it uses.
COSMIC_DECK: tuple[int, ...] = tuple(
    c.id for c in CATALOGUE[:_FIRST_TWIN] if c.kind not in ("destiny", "flare"))
# Its twin, card for card (COSMIC_DECK[i] and SECOND_DECK[i] have the same face).
SECOND_DECK: tuple[int, ...] = tuple(range(_FIRST_TWIN, _FIRST_TWIN + len(COSMIC_DECK)))
# The classic artifacts, last: in the deck only under the classic_artifacts variant.
CLASSIC_ARTIFACTS: tuple[int, ...] = tuple(
    c.id for c in CATALOGUE[SECOND_DECK[-1] + 1:] if c.kind == "artifact")
# The tech deck (the technology variant), after every other card.
TECH_CARDS: tuple[int, ...] = tuple(c.id for c in CATALOGUE if c.kind == "tech")
# With four planets the techs of this research number or more stay in the box (rules 000
# and 001, Technology with Four Planets).
FOUR_PLANETS_RESEARCH = 8


@dataclass(frozen=True, slots=True)
class TechInfo:
    """One printed tech: its research number, who may use it (role bar: "any",
    "offense", ...) and when (phase bar: a window name), and a summary in our words."""

    name: str
    research: int
    role: str
    phase: str
    summary: str


TECHS: dict[str, TechInfo] = {
    str(e["name"]): TechInfo(str(e["name"]), int(e["research"]), str(e["role"]),
                             str(e["phase"]), str(e["summary"]))
    for e in _load("techs.toml")["tech"]
}


def tech_info(card_id: int) -> TechInfo:
    """The printed tech of a tech card id; raises KeyError for another card."""
    c = card(card_id)
    if c.kind != "tech":
        raise KeyError(f"card {card_id} is not a tech")
    return TECHS[c.name]


def tech_deck(four_planets: bool, cards: tuple[CardInfo, ...] | None = None) -> tuple[int, ...]:
    """The tech card ids a technology game shuffles: all of them, or with four planets
    those whose research number is below FOUR_PLANETS_RESEARCH. `cards`: the catalogue
    to pick from (a test may pass its own)."""
    pool = CATALOGUE if cards is None else cards
    return tuple(c.id for c in pool if c.kind == "tech"
                 and not (four_planets and c.value >= FOUR_PLANETS_RESEARCH))
FLARES: tuple[str, ...] = tuple(c.name for c in CATALOGUE if c.kind == "flare")
ARTIFACTS: tuple[str, ...] = tuple(
    sorted({c.name for c in CATALOGUE if c.kind == "artifact"})
)


def cosmic_decks(seats: int) -> int:
    """How many copies of the cosmic deck a table of `seats` plays with: two once a full
    hand for every seat would take the whole deck (9 and 10 seats), else one. With one
    deck at such a table the deal leaves nothing to draw and every cosmic quake redeals
    the same empty deck (docs/rules.md, Big tables)."""
    return 1 if seats * HAND_SIZE < len(COSMIC_DECK) else 2


def cosmic_deck(seats: int, classic_artifacts: bool = False) -> tuple[int, ...]:
    """The card ids of the cosmic deck (flares aside) at a table of `seats`, with the
    classic artifacts if the variant asks for them (one copy each, whatever the table)."""
    deck = COSMIC_DECK if cosmic_decks(seats) == 1 else COSMIC_DECK + SECOND_DECK
    return deck + CLASSIC_ARTIFACTS if classic_artifacts else deck


def card(card_id: int) -> CardInfo:
    """The printed face of a card id; raises KeyError for an id outside the catalogue."""
    if not 0 <= card_id < len(CATALOGUE):
        raise KeyError(f"no card with id {card_id}")
    return CATALOGUE[card_id]


def flare_id(name: str) -> int:
    """The card id of the flare of this name (an alien's name, or "filch_classic");
    raises KeyError for an unknown flare."""
    for c in CATALOGUE:
        if c.kind == "flare" and c.name == name:
            return c.id
    raise KeyError(f"no flare {name!r}")


def card_by_name(kind: str, name: str = "", value: int | None = None) -> list[int]:
    """All card ids of one printed face, in id order (scenarios name cards this way)."""
    return [
        c.id for c in CATALOGUE
        if c.kind == kind and (not name or c.name == name) and (value is None or c.value == value)
    ]


def destiny_cards(colors: tuple[str, ...]) -> tuple[int, ...]:
    """The destiny deck for the colours in play: their colour cards, wilds and specials."""
    return tuple(
        c.id for c in CATALOGUE
        if c.kind == "destiny" and (c.name in colors or c.name not in COLORS)
    )


def rules_data_hash() -> bytes:
    """SHA-256 of the rules data files, for the genesis record (same data, same hash)."""
    return hashlib.sha256(_raw_bytes()).digest()
