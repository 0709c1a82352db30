"""Actions: small frozen values that players (and the card source) send to the engine.

Every action names the seat that sends it (`SOURCE` = -1 for chance facts supplied by the
card source). Each kind has a fixed list of fields of three shapes only, so that encoding
is trivial and canonical:

    int     one integer
    ints    a tuple of integers
    pairs   a tuple of (int, int) pairs, e.g. ships as (location, count)

The base, the data form and the card protocol's chance facts are every game's
(engine.action, engine.actiondata); here are this game's kinds. `to_data()` gives plain
msgpack-able lists `[kind, seat, field...]`; `action_from_data()` is its strict inverse.
`format()` gives a stable one-line text form `kind seat key=value ...` that
`parse_action()` reads back; `repr()` pastes back into Python.
"""

from __future__ import annotations

from ..action import SOURCE, Action, Delivered, HandShuffled, Pairs, Revealed, Shuffled
from ..actiondata import Kinds, decode, field_names, kind
from ..errors import ActionParseError

__all__ = [
    "Action", "SOURCE", "ACTION_KINDS", "GATE", "action_from_data", "parse_action",
    # player actions
    "Pass", "Proceed", "NewHand", "Retrieve", "DrawAgain", "ChooseDefense", "Reestablish",
    "Launch", "Invite", "Ally", "Decline", "NoEncounter", "Select", "Reveal", "Play",
    "UsePower", "Propose", "Accept", "NoDeal", "Give", "Ships", "Rewards", "SecondEncounter",
    "EndTurn", "Discard", "KeepAlien", "TurnUp", "KeepTech", "Research", "CompleteTech",
    "AbandonTech", "NewTech", "UseTech",
    # chance facts
    "FirstPlayer", "Shuffled", "Delivered", "Revealed", "HandShuffled", "NewAlien",
]

GATE = -1  # ship location: the hyperspace gate (planets are 0..P-1)

ACTION_KINDS: dict[str, type[Action]] = {}
_KINDS = Kinds(ACTION_KINDS)  # the shared shapes, each field written with its name

# --- player actions -----------------------------------------------------------------------


@kind(_KINDS, "pass")
class Pass(Action):
    """Decline to act at a window (or decline a power/option)."""


@kind(_KINDS, "proceed")
class Proceed(Action):
    """Start of turn: the offense keeps its hand (a claim that it holds an encounter card)."""


@kind(_KINDS, "newhand", "pairs")
class NewHand(Action):
    """Reveal the whole hand (handle:face pairs), none of it encounter cards; draw eight."""

    cards: Pairs


@kind(_KINDS, "retrieve", "int")
class Retrieve(Action):
    """Regroup: bring one ship from the warp to one of your colonies (planet)."""

    planet: int


@kind(_KINDS, "drawagain")
class DrawAgain(Action):
    """Destiny of your own colour: discard it and draw again."""


@kind(_KINDS, "defense", "int")
class ChooseDefense(Action):
    """Wild destiny: the seat to encounter; own colour: whose colony to drive out."""

    defender: int


@kind(_KINDS, "reestablish", "int", "pairs")
class Reestablish(Action):
    """Own colour: re-establish an empty home planet with 1-4 ships from your colonies."""

    planet: int
    ships: Pairs


@kind(_KINDS, "launch", "int", "pairs")
class Launch(Action):
    """Aim the gate at a planet and put 1-4 ships on it (location:count pairs)."""

    planet: int
    ships: Pairs


@kind(_KINDS, "invite", "ints")
class Invite(Action):
    """A main player invites these seats to be its allies (possibly none)."""

    seats: tuple[int, ...]


@kind(_KINDS, "ally", "int", "pairs")
class Ally(Action):
    """Accept the invitation of one side (its seat) and commit 1-4 ships."""

    side: int
    ships: Pairs


@kind(_KINDS, "decline")
class Decline(Action):
    """Refuse every invitation."""


@kind(_KINDS, "noencounter")
class NoEncounter(Action):
    """No encounter card in hand (a recorded claim): the offense's turn ends. Also the
    offense at the start of its turn or the defense in planning when no card left to draw
    is an encounter card (docs/rules.md, Draws always end): the turn ends all the same."""


@kind(_KINDS, "select")
class Select(Action):
    """Put an encounter card face down. Which one stays secret (the protocol commits to it)."""


@kind(_KINDS, "reveal", "int", "int")
class Reveal(Action):
    """Turn the face-down encounter card up: its handle and face."""

    handle: int
    card: int


@kind(_KINDS, "play", "int", "int", "ints")
class Play(Action):
    """Play a card from hand face up (artifact, reinforcement, flare) with its arguments."""

    handle: int
    card: int
    args: tuple[int, ...]


@kind(_KINDS, "power", "int", "ints")
class UsePower(Action):
    """Use an alien power option (option number as the power defines it) with arguments."""

    option: int
    args: tuple[int, ...]


