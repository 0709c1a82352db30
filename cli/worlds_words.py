"""The map game's race powers in words: what a `power RACE ARGS` action does, with its
arguments as worlds (letters), seats (colours), tokens (whose, born on which world, of
which race), cards (by name when the reader knows the face), squares and counts.

The engine keeps a power's arguments as a tuple of ints whose meaning each race module
documents (engine/worlds/races/*.py, "Arguments: ..."); `POWER_WORDS` below is that list
read for people, one entry a race that takes a Power action. A race missing here, or
arguments of an unexpected length, read as the raw numbers (never an exception): a new
race still shows, only less nicely. The words leave out the seat using the power, their
subject: its verbs and its "its" are made to agree with it as the reader sees it
("kills ..." in a replay, "kill ..." after "you use the power of the Assassins:" on its
own player's screen; cli/you_words.py).

Invariant: only what the reader may know is named: a card by its face only when `faces`
(the public faces, or a seat's knowledge, or a revealed game's) holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.worlds.actions import world_name
from engine.worlds.data import RACES
from engine.worlds.state import GRID, WORLDS

from .worlds_action_words import card_name
from .you_words import Voice

__all__ = ["power_words", "power_command", "action_words", "action_sentence", "race_name",
           "POWER_WORDS"]


def race_name(r: int) -> str:
    return RACES[r].name if 0 <= r < len(RACES) else f"race {r}"


def the_race(r: int) -> str:
    """The race's name after "the", unless the name has its own ("The Hive")."""
    name = race_name(r)
    return name if name.startswith("The ") else f"the {name}"


class _Say:
    """The words for one kind of argument, read from one position, as the person at
    `viewer` reads them; `seat` is the one using the power, the subject of the words: its
    verbs (`v("kills")`) and its "its" agree with it (cli/you_words.py)."""

    def __init__(self, s: Any, faces: Mapping[int, int] | None, viewer: int | None = None,
                 seat: int = -1) -> None:
        self.s = s
        self.faces = faces
        self.voice = Voice(s.config.colors, viewer)
        self.seat = seat
        self.its = self.voice.its(seat)

    def v(self, verb: str) -> str:
        """The power user's verb ("kills"), agreeing with it."""
        return self.voice.verb(self.seat, verb)

    def colour(self, seat: int) -> str:
        colours = self.s.config.colors
        return colours[seat] if 0 <= seat < len(colours) else f"seat {seat}"

    def c(self, seat: int) -> str:
        """A seat in words: "you" to its own player, else its colour."""
        return "you" if self.voice.you(seat) else self.colour(seat)

    @staticmethod
    def w(world: int) -> str:
        return world_name(world)

    def born(self, origin: int) -> str:
        """Tokens are born on a world and are of its race."""
        native = self.s.native[origin] if 0 <= origin < len(self.s.native) else -1
        race = f" ({race_name(native)})" if native >= 0 else ""
        return f"born on {world_name(origin)}{race}"

    def tok(self, seat: int, origin: int) -> str:
        """"a blue token born on A (Tachyons)", to blue "a token of yours born on ..."."""
        whose = "a token of yours" if self.voice.you(seat) else f"a {self.colour(seat)} token"
        return f"{whose} {self.born(origin)}"

    def card(self, handle: int) -> str:
        face = None
        if self.faces is not None:
            face = self.faces.get(handle)
        if face is None:
            face = self.s.faces.get(handle)
        return card_name(face)  # "Power Up", not the engine's "power_up"

    @staticmethod
    def square(sq: int) -> str:
        return f"column {sq // GRID}, row {sq % GRID}"

    def place(self, p: int) -> str:
        """A world, or a square of deep space (a place past the worlds)."""
        return world_name(p) if p < WORLDS else f"deep space at {self.square(p - WORLDS)}"

    def order(self, seats: tuple[int, ...]) -> str:
        return ", ".join(self.c(x) for x in seats)


_Words = Callable[[_Say, tuple[int, ...]], str]

