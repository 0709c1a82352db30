"""The rules data of worlds: the deck (force and event cards) and the alien races.

Invariants: card ids are 0..len(CARDS)-1, force cards first (by value, one id per copy),
then the nine events; race ids are 0..len(RACES)-1 in the order of data/races.toml. Both
are fixed by the data files, whose bytes `rules_data_hash` covers.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CardInfo", "RaceInfo", "CARDS", "RACES", "RACE_KEYS", "EVENT_IDS", "USE_CODES",
           "rules_data_hash", "card", "race_id", "event_id", "card_label", "DECK"]

_DIR = Path(__file__).parent / "data"
_FILES = ("cards.toml", "races.toml")

# The use codes of rules 003 (meaning in docs/worlds-rules.md, enforced by races/__init__).
USE_CODES = ("A", "1/C", "1/T", "1/W", "1/B", "W", "R", "-")


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: int
    kind: str  # "force" or "event"
    value: int  # force value; 0 for events
    key: str  # event key ("" for force cards)
    timing: str  # event: the phase it is played in
    name: str

    def label(self) -> str:
        return f"force {self.value}" if self.kind == "force" else self.key


@dataclass(frozen=True, slots=True)
class RaceInfo:
    id: int
    key: str
    name: str
    use: str
    implemented: bool
    ability: str


def _load() -> tuple[tuple[CardInfo, ...], tuple[RaceInfo, ...]]:
    cards_raw = tomllib.loads((_DIR / "cards.toml").read_text())
    cards: list[CardInfo] = []
    for f in cards_raw["force"]:
        for _ in range(int(f["count"])):
            cards.append(CardInfo(len(cards), "force", int(f["value"]), "", "conflict",
                                  f"force {f['value']}"))
    for e in cards_raw["event"]:
        cards.append(CardInfo(len(cards), "event", 0, str(e["key"]), str(e["timing"]),
                              str(e["name"])))
    races_raw = tomllib.loads((_DIR / "races.toml").read_text())
    races: list[RaceInfo] = []
    for r in races_raw["race"]:
        if r["use"] not in USE_CODES:
            raise ValueError(f"race {r['key']}: unknown use code {r['use']!r}")
        races.append(RaceInfo(len(races), str(r["key"]), str(r["name"]), str(r["use"]),
                              bool(r["implemented"]), str(r["ability"])))
    return tuple(cards), tuple(races)


CARDS, RACES = _load()
DECK: tuple[int, ...] = tuple(c.id for c in CARDS)  # one copy of every card
RACE_KEYS: dict[str, int] = {r.key: r.id for r in RACES}
EVENT_IDS: dict[str, int] = {c.key: c.id for c in CARDS if c.kind == "event"}


def card(face: int) -> CardInfo:
    """The card with this id; raises KeyError for an unknown one."""
    if not 0 <= face < len(CARDS):
        raise KeyError(face)
    return CARDS[face]


def card_label(face: int) -> str:
    return card(face).label()


def race_id(key: str) -> int:
    """The id of a race by key; raises ValueError naming the known ones."""
    if key not in RACE_KEYS:
        raise ValueError(f"unknown race {key!r}")
    return RACE_KEYS[key]


def event_id(key: str) -> int:
    return EVENT_IDS[key]


def rules_data_hash() -> bytes:
    """SHA-256 over the data files' bytes, in a fixed order (same data, same hash)."""
    h = hashlib.sha256()
    for name in _FILES:
        raw = (_DIR / name).read_bytes()
        h.update(len(raw).to_bytes(8, "big") + raw)
    return h.digest()
