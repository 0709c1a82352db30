"""A flare card's play in words, for someone replaying the game (cli/replay_app.py): which
flare, which side (wild, or super for its alien's owner while that power works: the
engine's own `side`), and what the play does with its arguments.

Only the flares whose effects the engine plays (engine/cosmic/flares.py: Amoeba,
Kamikaze, the classic Filch) have words here; another flare, or arguments that fit no
words, is told by its name and side alone (never by bare numbers). The words follow the
engine's comments on each side's arguments; they read the position the play was made in.
A flare's words are templates about the seat playing it (cli/you_words.py Subject):
"{adds} ships ... from {its} colonies" reads "adds ... its" in a replay and "add ... your"
on the player's own screen.

Invariants: `told_flare` never raises for a play the engine allowed, and reads only the
public state."""

from __future__ import annotations

from collections.abc import Sequence

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.flares import FLARE_EFFECTS, side

# (flare, side) -> {first argument, or -1 for any: (words, kinds of the arguments after it
# (every argument for -1))}; kinds as in cli/power_words (pairs: "planet,ships*").
FLARE_TOLD: dict[tuple[str, str], dict[int, tuple[str, tuple[str, ...]]]] = {
    ("amoeba", "wild"): {
        0: ("{adds} ships to the encounter from {its} colonies ({})", ("planet,ships*",)),
        1: ("{takes} ships out of the encounter back to {its} colonies ({})",
            ("planet,ships*",)),
    },
    ("amoeba", "super"): {
        -1: ("{may} use the Amoeba's power as an ally this encounter", ()),
    },
    ("kamikaze", "wild"): {
        -1: ("{sends} ships from {its} colonies to the warp, 3 more to {its} side's "
             "total for each ({})", ("planet,ships*",)),
    },
    ("kamikaze", "super"): {
        -1: ("{will} bring back three ships from the warp in this regroup, not one", ()),
    },
    ("filch_classic", "wild"): {
        0: ("{brings} a ship back from the warp to a colony", ()),
        1: ("{takes} the top card of the discard pile", ()),
        2: ("{draws} the top card of the deck", ()),
    },
    ("filch_classic", "super"): {
        0: ("{takes} the offense's encounter card from the discard pile", ()),
        1: ("{takes} the defense's encounter card from the discard pile", ()),
    },
}


def flare_title(name: str) -> str:
    """A flare's name as a title: "filch_classic" -> "Filch (classic)"."""
    base, _, version = name.partition("_")
    return base.title() + (f" ({version})" if version else "")


def told_flare(s: engine.GameState, seat: int, card: int, args: Sequence[int],
               viewer: int | None = None) -> str | None:
    """The play of flare `card` by `seat` in position `s`, in words without the seat, its
    verbs agreeing with it as the person at `viewer` reads them ("plays", to the seat's
    own player "play"); None if `card` is no flare."""
    from ..you_words import Voice
    from . import _fill  # the argument kinds' words, shared with the aliens' uses

    if not 0 <= card < len(C.CATALOGUE) or C.CATALOGUE[card].kind != "flare":
        return None
    name = C.CATALOGUE[card].name
    flare = FLARE_EFFECTS.get(name)
    which = side(s, seat, flare)[0] if flare is not None and 0 <= seat < s.n else ""
    v = Voice(s.config.colors, viewer)
    head = f"{v.verb(seat, 'plays')} the {flare_title(name)} flare" + (f" ({which})" if which else "")
    words = FLARE_TOLD.get((name, which), {})
    spec, rest = words.get(-1), list(args)
    if spec is None and rest and rest[0] in words:
        spec, rest = words[rest[0]], rest[1:]
    said = _fill(s, None, spec, rest, v, seat) if spec is not None else None
    return f"{head}: {said}" if said else head


def flare_words(s: engine.GameState, seat: int, card: int, args: Sequence[int]) -> str | None:
    """What playing flare `card` with `args` does, for the seat choosing it (its list of
    commands: "play flare-kamikaze 7 1"), second person: "wild: send ships from your
    colonies to the warp, ... (red.3: 1 ship)"; None if `card` is no flare, or a play
    without words beyond its name."""
    told = told_flare(s, seat, card, args, viewer=seat)
    if told is None:
        return None
    head, colon, said = told.partition(": ")
    which = head.rpartition(" (")[2].rstrip(")") if head.endswith(")") else ""
    if not colon:
        return None
    return f"{which}: {said}" if which else said
