"""Actions of worlds: small frozen values sent by the seats and by the card source.

Invariants: every action names its sender (`SOURCE` = -1 for chance facts); each field
has one of four shapes (int, world, ints, pairs), so the data form `[kind, seat, field...]`
holds lists of ints and strings only and `action_from_data(a.to_data()) == a`. The text
form is `kind field...` without the seat (`format_action`), read back by
`parse_action(text, seat)`; a world is written as its letter A..Z, a list as `1,2,3`
(`-` when empty), pairs as `1:2,3:4`. `Action.format()` adds the seat after the kind. The
base, the data form and the card protocol's chance facts are every game's (engine.action,
engine.actiondata; those facts name their fields: `revealed -1 cards=1:2`); the world
shape, this text form and the kinds are this game's.
"""

from __future__ import annotations

from ..action import SOURCE, Action, Delivered, HandShuffled, Pairs, Revealed, Shuffled
from ..actiondata import Kinds, TextForm, decode, field_names, kind
from ..errors import ActionParseError

__all__ = [
    "Action", "SOURCE", "ACTION_KINDS", "action_from_data", "parse_action", "format_action",
    "Home", "Keep", "Play", "Power", "Done", "Draw", "Discard", "Move", "Attack", "Invite",
    "Ally", "Decline", "Select", "Reveal",
    "Shuffled", "Delivered", "Revealed", "HandShuffled", "Rolled", "world_name",
    "world_index",
]

WORLDS = 26


def world_name(w: int) -> str:
    return chr(ord("A") + w) if 0 <= w < WORLDS else str(w)


def world_index(text: str) -> int:
    """A world by letter (A..Z, either case) or number; raises ActionParseError."""
    t = text.strip()
    if len(t) == 1 and t.isalpha():
        w = ord(t.upper()) - ord("A")
        if 0 <= w < WORLDS:
            return w
    try:
        return int(t)
    except ValueError:
        raise ActionParseError(f"not a world: {text!r} (A..Z)") from None


# The values alone, a world by its letter (an int in the data form).
TEXT = TextForm(named=False, shapes={"world": (world_name, world_index)})
ACTION_KINDS: dict[str, type[Action]] = {}
_KINDS = Kinds(ACTION_KINDS, TEXT)


# --- player actions ---------------------------------------------------------------------


@kind(_KINDS, "home", "world")
class Home(Action):
    """Setup: choose this world as your homeworld."""

    world: int


@kind(_KINDS, "keep", "int")
class Keep(Action):
    """Setup: keep this race chit (a handle of your four) as your starting race."""

    handle: int


@kind(_KINDS, "play", "int", "int", "ints")
class Play(Action):
    """Play a card from your hand face up (handle, face) with its arguments: an event, or a
    force card's note (1: call the conflict off; 3: retreat to the world in args)."""

    handle: int
    card: int
    args: tuple[int, ...]


@kind(_KINDS, "power", "int", "ints")
class Power(Action):
    """Use a race's ability (race id) with its arguments."""

    race: int
    args: tuple[int, ...]


@kind(_KINDS, "done")
class Done(Action):
    """Nothing (more) to do here: end the window or the phase."""


@kind(_KINDS, "draw")
class Draw(Action):
    """Fate phase: take the draw (three cards, more with some races)."""


@kind(_KINDS, "discard", "pairs")
class Discard(Action):
    """Discard these cards face up (handle:face), down to your hand limit."""

    cards: Pairs


@kind(_KINDS, "move", "world", "world", "world", "int")
class Move(Action):
    """Migration: move `count` tokens born on world `origin` from world `src` to `dst`."""

    src: int
    dst: int
    origin: int
    count: int


@kind(_KINDS, "attack", "world", "int")
class Attack(Action):
    """Conflict phase: attack seat `target`'s stack on `world`."""

    world: int
    target: int


@kind(_KINDS, "invite", "ints")
class Invite(Action):
    """A primary player names the seats it allows to join its side."""

    seats: tuple[int, ...]


@kind(_KINDS, "ally", "int")
class Ally(Action):
    """Join a side (0 attacker, 1 defender) that invited you, with your stack there."""

    side: int


@kind(_KINDS, "decline")
class Decline(Action):
    """Stay out of the conflict."""


@kind(_KINDS, "select")
class Select(Action):
    """Put a force card face down (or none); which one stays secret until Reveal."""


@kind(_KINDS, "reveal", "int", "int")
class Reveal(Action):
    """Turn up the card put face down: handle and face; -1 -1 for no force card."""

    handle: int
    card: int


@kind(_KINDS, "conceal")
class Conceal(Action):
    """Commit the seat's new secret page of unseen tokens (the Invisible Beings'): which
    page stays the seat's secret (engine.worlds.unseen). Not a card put face down."""


@kind(_KINDS, "second", "int", "int")
class Second(Action):
    """Show a second force card face up after Use the Force: handle and face; -1 -1 for
    none. Never face down first, so nothing to open (unlike Reveal)."""

    handle: int
    card: int


# --- chance facts from the card source --------------------------------------------------

_KINDS.enter(Shuffled, Delivered, Revealed, HandShuffled)  # engine.action: every game's


@kind(_KINDS, "rolled", "ints")
class Rolled(Action):
    """The values of the dice asked for, each 1..sides, in order (public)."""

    values: tuple[int, ...]


# --- decoding ---------------------------------------------------------------------------


def action_from_data(data: object) -> Action:
    """Decode `[kind, seat, field...]` strictly; raises ActionParseError on any deviation
    (engine.actiondata, the form every game's actions share; a world is an int there)."""
    return decode(ACTION_KINDS, data)


def parse_action(text: str, seat: int) -> Action:
    """Read the short text form `kind value...` of `seat`'s action; raises ActionParseError."""
    words = text.split()
    if not words:
        raise ActionParseError("empty command")
    cls = ACTION_KINDS.get(words[0])
    if cls is None:
        raise ActionParseError(f"unknown action {words[0]!r}; known: {', '.join(ACTION_KINDS)}")
    names = field_names(cls)
    if len(words) - 1 != len(names):
        raise ActionParseError(f"{cls.KIND}: expected {len(names)} values ({' '.join(names)})")
    values = [cls.TEXT.read(shape, w, f"{cls.KIND}.{n}")
              for n, shape, w in zip(names, cls.SHAPES, words[1:])]
    return cls(seat, *values)


def format_action(a: Action) -> str:
    """The short text form of an action (without its seat): parse_action reads it back."""
    return " ".join([a.KIND] + a.values_text())