# race key -> (the kind of each argument, "order": every seat once; the words), read from
# the race modules' documented arguments (checked over whole bot games by
# tests/test_worlds_words.py). A kind is how an argument is typed in a command (KINDS).
POWER_WORDS: dict[str, tuple[str, _Words]] = {
    "anarchists": ("", lambda y, a: f"{y.v('swaps')} hands with the opposing primary player"),
    "assassins": ("world seat origin", lambda y, a: f"{y.v('kills')} {y.tok(a[1], a[2])} on {y.w(a[0])}"),
    "berserkers": ("", lambda y, a: f"{y.v('gives')} up a Berserker token for 5 force"),
    "body_snatchers": ("seat origin", lambda y, a: f"{y.v('switches')} a Body Snatcher with "
                       f"{y.tok(a[0], a[1])}"),
    "boobytrappers": ("seat origin", lambda y, a: f"{y.v('takes')} {y.tok(a[0], a[1])} down too"),
    "breeders": ("world", lambda y, a: f"{y.v('discards')} a card for two Breeder tokens on "
                  f"{y.w(a[0])}"),
    "burnouts": ("world", lambda y, a: f"{y.v('gives')} up a Burnout token on {y.w(a[0])} to "
                  "draw a card"),
    "commandos": ("world", lambda y, a: f"{y.v('brings')} a Commando token from {y.w(a[0])} into the "
                  "conflict"),
    "confusers": ("race", lambda y, a: f"{y.v('takes')} the power from an opposing {race_name(a[0])} "
                  "token"),
    "contagion": ("count",
        lambda y, a: f"{y.v('sends')} {a[0]} Contagion token(s) along with the move"),
    "deporters": ("world seat origin world",
        lambda y, a: f"{y.v('sends')} {y.tok(a[1], a[2])} away from {y.w(a[0])} to "
        f"{y.w(a[3])}"),
    "disinformers": ("seat", lambda y, a: f"{y.v('turns')} the attack onto {y.c(a[0])}"),
    "eliminationists": ("seat origin", lambda y, a: f"{y.v('gives')} up an Eliminationist token to remove "
                        f"{y.tok(a[0], a[1])}"),
    "escapists": ("world origin",
        lambda y, a: f"{y.v('saves')} a fallen token {y.born(a[1])} to {y.w(a[0])}"),
    "fanatics": ("world world seat origin",
        lambda y, a: f"{y.v('gives')} up a Fanatic token on {y.w(a[0])} to remove "
        f"{y.tok(a[2], a[3])} on {y.w(a[1])}"),
    "feedbacks": ("", lambda y, a: f"{y.v('gives')} up a Feedback token: the opposing force "
                  f"cards count for {y.its} side too"),
    "foundation": ("seat card", lambda y, a: f"{y.v('gives')} {y.card(a[1])} to {y.c(a[0])}"),
    "gatherers": ("world", lambda y, a: f"{y.v('gathers')} every Gatherer token on {y.w(a[0])}"),
    "genocidals": ("world seat origin", lambda y, a: f"{y.v('kills')} {y.tok(a[1], a[2])} on {y.w(a[0])}"),
    "invisible_beings": ("world", lambda y, a: f"{y.v('brings')} {y.its} unseen tokens on "
                         f"{y.w(a[0])} into view"),
    "martyrs": ("", lambda y, a: f"{y.v('gives')} up a Martyr token: each other token of "
                f"{y.its} stack counts one more"),
    "microns": ("world",
        lambda y, a: f"{y.v('moves')} {y.its} Micron tokens away to {y.w(a[0])}"),
    "mind_controllers": ("seat origin",
        lambda y, a: f"{y.v('takes')} {y.tok(a[0], a[1])} into {y.its} own stack"),
    "neutralizers": ("race", lambda y, a: f"{y.v('strips')} the opposing {race_name(a[0])} tokens of "
                     "their power"),
    "pacifists": ("",
        lambda y, a: f"{y.v('gives')} up {y.its} Pacifist tokens to call the conflict "
        "off"),
    "planet_jumpers": ("world world",
        lambda y, a: f"{y.v('swaps')} the squares of {y.w(a[0])} and {y.w(a[1])}"),
    "plea_makers": ("seat", lambda y, a: f"{y.v('makes')} {y.c(a[0])} join {y.its} side as an "
                  "ally"),
    "projectors": ("world",
        lambda y, a: f"{y.v('gives')} up a Projector token on {y.w(a[0])} for 2 force"),
    "propagandists": ("world seat origin",
        lambda y, a: f"{y.v('turns')} {y.tok(a[1], a[2])} on {y.w(a[0])} into one "
        f"of {y.its} own"),
    "rearguard": ("world", lambda y, a: f"{y.v('gives')} up a Rearguard token: the rest of {y.its} "
                  f"stack retreats to {y.w(a[0])}"),
    "reinforcers": ("world origin",
        lambda y, a: f"{y.v('brings')} a token {y.born(a[1])} from {y.w(a[0])} into "
        "the conflict"),
    "repulsors": ("count", lambda y, a: f"{y.v('sends')} {a[0]} arriving token(s) back"),
    "resurrectionists": ("world", lambda y, a: f"{y.v('gives')} up a Resurrectionist token on {y.w(a[0])} "
                         "to take the top card of the discard pile"),
    "reversists": ("", lambda y, a: f"{y.v('makes')} the attacker and the defender change "
                   "roles"),
    "slavers": ("seat origin", lambda y, a: f"{y.v('keeps')} {y.tok(a[0], a[1])} of the losing side"),
    "space_vampires": ("origin", lambda y, a: f"{y.v('gives')} up a token {y.born(a[0])} for 3 force"),
    "strategists": ("world", lambda y, a: f"{y.v('gives')} {y.its} stack on {y.w(a[0])} a second "
                    "migration and attack"),
    "temporaneans": ("order",
        lambda y, a: f"{y.v('sets')} the turn order: {y.order(a)}"),
    "traders": ("seat card",
        lambda y, a: f"{y.v('gives')} {y.card(a[1])} to {y.c(a[0])} for a card of "
        f"{'yours' if y.voice.you(a[0]) else 'theirs'} at random"),
    "transporters": ("world origin",
        lambda y, a: f"{y.v('sends')} a token {y.born(a[1])} from {y.w(a[0])} into "
        "the conflict"),
    "worldship": ("world square", lambda y, a: f"{y.v('moves')} {y.w(a[0])} to {y.square(a[1])}"),
    # Emulators and Copycats: in the opportunity phase a world and the race to copy
    # there; in a conflict's opening, the race only (on the conflict's world).
    "emulators": ("world race|race", lambda y, a: _copies(y, a)),
    "copycats": ("world race|race", lambda y, a: _copies(y, a)),
    "space_pilgrims": ("place place origin count",
        lambda y, a: f"{y.v('moves')} {a[3]} token(s) {y.born(a[2])} from {y.place(a[0])} to "
        f"{y.place(a[1])}"),
}


