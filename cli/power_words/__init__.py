"""An alien power's use in words: what `power N ARGS` does, for the person choosing it.

The engine numbers each use an alien offers (engine.cosmic.powers: `options` gives
(option, args) pairs, each alien with its own meaning). Here each alien that offers uses
says, per option number, a few words and the kind of each argument: `Spec = (words,
kinds)`. `words` is a format string with one `{}` per kind; a kind ending in `*` takes
every argument left (shown as a list). The specs live in the modules of this package, a
few aliens each; an alien without one is described by its summary.

Argument kinds: "seat" (a colour; -1 the deck and -2 the discard pile, where a power
takes cards from a seat or a pile), "planet" (red.2, red.warp, or -1 the gate), "handle"
(a card the person can see by name, else "a card"), "face" (a card by its face),
"number" (as is), "side" (the offense or the defense: 0 and 1), "question" (one of the
Seeker's questions, in the words the log uses), "power" (the seat named just before it:
its K-th power as the engine counts them, its own alien's first, then those kept or lent
to it), "ships" and "cards" (a count: "2 ships"), "cards_left" (the cards a total leaves
after the argument before it: the Ghoul's), "destiny" (a destiny card and where it lies
now: "destiny red (now 3rd from the top)"), "played" (an encounter card revealed this
encounter, by its face and whose it was: two copies of a card told apart). Two kinds
joined by a comma and ending in `*` ("planet,ships*") take the remaining arguments in
pairs, each shown as "first: second"; "seat,loss*" says who loses how many ("blue loses
2, yellow loses 1", a seat losing none left out). Only what the seat may know is shown:
a handle's face comes from the person's knowledge or the public state, never the source.

A use asked by an alien's own step (the Fate's arrangement, the Vacuum's victims, a
Xenomorph's trade: STEP_POWERS, and the engine's offering steps that name their power) is
that alien's, whatever power the seat acts with at windows.

`told_words` says a use for someone replaying the game, in the third person: the power
the seat acted with, then the same use in the words of the modules' TOLD tables (the
same arguments, in the same order), e.g. "the Oracle makes its opponent show its
encounter card before choosing its own" (the replay names the seat before it). It reads
the position the use was chosen in. A flare's play is told likewise (flares.py:
`told_flare`, with the flare's side).

Invariants: `use_words` and `told_words` never raise for a use the engine offered (a spec
that does not fit the arguments falls back to the summary: with the bare numbers for the
chooser, without them in a replay); they read only the public state and the seat's
knowledge (`told_words`: the public state alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.aliens.seeker import QUESTIONS
from engine.cosmic.powers import ALIENS, acting_power, powers_of
from engine.cosmic.steps import STEPS

from ..render import planet_name
from ..you_words import Voice
from .a_d import OPTIONS as _A_D, TOLD as _TOLD_A_D
from .e_m import OPTIONS as _E_M, TOLD as _TOLD_E_M
from .n_z import OPTIONS as _N_Z, TOLD as _TOLD_N_Z

__all__ = ["Spec", "OPTIONS", "TOLD", "use_words", "spec_words", "alien_words",
           "told_words", "told_sentence", "told_flare", "flare_words", "alien_title",
           "acting_title", "ARG_KINDS", "STEP_POWERS"]

Spec = tuple[str, tuple[str, ...]]
OPTIONS: dict[str, dict[int, Spec]] = {**_A_D, **_E_M, **_N_Z}
# The same uses in the third person, for a replay: format strings taking OPTIONS' kinds.
TOLD: dict[str, dict[int, str]] = {**_TOLD_A_D, **_TOLD_E_M, **_TOLD_N_Z}
ARG_KINDS = ("seat", "planet", "handle", "face", "number", "side", "question", "power",
             "source", "ships", "cards", "cards_left", "destiny", "loss", "played")
SIDES = ("the offense", "the defense")
PILES = {-1: "the deck", -2: "the discard pile"}  # where a seat argument may be a pile


def _arg(s: engine.GameState, kn: Any, kind: str, value: int, before: int = -1,
         v: Voice | None = None) -> str:
    """One argument in words; `before` is the argument just before it (a power's seat);
    a seat as `v` names it ("you" to its own player), else by its colour."""
    if kind == "seat":
        return (v.name(value) if v is not None else str(s.config.colors[value])) \
            if 0 <= value < s.n else PILES.get(value, str(value))
    if kind == "source":  # a seat's hand, or a pile (the Chaos mixes either)
        whose = v.whose(value) if v is not None else f"{s.config.colors[value]}'s"
        return f"{whose} hand" if 0 <= value < s.n else PILES.get(value, str(value))
    if kind == "ships":
        return f"{value} ship{'' if value == 1 else 's'}"
    if kind == "cards":
        return f"{value} card{'' if value == 1 else 's'}"
    if kind == "cards_left":  # the cards a total (this argument) leaves after `before`
        return _arg(s, kn, "cards", value - max(before, 0))
    if kind == "destiny":  # a destiny card by its face if known, and where it lies now
        deck = s.destiny_deck
        where = (f"now {_ordinal(len(deck) - deck.index(value))} from the top"
                 if value in deck else "")
        seen = _arg(s, kn, "handle", value)
        seen = "a destiny card" if seen == "a card" else seen
        return f"{seen} ({where})" if where else seen
    if kind == "planet" and value == engine.GATE:
        return "the gate"
    if kind == "planet":
        try:
            return planet_name(s, value)
        except (IndexError, ValueError):
            return str(value)
    if kind == "handle":
        face = (kn.faces.get(value) if kn is not None else None)
        if face is None:
            face = s.faces.get(value)
        return C.CATALOGUE[face].label().replace("_", " ") if face is not None else "a card"
    if kind == "played" and 0 <= value < len(C.CATALOGUE):  # an encounter card revealed
        who, label = _played_by(s, value), C.CATALOGUE[value].label().replace("_", " ")
        if not 0 <= who < s.n:
            return label
        owner = v.whose(who) if v is not None else f"{s.config.colors[who]}'s"
        return f"{label} ({owner} card)"
    if kind == "face" and 0 <= value < len(C.CATALOGUE):
        return C.CATALOGUE[value].label().replace("_", " ")
    if kind == "side" and value in (0, 1):
        return SIDES[value]
    if kind == "power" and 0 <= before < s.n:
        names = powers_of(s, before)
        if 0 <= value < len(names):
            return f"the {names[value]} power"
    if kind == "question" and 0 <= value < len(QUESTIONS):
        about, what = QUESTIONS[value]
        what = ("an " if what[:1] in "aeiou" else "a ") + what
        return f"do you hold {what}?" if about == "holds" else f"will you play {what}?"
    return str(value)


def _played_by(s: engine.GameState, face: int) -> int:
    """The main player whose encounter card this face is, this encounter, or -1."""
    e = s.enc
    if e is None:
        return -1
    for k, h in enumerate(e.cards):
        if h >= 0 and s.faces.get(h) == face:
            k = 1 - k if e.has_flag("switched") else k  # (the Sorcerer's switch)
            return e.offense if k == 0 else e.defense
    return -1


def _ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    last = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{last}"


def _losses(s: engine.GameState, pairs: Sequence[int], v: Voice | None) -> str:
    """(seat, ships) pairs as who loses how many: "blue loses 2, you lose 1" (a seat
    losing none left out)."""
    voice = v if v is not None else Voice(s.config.colors)
    said = [f"{voice.does(a, 'loses') if 0 <= a < s.n else str(a)} {b}"
            for a, b in zip(pairs[::2], pairs[1::2]) if b]
    return ", ".join(said) or "nobody loses any"


def _fill(s: engine.GameState, kn: Any, spec: Spec, args: Sequence[int],
          v: Voice | None = None, seat: int = -1) -> str | None:
    """The words of `spec` with `args` in them; seats as `v` names them, and the subject
    `seat`'s verbs and "its" agreeing with it (a template: cli/you_words.py Subject)."""
    words, kinds = spec
    voice = v if v is not None else Voice(s.config.colors)
    parts: list[str] = []
    rest = list(args)
    for kind in kinds:
        if kind.endswith("*") and "," in kind:  # pairs: "first: second", ...
            first, second = kind[:-1].split(",")
            if len(rest) % 2:
                return None
            if second == "loss":
                parts.append(_losses(s, rest, v))
                rest = []
                continue
            parts.append(", ".join(f"{_arg(s, kn, first, a, -1, v)}: "
                                   f"{_arg(s, kn, second, b, -1, v)}"
                                   for a, b in zip(rest[::2], rest[1::2])) or "none")
            rest = []
        elif kind.endswith("*"):
            parts.append(", ".join(_arg(s, kn, kind[:-1], x, -1, v) for x in rest) or "none")
            rest = []
        elif rest:
            before = args[len(args) - len(rest) - 1] if len(rest) < len(args) else -1
            parts.append(_arg(s, kn, kind, rest.pop(0), before, v))
        else:
            return None
    if rest:
        return None
    # a seat followed by "'s" in the words ("one of {}'s ships"): to its own player "your"
    pieces = words.split("{}")
    for k, part in enumerate(parts[:len(pieces) - 1]):
        if part == "you" and pieces[k + 1].startswith("'s"):
            parts[k], pieces[k + 1] = "your", pieces[k + 1][2:]
    words = "{}".join(pieces)
    try:
        return voice.subject(seat).say(words, *parts)
    except (IndexError, KeyError, ValueError):
        return None


# Steps of the engine that ask one alien's owner for a use of that alien (not a window):
# the use is that alien's, whatever power the seat acts with at windows (a Xenomorph
# trading its current power, a Healer with a power lent to it). The engine's offering
# steps (aliens/_offer.py) name their power themselves.
STEP_POWERS = {"fate_arrange": "fate", "heal": "healer", "paragon_target": "paragon",
               "devour": "piranha", "queue_next": "queue", "vacuum": "vacuum",
               "spread": "disease", "collect": "collector", "rot": "rot",
               "mutant_draw": "mutant", "wrack": "wrack", "gremlin_remove": "gremlin"}


def _power(s: engine.GameState, seat: int) -> str:
    """The power `seat` uses now: the alien whose step asks it (STEP_POWERS), else its own
    sheet, or one lent to it."""
    if not s.aliens[seat]:
        return ""
    st = s.step()
    if len(st) > 1 and st[1] == seat and s.outcome is None:
        named = STEP_POWERS.get(st[0]) or getattr(STEPS.get(st[0]), "power", "")
        if isinstance(named, str) and named in ALIENS:
            return named
    return acting_power(s, seat) or s.aliens[seat]


def spec_words(s: engine.GameState, seat: int, option: int, args: Sequence[int],
               kn: Any = None) -> str | None:
    """The words of the power's spec for this use, or None if it has none that fits."""
    spec = OPTIONS.get(_power(s, seat), {}).get(option)
    return _fill(s, kn, spec, args) if spec is not None else None


def use_words(s: engine.GameState, seat: int, option: int, args: Sequence[int],
              kn: Any = None) -> str:
    """`power OPTION ARGS` of `seat` in words (its acting power: its own, or one lent);
    without a fitting spec, the power's summary."""
    name = _power(s, seat)
    said = spec_words(s, seat, option, args, kn)
    if said is not None:
        return f"{said} ({name})"
    summary = alien_words(name)
    return f"{name}: {summary}" if summary else f"{name or 'power'} use {option}"


def alien_words(name: str) -> str | None:
    """What an alien's power does, in a few words (its summary), or None."""
    alien = ALIENS.get(name)
    return alien.summary[:1].lower() + alien.summary[1:] if alien is not None else None


def alien_title(name: str) -> str:
    """An alien's name as a title: "anti_matter" -> "Anti-Matter"."""
    return name.replace("_", "-").title()


def acting_title(s: engine.GameState, seat: int) -> str:
    """The title of the power `seat` acts with now ("Healer"; its own, or one lent to it),
    or "" without one."""
    name = _power(s, seat) if 0 <= seat < s.n else ""
    return alien_title(name) if name else ""


def told_words(s: engine.GameState, seat: int, option: int, args: Sequence[int],
               viewer: int | None = None) -> str:
    """`power OPTION ARGS` of `seat`, taken in position `s`, for someone replaying the game
    (whose log names the seat already): "the Seeker asks yellow ...", or "with the
    Trader's power, swaps ..." for a power lent to the seat. A use without fitting words
    is told by the power's summary (never by its option number): "the Warlock uses its
    power: ...", or "uses the Rot's power, lent to it: ...". The seats it names as the
    person at `viewer` reads them ("the Seeker asks you")."""
    v = Voice(s.config.colors, viewer)
    name = _power(s, seat) if 0 <= seat < s.n else ""
    if not name:
        return f"{v.verb(seat, 'uses')} a power"
    title, said, own = _told(s, seat, name, option, args, v)
    if said is None:
        summary = alien_words(name)
        said = ("uses its power" if own else
                f"{v.verb(seat, 'uses')} the {title}'s power, lent to {v.it(seat)}") + (
            f": {summary}" if summary else "")
        return f"the {title} {said}" if own else said
    return f"the {title} {said}" if own else f"with the {title}'s power, {said}"


def told_sentence(s: engine.GameState, seat: int, option: int, args: Sequence[int],
                  viewer: int | None = None, kn: Any = None) -> str:
    """The same use as a whole sentence naming its seat, as the person at `viewer` reads
    it: "your Seeker asks yellow ...", "red's Seeker asks you ...", "the Trader's power,
    lent to you, swaps ...", "you use the Rot's power, lent to you: the Rot ...". `kn`,
    the viewer's knowledge, names the hidden cards that reader knows (the Fate's own log:
    "your Fate puts destiny wild (now 9th from the top) next"); without it, only public
    faces ("a destiny card")."""
    v = Voice(s.config.colors, viewer)
    kn = kn if kn is not None and viewer is not None and getattr(kn, "seat", None) == viewer \
        else None  # (only the reader's own knowledge)
    name = _power(s, seat) if 0 <= seat < s.n else ""
    if not name:
        return f"{v.does(seat, 'uses')} a power"
    title, said, own = _told(s, seat, name, option, args, v, kn)
    if said is None:
        summary = alien_words(name)
        if own:
            return f"{v.whose(seat)} {title} uses its power" + (
                f": {summary}" if summary else "")
        return f"{v.does(seat, 'uses')} the {title}'s power, lent to {v.it(seat)}" + (
            f": the {title} {summary}" if summary else "")  # (the summary's subject)
    return f"{v.whose(seat)} {title} {said}" if own else \
        f"the {title}'s power, lent to {v.name(seat)}, {said}"


def _told(s: engine.GameState, seat: int, name: str, option: int, args: Sequence[int],
          v: Voice, kn: Any = None) -> tuple[str, str | None, bool]:
    """(the power's title, the TOLD words of this use or None, whether the power is the
    seat's own): the words' subject is the power, in the third person; hidden cards
    named as `kn` (the reader's knowledge) knows them, else only public faces."""
    words = TOLD.get(name, {}).get(option)
    kinds = OPTIONS.get(name, {}).get(option, ("", ()))[1]
    said = _fill(s, kn, (words, kinds), args, v) if words is not None else None
    return alien_title(name), said, name == s.aliens[seat]


from .flares import flare_words, told_flare  # noqa: E402  (they read _fill above)
