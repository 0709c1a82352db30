"""The map game's race powers in words: what a `power RACE ARGS` action does, with its
arguments as worlds (letters), seats (colours), tokens (whose, born on which world, of
which race), cards (by name when the reader knows the face), squares and counts.

The engine keeps a power's arguments as a tuple of ints whose meaning each race module
documents (engine/worlds/races/*.py, "Arguments: ..."); `POWER_WORDS` below is that list
read for people, one entry a race that takes a Power action. A race missing here, or
arguments of an unexpected length, read as the raw numbers (never an exception): a new
race still shows, only less nicely.

Invariant: only what the reader may know is named: a card by its face only when `faces`
(the public faces, or a seat's knowledge, or a revealed game's) holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.worlds.actions import world_name
from engine.worlds.data import CARDS, RACES
from engine.worlds.state import GRID

__all__ = ["power_words", "action_words", "race_name"]


def race_name(r: int) -> str:
    return RACES[r].name if 0 <= r < len(RACES) else f"race {r}"


class _Say:
    """The words for one kind of argument, read from one position."""

    def __init__(self, s: Any, faces: Mapping[int, int] | None) -> None:
        self.s = s
        self.faces = faces

    def c(self, seat: int) -> str:
        colours = self.s.config.colors
        return colours[seat] if 0 <= seat < len(colours) else f"seat {seat}"

    @staticmethod
    def w(world: int) -> str:
        return world_name(world)

    def born(self, origin: int) -> str:
        """Tokens are born on a world and are of its race."""
        native = self.s.native[origin] if 0 <= origin < len(self.s.native) else -1
        race = f" ({race_name(native)})" if native >= 0 else ""
        return f"born on {world_name(origin)}{race}"

    def tok(self, seat: int, origin: int) -> str:
        return f"a {self.c(seat)} token {self.born(origin)}"

    def card(self, handle: int) -> str:
        face = None
        if self.faces is not None:
            face = self.faces.get(handle)
        if face is None:
            face = self.s.faces.get(handle)
        if face is None or not 0 <= face < len(CARDS):
            return "a card"
        return CARDS[face].label()

    @staticmethod
    def square(sq: int) -> str:
        return f"column {sq // GRID}, row {sq % GRID}"

    def order(self, seats: tuple[int, ...]) -> str:
        return ", ".join(self.c(x) for x in seats)


_Words = Callable[[_Say, tuple[int, ...]], str]

# race key -> (number of arguments, or -1 for any; the words). Cross-checked with the race
# modules' documented arguments by tests/test_worlds_words.py.
POWER_WORDS: dict[str, tuple[int, _Words]] = {
    "anarchists": (0, lambda y, a: "swaps hands with the opposing primary player"),
    "assassins": (3, lambda y, a: f"kills {y.tok(a[1], a[2])} on {y.w(a[0])}"),
    "berserkers": (0, lambda y, a: "gives up a Berserker token for 5 force"),
    "body_snatchers": (2, lambda y, a: "switches a Body Snatcher with "
                       f"{y.tok(a[0], a[1])}"),
    "boobytrappers": (2, lambda y, a: f"takes {y.tok(a[0], a[1])} down too"),
    "breeders": (1, lambda y, a: f"discards a card for two Breeder tokens on {y.w(a[0])}"),
    "burnouts": (1, lambda y, a: f"gives up a Burnout token on {y.w(a[0])} to draw a card"),
    "commandos": (1, lambda y, a: f"brings a Commando token from {y.w(a[0])} into the "
                  "conflict"),
    "confusers": (1, lambda y, a: f"takes the power from an opposing {race_name(a[0])} "
                  "token"),
    "contagion": (1, lambda y, a: f"sends {a[0]} Contagion token(s) along with the move"),
    "deporters": (4, lambda y, a: f"sends {y.tok(a[1], a[2])} away from {y.w(a[0])} to "
                  f"{y.w(a[3])}"),
    "disinformers": (1, lambda y, a: f"turns the attack onto {y.c(a[0])}"),
    "eliminationists": (2, lambda y, a: "gives up an Eliminationist token to remove "
                        f"{y.tok(a[0], a[1])}"),
    "escapists": (2, lambda y, a: f"saves a fallen token {y.born(a[1])} to {y.w(a[0])}"),
    "fanatics": (4, lambda y, a: f"gives up a Fanatic token on {y.w(a[0])} to remove "
                 f"{y.tok(a[2], a[3])} on {y.w(a[1])}"),
    "feedbacks": (0, lambda y, a: "gives up a Feedback token: the opposing force cards "
                  "count for its side too"),
    "foundation": (2, lambda y, a: f"gives {y.card(a[1])} to {y.c(a[0])}"),
    "gatherers": (1, lambda y, a: f"gathers every Gatherer token on {y.w(a[0])}"),
    "genocidals": (3, lambda y, a: f"kills {y.tok(a[1], a[2])} on {y.w(a[0])}"),
    "invisible_beings": (1, lambda y, a: f"brings its unseen tokens on {y.w(a[0])} into "
                         "view"),
    "martyrs": (0, lambda y, a: "gives up a Martyr token: each other token of its stack "
                "counts one more"),
    "microns": (1, lambda y, a: f"moves its Micron tokens away to {y.w(a[0])}"),
    "mind_controllers": (2, lambda y, a: f"takes {y.tok(a[0], a[1])} into its own stack"),
    "neutralizers": (1, lambda y, a: f"strips the opposing {race_name(a[0])} tokens of "
                     "their power"),
    "pacifists": (0, lambda y, a: "gives up its Pacifist tokens to call the conflict off"),
    "planet_jumpers": (2, lambda y, a: f"swaps the squares of {y.w(a[0])} and {y.w(a[1])}"),
    "plea_makers": (1, lambda y, a: f"makes {y.c(a[0])} join its side as an ally"),
    "projectors": (1, lambda y, a: f"gives up a Projector token on {y.w(a[0])} for 2 force"),
    "propagandists": (3, lambda y, a: f"turns {y.tok(a[1], a[2])} on {y.w(a[0])} into one "
                      "of its own"),
    "rearguard": (1, lambda y, a: "gives up a Rearguard token: the rest of its stack "
                  f"retreats to {y.w(a[0])}"),
    "reinforcers": (2, lambda y, a: f"brings a token {y.born(a[1])} from {y.w(a[0])} into "
                    "the conflict"),
    "repulsors": (1, lambda y, a: f"sends {a[0]} arriving token(s) back"),
    "resurrectionists": (1, lambda y, a: f"gives up a Resurrectionist token on {y.w(a[0])} "
                         "to take the top card of the discard pile"),
    "reversists": (0, lambda y, a: "makes the attacker and the defender change roles"),
    "slavers": (2, lambda y, a: f"keeps {y.tok(a[0], a[1])} of the losing side"),
    "space_vampires": (1, lambda y, a: f"gives up a token {y.born(a[0])} for 3 force"),
    "strategists": (1, lambda y, a: f"gives its stack on {y.w(a[0])} a second migration "
                    "and attack"),
    "temporaneans": (-1, lambda y, a: f"sets the turn order: {y.order(a)}"),
    "traders": (2, lambda y, a: f"gives {y.card(a[1])} to {y.c(a[0])} for a card of theirs "
                "at random"),
    "transporters": (2, lambda y, a: f"sends a token {y.born(a[1])} from {y.w(a[0])} into "
                     "the conflict"),
    "worldship": (2, lambda y, a: f"moves {y.w(a[0])} to {y.square(a[1])}"),
}


def power_words(s: Any, race: int, args: tuple[int, ...] | list[int],
                faces: Mapping[int, int] | None = None) -> str:
    """What this use of a race's power does, in words ("kills a blue token born on A
    (Tachyons) on F"); the raw numbers for a race or arguments it does not know. `faces`:
    card faces the reader knows besides the public ones."""
    args = tuple(args)
    key = RACES[race].key if 0 <= race < len(RACES) else ""
    entry = POWER_WORDS.get(key)
    raw = ",".join(map(str, args)) or "-"
    if entry is None or (entry[0] >= 0 and len(args) != entry[0]):
        return f"arguments {raw}"
    try:
        return entry[1](_Say(s, faces), args)
    except (IndexError, TypeError, ValueError):
        return f"arguments {raw}"


def action_words(s: Any, a: Any, faces: Mapping[int, int] | None = None) -> str:
    """An action of the map game as a person reads it, from the position `s` it was taken
    in: a power in words (power_words), any other action as the client's command for it
    (cli/worlds_commands.py: names, letters and colours, no handles)."""
    from engine.worlds.actions import Power
    from engine.worlds.state import Knowledge

    from .worlds_commands import command_for

    if isinstance(a, Power):
        return f"power of the {race_name(a.race)}: {power_words(s, a.race, a.args, faces)}"
    try:
        return command_for(s, a, Knowledge(a.seat, dict(faces or {})))
    except (IndexError, KeyError, TypeError, ValueError):
        return str(a.format())