def _copies(y: _Say, a: tuple[int, ...]) -> str:
    where = f" on {world_name(a[0])}" if len(a) == 2 else ""
    return f"{y.v('copies')} the power of {the_race(a[-1])}{where}"


def _fits(kinds: str, args: tuple[int, ...]) -> bool:
    return kinds == "order" or _kinds(kinds, args) is not None


def _kinds(kinds: str, args: tuple[int, ...]) -> list[str] | None:
    """The kinds of these arguments: of the one form (forms split by |) of their length."""
    return next((k.split() for k in kinds.split("|") if len(k.split()) == len(args)), None)


def _typed(y: _Say, kind: str, v: int) -> str:
    """One argument as a command names it (letters, colours, race and card words)."""
    from .worlds_commands import card_word, race_word

    if kind in ("world", "origin"):
        return world_name(v)
    if kind == "seat":
        return y.colour(v)
    if kind == "race":
        return race_word(v)
    if kind == "card":
        face = (y.faces or {}).get(v, y.s.faces.get(v))
        return card_word(face)
    if kind == "square":
        return f"{v // GRID},{v % GRID}"
    if kind == "place":
        return world_name(v) if v < WORLDS else f"{(v - WORLDS) // GRID},{(v - WORLDS) % GRID}"
    return str(v)  # count


def power_command(s: Any, race: int, args: tuple[int, ...] | list[int],
                  faces: Mapping[int, int] | None = None) -> str:
    """The command for a use of a race's power, its arguments named as a person types
    them: "power assassins F blue A" (world F, blue's token born on A), "power worldship
    B 3,4" (column 3, row 4), "power temporaneans blue,red,yellow" (the new order). A race
    or arguments it does not know: the raw numbers, which the text form reads too."""
    from .worlds_commands import race_word

    args = tuple(args)
    key = RACES[race].key if 0 <= race < len(RACES) else ""
    entry = POWER_WORDS.get(key)
    if entry is None or not _fits(entry[0], args):
        return " ".join(["power", race_word(race), ",".join(map(str, args)) or "-"])
    y = _Say(s, faces)
    if entry[0] == "order":
        return f"power {race_word(race)} {y.order(args)}"
    return " ".join(["power", race_word(race),
                     *(_typed(y, k, v) for k, v in zip(_kinds(entry[0], args) or [], args))])


def power_words(s: Any, race: int, args: tuple[int, ...] | list[int],
                faces: Mapping[int, int] | None = None, viewer: int | None = None,
                seat: int = -1) -> str:
    """What this use of a race's power by `seat` does, in words without the seat ("kills a
    blue token born on A (Tachyons) on F"; to its own player at `viewer` "kill ..."); the
    raw numbers for a race or arguments it does not know. `faces`: card faces the reader
    knows besides the public ones."""
    args = tuple(args)
    key = RACES[race].key if 0 <= race < len(RACES) else ""
    entry = POWER_WORDS.get(key)
    raw = ",".join(map(str, args)) or "-"
    if entry is None or not _fits(entry[0], args):
        return f"arguments {raw}"
    try:
        return entry[1](_Say(s, faces, viewer, seat), args)
    except (IndexError, TypeError, ValueError):
        return f"arguments {raw}"


def action_words(s: Any, a: Any, faces: Mapping[int, int] | None = None,
                 viewer: int | None = None) -> str:
    """An action of the map game as a person replaying it reads it, from the position `s`
    it was taken in: words about its seat, without it (cli/worlds_action_words.py), its
    verbs agreeing with it as the person at `viewer` reads them. `faces`, what a reader
    may know besides the public faces, is not used: a replay names a card only by a face
    public at that position (a revealed game's replay knows every face)."""
    from .worlds_action_words import action_words as words
    return words(s, a, viewer)


def action_sentence(s: Any, a: Any, viewer: int | None = None) -> str:
    """The action as a whole sentence naming its seat, as the person at `viewer` reads it
    ("you end your migration", "blue ends its migration"); a chance fact of the card
    source, which has no seat of its own, in its own words."""
    from .worlds_action_words import NO_SEAT, action_words as words
    said = words(s, a, viewer)
    if a.KIND in NO_SEAT or said == a.format():
        return said
    return f"{Voice(s.config.colors, viewer).name(a.seat)} {said}"