@kind(_KINDS, "propose", "ints")
class Propose(Action):
    """Deal terms: (cards offense gives, cards defense gives, planet for offense's colony or
    -1, planet for defense's colony or -1)."""

    terms: tuple[int, ...]


@kind(_KINDS, "accept")
class Accept(Action):
    """Accept the standing deal proposal of the other main player."""


@kind(_KINDS, "nodeal")
class NoDeal(Action):
    """The deal failed (given up, or the node's one-minute timer ran out)."""


@kind(_KINDS, "give", "ints")
class Give(Action):
    """Hand over these cards (handles) as a deal or an effect requires."""

    handles: tuple[int, ...]


@kind(_KINDS, "ships", "pairs")
class Ships(Action):
    """Answer a ship choice: (location, count) pairs to take from or to put on."""

    ships: Pairs


@kind(_KINDS, "rewards", "int", "pairs")
class Rewards(Action):
    """Defender rewards: how many cards to draw, and ships to bring back from the warp."""

    draws: int
    ships: Pairs


@kind(_KINDS, "second")
class SecondEncounter(Action):
    """Take a second encounter (a claim that the offense holds an encounter card)."""


@kind(_KINDS, "endturn")
class EndTurn(Action):
    """End the turn now."""


@kind(_KINDS, "discard", "pairs", "ints")
class Discard(Action):
    """Discard these cards face up (handle:face) and claim to hold none of the listed kinds
    (kind numbers of `KIND_CODES`)."""

    cards: Pairs
    none_of: tuple[int, ...]


# --- chance facts from the card source ----------------------------------------------------


@kind(_KINDS, "firstplayer", "int")
class FirstPlayer(Action):
    """The first player, chosen by the public random beacon."""

    first: int


_KINDS.enter(Shuffled, Delivered, Revealed, HandShuffled)  # engine.action: every game's


@kind(_KINDS, "newalien", "int")
class NewAlien(Action):
    """The alien drawn at random: an index into the candidate names of the new_alien
    chance (a seat's alien at setup, or the Reincarnator's next one)."""

    index: int


@kind(_KINDS, "keep", "int")
class KeepAlien(Action):
    """Advanced setup: keep the alien of your first (0) or second (1) dealt flare. The
    index says nothing to the others, who do not know the faces (rules 001, Advanced
    Setup: the choices are revealed together)."""

    index: int


@kind(_KINDS, "turnup")
class TurnUp(Action):
    """Hidden powers: turn your face-down alien up (it is revealed to all and stays face
    up). Taken at a turn-up round and at any question the seat is asked (engine.hidden)."""


# --- the technology variant (engine.techs) -------------------------------------------------


@kind(_KINDS, "keeptech", "int")
class KeepTech(Action):
    """Keep this one of the tech cards just dealt to you (a handle: it names no face);
    the others are discarded face up."""

    handle: int


@kind(_KINDS, "research", "int", "int")
class Research(Action):
    """Regroup: move one ship from a colony (planet) onto your face-down tech (handle)."""

    handle: int
    planet: int


@kind(_KINDS, "complete", "int")
class CompleteTech(Action):
    """Regroup: turn your face-down tech up; with enough ships on it, it is completed,
    else abandoned (rules 000, Completing a Tech Card)."""

    handle: int


@kind(_KINDS, "abandon", "int")
class AbandonTech(Action):
    """Regroup: turn your face-down tech up and discard it; its ships go home."""

    handle: int


@kind(_KINDS, "newtech")
class NewTech(Action):
    """Instead of another encounter: draw foreign colonies + 1 techs, keep one; the turn
    ends."""


@kind(_KINDS, "usetech", "int")
class UseTech(Action):
    """Use your completed tech (handle) at this window."""

    handle: int


# --- decoding -----------------------------------------------------------------------------


def action_from_data(data: object) -> Action:
    """Decode `[kind, seat, field...]` strictly; raises ActionParseError on any deviation
    (engine.actiondata, the form every game's actions share)."""
    return decode(ACTION_KINDS, data)


def parse_action(text: str) -> Action:
    """Read the text form `kind seat key=value ...` back into an action."""
    words = text.split()
    if len(words) < 2:
        raise ActionParseError(f"cannot parse {text!r}: expected 'kind seat key=value ...'")
    cls = ACTION_KINDS.get(words[0])
    if cls is None:
        raise ActionParseError(f"unknown action kind {words[0]!r}")
    seat = cls.TEXT.read("int", words[1], f"{cls.KIND}.seat")
    given = {}
    for w in words[2:]:
        key, sep, val = w.partition("=")
        if not sep:
            raise ActionParseError(f"{cls.KIND}: expected key=value, got {w!r}")
        given[key] = val
    names = list(field_names(cls))
    if sorted(given) != sorted(names):
        raise ActionParseError(f"{cls.KIND}: expected fields {names}, got {sorted(given)}")
    values = [
        cls.TEXT.read(shape, given[n], f"{cls.KIND}.{n}") for n, shape in zip(names, cls.SHAPES)
    ]
    return cls(seat, *values)
