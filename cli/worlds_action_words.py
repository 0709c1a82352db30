"""A map-game (worlds) action in words, for someone replaying the game: "moves 2 tokens
born on A (Tachyons) from A to F", "ends its migration", "puts its force card face down".
The replay names the seat before the words ("red: ..."), so the words start with the verb,
as Cosmic's do (cli/action_words.py).

Several kinds mean something only at the step they answer (`done` ends an opportunity
phase, a migration or a conflict's opening; `decline` stays out of a conflict, lets an
attack stand or sends no token back; `discard` is the hand limit, a race's price or a
throw): the words read the step the action answers in the position it was taken in
(`answered`).

To the seat's own player (`viewer`) the words are made in the second person at their
source ("end your migration"): the tables' words are templates about the seat
(cli/you_words.py Subject: "{ends} {its} migration").

Invariants: only the public state of the position is read (`s.faces` holds the faces
public by then): a race chit kept face down, the force card put face down and a card
handed over unseen are never named; a card's face only when the action itself turns it
up (a card played, discarded, revealed or shown second) or it was public already. Every
kind of engine.worlds.actions has words (tests/test_worlds_action_words.py holds a new
kind to that); a kind without them, or arguments that do not fit its words, show as the
action's text form rather than raise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.worlds.actions import world_name
from engine.worlds.data import CARDS, RACES
from engine.worlds.state import GameState

from .you_words import Subject, Voice

__all__ = ["action_words", "answered", "card_name", "NO_SEAT"]

# (the position, the action, the step it answers, its seat as the reader sees it)
Words = Callable[[GameState, Any, tuple[Any, ...], Subject], str]
_SIDES = ("attacker", "defender")


def action_words(s: GameState, a: Any, viewer: int | None = None) -> str:
    """`a`, taken in position `s`, in words without its seat, its verbs agreeing with the
    seat as the person at `viewer` reads them ("ends its migration"; to the seat's own
    player "end your migration"); its text form for a kind without words (never an
    exception)."""
    fn = _WORDS.get(a.KIND)
    if fn is None:
        return str(a.format())
    v = Voice(s.config.colors, viewer)
    try:
        return fn(s, a, answered(s, a), v.subject(a.seat))
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return str(a.format())


def answered(s: GameState, a: Any) -> tuple[Any, ...]:
    """The step `a` answers: the topmost on the stack that takes its kind. In a game played
    here that is the top; a journal's replay may show the position before the chance
    facts the card protocol settled (a card turned up, cards dealt), whose steps sit on
    top of the one the seat answered and take no player action."""
    from engine.steps import SeatStep
    from engine.worlds.steps import STEPS

    def takes(st: tuple[Any, ...]) -> bool:
        h = STEPS.get(st[0])
        if h is None or a.KIND not in h.kinds:
            return False
        # a seat's own decision: that seat's, and one it is still to be asked
        return not isinstance(h, SeatStep) or (st[1] == a.seat and h.needed(s, st))
    return next((st for st in reversed(s.stack) if takes(st)), s.step())


# -- the pieces ----------------------------------------------------------------------------


def card_name(face: int | None) -> str:
    """A card for people: "force 7", "Population Explosion"; "a card" when unknown."""
    if face is None or not 0 <= face < len(CARDS):
        return "a card"
    c = CARDS[face]
    if c.kind == "force":
        return f"force {c.value}"
    return " ".join(w if w == "the" else w.capitalize() for w in c.key.split("_"))


def _race(r: int) -> str:
    return RACES[r].name if 0 <= r < len(RACES) else "an unknown race"


def _colour(s: GameState, seat: int, y: Subject | None = None) -> str:
    """A seat by its colour; to `y`'s reader their own seat is "you"."""
    if y is not None and y.voice.you(seat):
        return "you"
    colours = s.config.colors
    return str(colours[seat]) if 0 <= seat < len(colours) else f"seat {seat}"


def _colours(s: GameState, seats: Any, y: Subject | None = None) -> str:
    return ", ".join(_colour(s, x, y) for x in seats)


def _born(s: GameState, origin: int) -> str:
    native = s.native[origin] if 0 <= origin < len(s.native) else -1
    return f"born on {world_name(origin)}" + (f" ({_race(native)})" if native >= 0 else "")


def _tokens(n: int) -> str:
    return "1 token" if n == 1 else f"{n} tokens"


def _public(s: GameState, handle: int) -> str:
    """A card by its public face, or "a card"."""
    return card_name(s.faces.get(handle))


def _step_side(s: GameState, seat: int) -> str:
    c = s.conf
    if c is None:
        return ""
    side = c.side_of(seat)
    return f" (the {_SIDES[side]})" if side in (0, 1) else ""


# -- each kind -----------------------------------------------------------------------------


