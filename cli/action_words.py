"""A Cosmic action in words, for someone replaying the game: "aims the gate at blue.2 with
3 ship(s): 1 from red.1, 2 from red.3", "passes at the reveal window", "puts a card face
down". The replay names the seat before the words ("red: ..."), as it does for a power's
use (cli/power_words: told_words), so the words start with the verb.

Many kinds mean something only at the step they answer (a `pass` at a card window, or an
alien's offer; `accept` to a deal, or to the Seeker's question; `ships` going home, or lost
to the warp): the words read the step on top of the position the action was taken in.
Where the log has words for what an action does (cli/render.py describe_event) they are
reused: the action's event is said in the log's words and the seat's colour taken off the
front; what the action adds (where ships come from, what a claim says) is said after them.

To the seat's own player (`viewer`) the same words are made in the second person at their
source ("pass at the reveal window", "keep your hand: you hold an encounter card"): the
tables' words are templates about the seat (cli/you_words.py Subject); `action_sentence`
puts the seat in front ("you pass ...") for the client's note on a move made for them.

Invariants: only the public state of the position is read (`s.faces` holds the faces
revealed by then): a face-down card is never named, a card's face only when the action
itself turns it up (a reveal, a card played, cards discarded or shown) or it was public
already. Every kind of engine.cosmic.actions has words (tests/test_replay_action_words.py
holds a new kind to that); a kind without them, or arguments that do not fit its words,
show as the action's text form rather than raise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.aliens.seeker import QUESTIONS
from engine.cosmic.artifacts import KIND_CODES
from engine.cosmic.hidden import face_down_handle
from engine.cosmic.research import tech_handle
from engine.cosmic.steps import BESIDE, WARP
from engine.cosmic.targets import is_site

from .render import card_label, describe_event, planet_name, window_words
from .you_words import Subject, Voice

__all__ = ["action_words", "action_sentence", "ship_question"]

# (the position, the action, the step it answers, its seat as the reader sees it)
Words = Callable[[engine.GameState, Any, tuple[Any, ...], Subject], str]


def action_words(s: engine.GameState, a: Any, viewer: int | None = None) -> str:
    """`a`, taken in position `s`, in words without its seat (the replay names it first),
    its verbs agreeing with the seat as the person at `viewer` reads them ("passes"; to
    the seat's own player "pass"); its text form for a kind without words (never an
    exception)."""
    fn = _WORDS.get(a.KIND)
    if fn is None:
        return str(a.format())
    try:
        return fn(s, a, s.step(), Voice(s.config.colors, viewer).subject(a.seat))
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return str(a.format())


def action_sentence(s: engine.GameState, a: Any, viewer: int | None = None,
                    kn: Any = None) -> str:
    """`a` as a whole sentence naming its seat, as the person at `viewer` reads it: "you
    pass at the reveal window", "blue passes ..."; a chance fact of the card source
    (which has no seat of its own) in its own words; a power's use with its power
    (cli/power_words told_sentence: "your Oracle makes its opponent ...", the hidden
    cards it names as `kn`, the viewer's knowledge, knows them)."""
    if a.KIND in _NO_SEAT:
        return action_words(s, a, viewer)
    if a.KIND == "power":
        from .power_words import told_sentence
        return told_sentence(s, a.seat, a.option, a.args, viewer, kn)
    words = action_words(s, a, viewer)
    who = Voice(s.config.colors, viewer).name(a.seat)
    return words if words == a.format() else f"{who} {words}"


# -- the pieces ----------------------------------------------------------------------------


def _said(s: engine.GameState, y: Subject, *ev: Any) -> str:
    """An event in the log's words (cli/render.py describe_event) as `y`'s reader reads it,
    without the seat in front: what the replay says after "red: "."""
    text = describe_event(s, ev, y.voice.viewer)
    head = f"{y.voice.name(y.seat)} " if 0 <= y.seat < len(y.voice.colors) else ""
    return text[len(head):] if head and text.startswith(head) else text


def _color(s: engine.GameState, seat: int, y: Subject | None = None) -> str:
    """A seat by its colour; to `y`'s reader their own seat is "you"."""
    if y is not None and y.voice.you(seat):
        return "you"
    return str(s.config.colors[seat]) if 0 <= seat < s.n else "?"


def _whose(s: engine.GameState, seat: int, y: Subject | None = None) -> str:
    return "your" if y is not None and y.voice.you(seat) else f"{_color(s, seat)}'s"


def _place(s: engine.GameState, loc: int, y: Subject | None = None) -> str:
    """A ship location of a `ships` pair: a planet, the gate, the warp, beside the target
    planet, or a face-down tech being researched (engine.cosmic.research)."""
    if tech_handle(loc) is not None:
        return f"{y['its']} tech" if y is not None else "its tech"
    if loc >= 0 or is_site(loc):
        return planet_name(s, loc)
    return {engine.GATE: "the gate", WARP: "the warp", BESIDE: "beside the planet"}.get(
        loc, str(loc))


def _ship_list(s: engine.GameState, pairs: Sequence[tuple[int, int]], prep: str,
               counted: bool = False, y: Subject | None = None) -> str:
    """": 1 from red.1, 2 from the gate"; " from red.1" for one place when the words
    before it gave the count already (not `counted`)."""
    if len(pairs) == 1 and not counted:
        return f" {prep} {_place(s, pairs[0][0], y)}"
    return ": " + ", ".join(f"{c} {prep} {_place(s, loc, y)}" for loc, c in pairs) \
        if pairs else ""


def _labels(faces: Sequence[int]) -> str:
    return ", ".join(card_label(f) for f in faces)


def _pass_power(s: engine.GameState, y: Subject) -> str:
    from .power_words import acting_title
    title = acting_title(s, y.seat)
    return y.say("{does} not use the {} power", title) if title else y["passes"]


# -- each kind (a table's words are templates about the seat: cli/you_words.py Subject) ----


def _pass(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] == "window":
        return f"{y['passes']} at the {window_words(str(st[1]))}"
    said = _PASS.get(str(st[0]))
    if said is not None:
        return y.say(said)
    offered = "power" in engine.pending(s).kinds  # an alien's use, offered: not taken
    return _pass_power(s, y) if offered else y["passes"]


_PASS = {
    "turn_up": "{leaves} {its} alien face down",
    "tech_moment": "{leaves} {its} techs as they are",
    "evolve": "{discards} no more and {draws}",
    "atrophy_keep": "{keeps} the cards {it} took",
    "gremlin_discard": "{discards} no attack card",
}


def _proceed(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    return y.say(_PROCEED.get(str(st[0]), "{keeps} {its} hand: {it} {holds} an encounter "
                                          "card"))


_PROCEED = {
    "chronos_aside": "{leaves} {its} card aside",
    "enigma_play": "{says} the card {it} got is an encounter card",
    "laser_start": "{says} {it} {holds} an encounter card",
}


def _no_encounter(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    said = _NO_ENCOUNTER.get(str(st[0]))
    return y.say(said) if said is not None else _said(s, y, "no_encounter", a.seat)


_NO_ENCOUNTER = {
    "planning": "{says} {it} {has} no encounter card",
    "chronos_aside": "{shows} it was {its} last encounter card and {takes} it back",
    "enigma_play": "{says} the card {it} got is no encounter card",
    "laser_start": "{says} {it} {holds} no encounter card",
}


def _new_hand(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if not a.cards:
        return y.say("{has} no cards: {draws} eight")
    shown = _labels([f for _, f in a.cards])
    return _said(s, y, "new_hand", a.seat, len(a.cards)) + (
        f" ({shown})" if shown else "")


def _launch(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    total = sum(c for _, c in a.ships)
    return _said(s, y, "launch", a.seat, a.planet, total) + _ship_list(
        s, a.ships, "from", y=y)


def _reestablish(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    total = sum(c for _, c in a.ships)
    return _said(s, y, "reestablish", a.seat, a.planet, total) + _ship_list(
        s, a.ships, "from", y=y)


def _ally(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    total = sum(c for _, c in a.ships)
    return _said(s, y, "ally", a.seat, a.side, total) + _ship_list(s, a.ships, "from", y=y)


def _answer(table: dict[str, str | tuple[Any, ...]], default: str) -> Words:
    """Words chosen by the step the action answers (its name on top of the stack): a
    table's own words (a template about the seat), or an event the log already words (its
    kind and the arguments after the seat, or a function of the step giving them)."""
    def words(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
        said = table.get(str(st[0]), default)
        if isinstance(said, str):
            return y.say(said)
        kind, *args = said
        args = list(args[0](st)) if args and callable(args[0]) else args
        return _said(s, y, kind, a.seat, *args)
    return words


def _question(yes: int) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    """The Seeker's question of a ("seek", seeker, target, question) step, answered."""
    return lambda st: (*QUESTIONS[st[3]], yes)


_DECLINE: dict[str, str | tuple[Any, ...]] = {
    "accept": "{declines} every invitation",
    "hate_victim": ("hate_refused",),
    "zero_offer": ("zero_keep",),
    "seek": ("seek_answer", _question(0)),
    "gamble": ("bluff_challenged",),
    "laser_offer": "{says} the picked card is no encounter card",
    "sting_draw": "{takes} no cards",
    "wrath_retrieve": "{keeps} the ships {it} retrieved",
    "fido_offer": ("fido_refused",),
    "fido_keep": "{leaves} the refused card on the discard pile",
}
_ACCEPT: dict[str, str | tuple[Any, ...]] = {
    "deal": "{accepts} the deal",
    "wrack": "{accepts} the deal",
    "zero_offer": ("zero_swap",),
    "seek": ("seek_answer", _question(1)),
    "gamble": ("bluff_believed",),
    "laser_offer": "{says} the picked card is an encounter card",
    "sting_draw": "{takes} the cards, from the Sting's hand first",
    "wrath_retrieve": "{frees} one of the Wrath's ships instead",
    "fido_offer": "{accepts} the fetched card",
    "fido_keep": "{keeps} the refused card",
}


def _select(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    said = _said(s, y, "select", a.seat)  # never the face: only its holder knows it
    return said + f" (an attack to replace {y['its']} attack 0)" if st[0] == "zero_select" \
        else said


def _play(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    return _said(s, y, "play", a.seat, a.card, tuple(a.args))


def _power(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    from .power_words import told_words
    return told_words(s, a.seat, a.option, a.args, y.voice.viewer)


def _give(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] == "give":
        return _said(s, y, "give", a.seat, st[2], len(a.handles))
    if st[0] == "enigma_give":
        return _said(s, y, "enigma_give", a.seat)
    if st[0] == "gamble_keep":
        return y.say("{sends} {its} face-down card, unseen, to the bottom of the deck")
    return f"{y['hands']} over {len(a.handles)} card(s)"


def _ship_choice(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    head, prep = _SHIP_CHOICES.get(str(st[0]), (_choosing, "at"))
    return head(s, st, y) + _ship_list(s, a.ships, prep, counted=True, y=y)


def _choosing(s: engine.GameState, st: tuple[Any, ...], y: Subject) -> str:
    return f"{y['chooses']} ships"  # a ship choice without words of its own


ShipWords = Callable[[engine.GameState, tuple[Any, ...], Subject], str]

# step -> (its words from the position, the step and the seat, the word before each place)
_SHIP_CHOICES: dict[str, tuple[ShipWords, str]] = {
    "place": (lambda s, st, y: y.say("{returns} {its} ships from {}", _place(s, st[2], y)),
              "to"),
    "take": (lambda s, st, y: y.say("{loses} ships to the warp") if st[5] == WARP else
             y.say("{settles} {}", _place(s, st[5], y)), "from"),  # (a deal's colony: "you
    # settle blue.1" fits the status line, where "you move ships to your new colony on
    # blue.1" was too long for it and the question read "which ships move", going nowhere)
    "lose_outside": (lambda s, st, y: y.say("{loses} ships to the warp"), "from"),
    "gamble_loss": (lambda s, st, y: y.say("{loses} ships to the warp"), "from"),
    "belch_loss": (lambda s, st, y: y.say("{loses} ships to the warp from {its} home system"),
                   "from"),
    "hate_ships": (lambda s, st, y: y.say("{sends} {} ships to the warp",
                                          _whose(s, st[2], y)), "from"),
    "assassinate": (lambda s, st, y: y.say("{sends} {} ship to the warp",
                                           _whose(s, st[2], y)), "from"),
    "late_ships": (lambda s, st, y: y.say("{puts} in the ships {its} power held back"),
                   "from"),
    "equalize": (lambda s, st, y: y.say("{joins} the alliance {it} must"), "from"),
    "crystal_add": (lambda s, st, y: y.say("{adds} ships to {its} alliance"), "from"),
    "rebirth": (lambda s, st, y: y.say("{makes} {} a colony again", _place(s, st[2], y)),
                "from"),
    "tech_return": (lambda s, st, y: y.say("{sends} {its} tech's ships home"), "to"),
    "gith_land": (lambda s, st, y: y.say("{lands} {its} gate ships"), "on"),
    "filth_land": (lambda s, st, y: y.say("{lands} {its} gate ships"), "on"),
    "filth_drive": (lambda s, st, y: y.say("{moves} {its} ships off {}", _place(s, st[2], y)),
                    "to"),
}


def ship_question(s: engine.GameState, st: tuple[Any, ...],
                  viewer: int | None = None) -> tuple[str, str] | None:
    """A step that asks which ships go somewhere, in the words of its action without the
    seat asked ("loses ships to the warp"; to that seat's own player at `viewer`, "lose
    ships to the warp"), and the word before each place the ships are chosen at ("from");
    None for another step."""
    found = _SHIP_CHOICES.get(str(st[0]))
    if found is None:
        return None
    try:
        return found[0](s, st, Voice(s.config.colors, viewer).subject(int(st[1]))), found[1]
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return None


def _rewards(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    back = sum(c for _, c in a.ships)
    return _said(s, y, "rewards", a.seat, a.draws, back) + (
        _ship_list(s, a.ships, "to", y=y) if back else "")


def _discard(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    faces = [f for _, f in a.cards]
    said = _said(s, y, "discard", a.seat, tuple(faces)) if faces else \
        f"{y['discards']} nothing"
    kinds = [KIND_CODES[k] for k in a.none_of if 0 <= k < len(KIND_CODES)]
    return said + (f" and {y['says']} {y['it']} {y['holds']} no {', '.join(kinds)}"
                   if kinds else "")


def _keep(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    which = ("first", "second")[a.index]
    if st[0] == "rotate_keep":  # 0: back to the old alien, st[2]; 1: the new one, held
        old, new = st[2], s.aliens[a.seat]
        return _said(s, y, "rotated", a.seat, *((old, new) if a.index == 0 else (new, old)))
    if st[0] == "rotate_hidden":  # the old one leaves by name only if it was face up
        out = s.aliens[a.seat] if face_down_handle(s, a.seat) < 0 else ""
        return _said(s, y, "rotated_hidden", a.seat, a.index, out if a.index else "")
    if s.config.flares:
        return y.say("{keeps} the alien of {its} {} flare", which)
    return y.say("{keeps} the {} of the two aliens dealt to {}", which,
                 "you" if y.voice.you(a.seat) else "it")


def _tech_used(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    face = s.faces.get(a.handle)  # a completed tech is face up
    name = C.CATALOGUE[face].name.replace("_", " ") if face is not None else "a tech"
    return f"{y['uses']} the {name}" if face is not None else f"{y['uses']} a tech"


def _research(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    return y.say("{moves} a ship from {} onto {its} face-down tech", _place(s, a.planet, y))


def _revealed(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    return "cards turned up: " + (_labels([f for _, f in a.cards]) or "none")


def _new_alien(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] not in ("new_alien", "reserve_alien"):
        return "an alien is drawn at random"
    name = str(st[2][a.index]).replace("_", " ")
    seat = int(st[1])
    v = y.voice
    return (f"{v.does(seat, 'draws')} the {name} into {v.its(seat)} reserve"
            if st[0] == "reserve_alien" else
            describe_event(s, ("alien", seat, name), v.viewer))


def _delivered(s: engine.GameState, a: Any, st: tuple[Any, ...], y: Subject) -> str:
    if st[0] == "show":
        return f"cards are shown to {_color(s, st[1], y)}"
    return f"cards are dealt to {_color(s, st[1], y)}" if st[0] == "deliver" else \
        "cards dealt"


# The card source's chance facts: no seat of their own (their words name whom they concern).
_NO_SEAT = frozenset({"firstplayer", "shuffled", "delivered", "revealed", "handshuffled",
                      "newalien"})

_WORDS: dict[str, Words] = {
    "pass": _pass,
    "proceed": _proceed,
    "newhand": _new_hand,
    "retrieve": lambda s, a, st, y: _said(s, y, "regroup", a.seat, a.planet),
    "drawagain": lambda s, a, st, y: _said(s, y, "draw_again", a.seat),
    "defense": lambda s, a, st, y: _said(s, y, "defense_chosen", a.seat, a.defender),
    "reestablish": _reestablish,
    "launch": _launch,
    "invite": lambda s, a, st, y: _said(s, y, "invite", a.seat, tuple(a.seats)),
    "ally": _ally,
    "decline": _answer(_DECLINE, "{declines}"),
    "noencounter": _no_encounter,
    "select": _select,
    "reveal": lambda s, a, st, y: _said(s, y, "reveal", a.seat, a.card),
    "play": _play,
    "power": _power,
    "propose": lambda s, a, st, y: (_said(s, y, "propose", a.seat, tuple(a.terms))
                                    if len(a.terms) >= 4 else f"{y['proposes']} a deal"),
    "accept": _answer(_ACCEPT, "{accepts}"),
    "nodeal": lambda s, a, st, y: y.say("{gives} up: the deal fails"),
    "give": _give,
    "ships": _ship_choice,
    "rewards": _rewards,
    "second": lambda s, a, st, y: y.say("{takes} a second encounter"),
    "endturn": lambda s, a, st, y: _said(s, y, "end_turn", a.seat),
    "discard": _discard,
    "keep": _keep,
    "turnup": lambda s, a, st, y: y.say("{turns} {its} alien face up"),
    "keeptech": lambda s, a, st, y: y.say("{keeps} a tech face down"),
    "research": _research,
    "complete": lambda s, a, st, y: _said(s, y, "tech_turned", a.seat, a.handle, 1),
    "abandon": lambda s, a, st, y: _said(s, y, "tech_turned", a.seat, a.handle, 0),
    "newtech": lambda s, a, st, y: y.say("{draws} techs instead of another encounter"),
    "usetech": _tech_used,
    # the card source's chance facts (no seat of their own)
    "firstplayer": lambda s, a, st, y: describe_event(s, ("first_player", a.first),
                                                      y.voice.viewer),
    "shuffled": lambda s, a, st, y: (describe_event(s, ("shuffled", st[1]))
                                     if st[0] == "shuffle" else "a deck is shuffled"),
    "delivered": _delivered,
    "revealed": _revealed,
    "handshuffled": lambda s, a, st, y: "a hand is shuffled",
    "newalien": _new_alien,
}