def _keep(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    # the kept chit stays face down until every seat has kept one (setup: keep_race)
    face = s.faces.get(a.handle)
    return (y.say("{keeps} the {} as {its} race", _race(face)) if face is not None else
            y.say("{keeps} one of {its} four race chits, face down"))


# what an event card does, after "plays NAME" (templates about the player: cli/you_words)
_EVENT_PLAYS: dict[str, Callable[[GameState, tuple[int, ...]], str]] = {
    "mutation": lambda s, x: f"on {world_name(x[0])}: a new race chit is drawn for it",
    "supernova": lambda s, x: f"on {world_name(x[0])}: every token there dies",
    "revolution": lambda s, x: f"and {{takes}} control of {world_name(x[0])}",
    "population_explosion": lambda s, x: f"on {world_name(x[0])}: five more tokens",
    "worm_hole": lambda s, x: f"and {{moves}} {{its}} whole stack on {world_name(x[0])} to "
                              f"{world_name(x[1])}",
    "universal_peace": lambda s, x: "no conflicts this turn",
    "temporal_nexus": lambda s, x: "{it} {takes} another turn after this one",
    "use_the_force": lambda s, x: "{it} {will} show a second force card",
    "power_up": lambda s, x: f"on {_public(s, x[0])}{_owner_side(s, x[0])}: it counts double",
}


def _owner_side(s: GameState, handle: int) -> str:
    c = s.conf
    side = next((i for i in (0, 1) if c is not None and handle in c.cards[i]), -1)
    return f" of the {_SIDES[side]}" if side >= 0 else ""


def _play(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    name = card_name(a.card)  # public as it is played
    info = CARDS[a.card]
    args = tuple(a.args)
    plays = f"{y['plays']} {name}"
    if info.kind == "force" and st[0] == "open":
        if info.value == 1 and not args:
            return f"{plays} to call the conflict off"
        if info.value == 3 and len(args) == 1:
            return f"{plays} to retreat {y['its']} stack to {world_name(args[0])}"
    said = _EVENT_PLAYS.get(info.key) if info.kind == "event" else None
    if said is not None:
        rest = y.say(said(s, args))
        return f"{plays} " + rest if rest.startswith(("on ", "and ")) else \
            f"{plays}: {rest}"
    return plays + (" " + " ".join(world_name(x) for x in args) if args else "")


def _power(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    from .worlds_words import power_words, the_race
    return (f"{y['uses']} the power of {the_race(a.race)}: "
            f"{power_words(s, a.race, a.args, None, y.voice.viewer, a.seat)}")


# what `done` says at each step (templates about the seat: cli/you_words.py Subject)
_DONE = {
    "opportunity": "{ends} {its} opportunity phase",
    "fate": "{draws} no cards this turn",
    "genesis": "{plays} no Population Explosion: {its} worlds produce",
    "migration": "{ends} {its} migration",
    "second_move": "{ends} {its} stack's second migration",
    "conflicts": "{starts} no more conflicts",
    "second_attack": "{starts} no more conflicts with that stack",
    "late": "{uses} no more powers this turn",
    "open": "{plays} no card in the conflict's opening",
    "powerup": "{plays} no Power Up",
    "round_start": "{uses} no power as the round begins",
    "escape": "{saves} none of {its} fallen tokens",
}


def _done(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    return y.say(_DONE.get(str(st[0]), "{is} done"))


_DECLINE = {
    "join": "{stays} out of the conflict",
    "counter": "{attacks} no one",
    "redirect": "{lets} the attack stand",
    "repel": "{sends} no arriving token back",
    "ride": "{sends} no Contagion token along",
}


def _decline(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    return y.say(_DECLINE.get(str(st[0]), "{declines}"))


_DISCARD = {
    "limit": "{discards} down to {its} hand limit",
    "throw": "{throws} away, as {its} race demands,",
    "shed": "{pays} the opening's price of a card:",
    "pay": "{pays} {its} race's price:",
}


def _discard(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    shown = ", ".join(card_name(f) for _, f in a.cards) or "nothing"  # face up as discarded
    head = y.say(_DISCARD.get(str(st[0]), "{discards}"))
    return f"{head}: {shown}" if head.endswith("limit") else f"{head} {shown}"


def _move(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    return (f"{y['moves']} {_tokens(a.count)} {_born(s, a.origin)} from "
            f"{world_name(a.src)} to {world_name(a.dst)}")


def _attack(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    back = " back" if st[0] == "counter" else ""
    whose = "your" if y.voice.you(a.target) else f"{_colour(s, a.target)}'s"
    return f"{y['attacks']}{back} {whose} stack on {world_name(a.world)}"


def _invite(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    side = f" to the {_SIDES[st[2]]}'s side" if st[0] == "invite" and st[2] in (0, 1) else ""
    return f"{y['invites']} {_colours(s, a.seats, y)}{side}" if a.seats else \
        f"{y['invites']} no one{side}"


def _ally(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    side = _SIDES[a.side] if a.side in (0, 1) else str(a.side)
    return y.say("{joins} the {}'s side with {its} stack", side)


def _reveal(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if a.handle < 0:
        return f"{y['turns']} up no force card" + _step_side(s, a.seat)
    return f"{y['turns']} up {card_name(a.card)}" + _step_side(s, a.seat)


def _second(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] == "reveal_force":  # a card drawn at random for it, or its foresight's pick
        from engine.worlds.conflict import forced_card
        shown = card_name(a.card) if a.handle >= 0 else "no force card"
        how = (f"the card drawn at random for {y['it']}"
               if forced_card(s, a.seat) is not None
               else "chosen after seeing the other side's")
        return f"{y['shows']} {shown}{_step_side(s, a.seat)}, {how}"
    if a.handle < 0:
        return f"{y['shows']} no second force card"
    return y.say("{shows} {} as {its} second force card", card_name(a.card))


def _fate_count(s: GameState, seat: int) -> str:
    from engine.worlds.races import fate_draw
    from engine.worlds.turn import FATE_DRAW
    n = fate_draw(s, seat, FATE_DRAW)
    return f" ({n} cards)" if n != 1 else " (1 card)"


# -- the card source's chance facts (no seat of their own) ---------------------------------


def _shuffled(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] != "shuffle":
        return "a pile is shuffled"
    return "the race chits are shuffled" if st[1] == "races" else "the deck is shuffled"


def _delivered(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    v = y.voice
    if st[0] == "deliver":
        chits = len(st[2]) if st[2] and st[2][0] in s.dealt[st[1]] else 0
        return (f"{v.does(st[1], 'is')} dealt {chits} race chits, face down" if chits else
                f"{v.does(st[1], 'gets')} {len(st[2])} card(s), face down")
    if st[0] == "show":
        return f"{v.does(st[1], 'is')} shown {len(st[2])} card(s) of another hand"
    if st[0] == "unseen_born":  # how many is public; where they go is the seat's secret
        return (f"{v.whose(st[1])} {_tokens(st[3])} born on {world_name(st[2])} go "
                f"unseen onto {v.its(st[1])} secret page")
    return "cards are handed out"


def _revealed(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] == "unseen_open":  # (world, count): what the seat's secret page held there
        world, count = a.cards[0]
        return (f"{y.voice.whose(st[1])} secret page holds {_tokens(count)} on "
                f"{world_name(world)}: they come into view")
    chits = [f for h, f in a.cards if _is_chit(s, h)]
    cards = [f for h, f in a.cards if not _is_chit(s, h)]
    parts = ([("race chit" if len(chits) == 1 else "race chits") + " turned up: "
              + ", ".join(_race(f) for f in chits)] if chits else []) + (
        ["cards turned up: " + ", ".join(card_name(f) for f in cards)] if cards else [])
    return "; ".join(parts) or "nothing is turned up"


def _is_chit(s: GameState, h: int) -> bool:
    return (h in s.race_pile or h in s.race_out or h in s.chit
            or any(h in d for d in s.dealt) or any(h in g for g in s.gifts))


def _hand_shuffled(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] == "hand_shuffle":
        v = y.voice
        return (f"{v.whose(st[2])} hand is shuffled and {v.does(st[1], 'takes')} a card of "
                "it, unseen by the others")
    return "a hand is shuffled"


def _rolled(s: GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    values = ", ".join(map(str, a.values))
    why = {"place": " to place the worlds", "ranked": " for the order of homeworld choice"}
    return f"the dice show {values}" + (why.get(str(st[2]), "") if st[0] == "roll" else "")


# The card source's chance facts: no seat of their own (their words name whom they concern).
NO_SEAT = frozenset({"shuffled", "delivered", "revealed", "handshuffled", "rolled"})

_WORDS: dict[str, Words] = {
    "home": lambda s, a, st, y: y.say("{makes} {} {its} homeworld", world_name(a.world)),
    "keep": _keep,
    "play": _play,
    "power": _power,
    "done": _done,
    "draw": lambda s, a, st, y: f"{y['takes']} the fate draw" + _fate_count(s, a.seat),
    "discard": _discard,
    "move": _move,
    "attack": _attack,
    "invite": _invite,
    "ally": _ally,
    "decline": _decline,
    # which card (or none) stays its holder's secret until the reveal
    "select": lambda s, a, st, y: y.say("{puts} {its} force card face down (or none)"),
    "reveal": _reveal,
    "conceal": lambda s, a, st, y: y.say("{commits} where {its} unseen tokens are now, in "
                                         "secret"),
    "second": _second,
    "shuffled": _shuffled,
    "delivered": _delivered,
    "revealed": _revealed,
    "handshuffled": _hand_shuffled,
    "rolled": _rolled,
}
