"""Flare cards (rules 000 and 001, Flare Cards): the registry, the rules every flare shares,
the advanced setup that deals them, and the effects of the flares our documents print.

Invariants and how it works:
- A flare is a card of the cosmic deck (engine/cosmic/data/flares.toml; ids after the destiny
  cards). Only a game whose `Config.flares` says so puts flares in its deck; a game
  without flares never asks anyone about one, so it plays (and hashes) as before.
- Each flare with a printed text registers a `Flare`: a *wild* side (anyone but the
  alien's owner) and a *super* side (the owner, while its power works). For every window
  either side uses, one `windows.CardEffect` is registered (after="hand"), so a flare is
  played like an artifact through `windows.play_card`, Card Zap can negate it (it is then
  discarded, per the Card Zap text), and otherwise it goes back to its player's hand.
- The side is fixed by public facts: the player's alien is the flare's alien and its
  power works (not lost, not zapped) -> super, and the wild side is closed to it; else
  wild. It is worked out again when the flare resolves (nothing can change it between).
- Once a flare has resolved, encounter flags "flare_by:SEAT" and "flare:NAME" forbid a
  second flare by that player and a second use of that flare in the encounter.
- Flares without a text in our documents (every alien but Amoeba, Filch and Kamikaze,
  and the new-version Filch flare) register nothing: they sit in the deck and in hands,
  can be discarded, given and taken like any card, and can never be played.
- Advanced setup (rules 001, Advanced Setup): a flare deck is shuffled by the card
  source, two flares are dealt face down to each seat (delivered to it alone), each seat
  answers `KeepAlien(index)` (an index means nothing to the others), then the kept flares
  are revealed together and give the aliens. The dealt flares, plus random ones from the
  flare deck up to ten in all, are shuffled into the cosmic deck unseen (as carried
  hidden handles); the rest go back to the box. The Filch is dealt with its classic
  flare, the only Filch flare our documents print.
- Alien choice without flares (rules 000, Setup step 4: the flares are dealt only to
  choose aliens): seats configured `alien_deal.CHOOSE` are dealt two flares the same way
  (the flares of aliens named for other seats are left out), keep one, and the kept ones
  are revealed together; then every flare goes back to the box and the cosmic deck is
  built as usual (`choice_steps`). The same steps serve both setups: a `flare_deal`
  naming its seats deals to those alone.
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import cards as C
from .actions import Action, KeepAlien
from .aliens import amoeba as _amoeba
from .aliens._util import has, is_main, set_flag
from .alien_deal import CHOOSE, set_alien
from .hidden import deal_faces, deal_seats
from .artifacts import ANY_TIME
from .choices import Concat, Dist, Fixed, Mapped
from .state import GameState, Knowledge, pair_with
from .steps import (
    SeatStep,     WARP, Step, colony_sources, emit, fail, pop, push, register, remove_ships, replace, to_warp,
)
from .windows import CardEffect, card_effect, role
from .zones import draw, place_returning

Step_t = tuple[Any, ...]
Targets = Sequence[tuple[int, ...]]

__all__ = [
    "Flare", "FlareSide", "FLARE_EFFECTS", "register_flare", "in_play", "deck_flares",
    "advanced_steps", "choice_steps", "dealt_aliens", "cosmic_count", "ADVANCED_SET",
    "DECK_FLARES",
]

DECK_FLARES = 10  # rules 001, Advanced Setup: flares in the deck with fewer than 5 players
# The flares the advanced setup deals: one per alien, the Filch's in its classic version.
ADVANCED_SET: tuple[str, ...] = tuple(f for f in C.FLARES if f != "filch")


@dataclass(frozen=True)
class FlareSide:
    """One effect of a flare: where, for whom, with which arguments, and what it does."""

    windows: tuple[str, ...]
    who: Callable[[GameState, int], bool]
    targets: Callable[[GameState, int], Targets]
    resolve: Callable[[GameState, int, tuple[int, ...]], None]


@dataclass(frozen=True)
class Flare:
    name: str  # the card's name (flares.toml)
    alien: str  # whose flare it is: its owner uses the super side
    wild: FlareSide | None
    super: FlareSide | None
    source: str  # the text followed


FLARE_EFFECTS: dict[str, Flare] = {}


def in_play(s: GameState) -> frozenset[str]:
    """Flare names this game's cosmic deck may hold (public: the configuration)."""
    f = s.config.flares
    if f is True:
        return _ADVANCED
    return frozenset(f) if f else frozenset()


_ADVANCED = frozenset(ADVANCED_SET)


def deck_flares(config: Any) -> tuple[int, ...]:
    """Card ids of the flares a configured (not advanced) game adds to its cosmic deck."""
    f = config.flares
    return tuple(C.flare_id(n) for n in f) if f and f is not True else ()


def side(s: GameState, seat: int, flare: Flare) -> tuple[str, FlareSide | None]:
    """Which effect `seat` gets from this flare: super for the alien's owner while its
    power works, wild otherwise (rules 000, Flare Cards)."""
    if s.aliens[seat] == flare.alien and s.has_power(seat):
        return "super", flare.super
    return "wild", flare.wild


def _free(s: GameState, seat: int, name: str) -> bool:
    """One flare per player per encounter, each flare once per encounter (rules 001);
    with freewheeling flares (rules 000) any number, each still once."""
    e = s.enc
    if e is None or e.has_flag(f"flare:{name}"):
        return False
    return s.config.freewheeling_flares or not e.has_flag(f"flare_by:{seat}")


def register_flare(flare: Flare) -> Flare:
    """Register a flare's effects as card effects at every window either side uses."""
    if flare.name in FLARE_EFFECTS:
        raise ValueError(f"flare {flare.name!r} registered twice")
    FLARE_EFFECTS[flare.name] = flare
    windows: list[str] = []
    for sd in (flare.wild, flare.super):
        for w in sd.windows if sd is not None else ():
            if w not in windows:
                windows.append(w)
    for w in windows:
        card_effect(_effect(flare, w))
    return flare


def _effect(flare: Flare, w: str) -> CardEffect:
    def who(s: GameState, seat: int) -> bool:
        if flare.name not in in_play(s) or not _free(s, seat, flare.name):
            return False
        _, sd = side(s, seat, flare)
        return sd is not None and w in sd.windows and sd.who(s, seat)

    def targets(s: GameState, seat: int) -> Targets:
        _, sd = side(s, seat, flare)
        return sd.targets(s, seat) if sd is not None and w in sd.windows else ()

    def resolve(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
        kind, sd = side(s, seat, flare)
        assert s.enc is not None
        s.enc.add_flag(f"flare_by:{seat}")
        s.enc.add_flag(f"flare:{flare.name}")
        emit(s, "flare", seat, flare.name, kind)
        if sd is not None and w in sd.windows:
            sd.resolve(s, seat, args)

    return CardEffect("flare", flare.name, (w,), who, targets, resolve, after="hand")


def cosmic_count(s: GameState) -> int | None:
    """Cards of the cosmic deck in this game (72, or 144 at 9 and 10 seats, plus its
    flares); None while the advanced setup has not yet built it."""
    f = s.config.flares
    base = len(s.config.cosmic_deck)
    if f is True:
        n = s.extra.get("flares_in_deck")
        return None if n is None else base + int(n)
    return base + (len(f) if f else 0)


# -- the advanced setup (rules 001, Advanced Setup, steps 4 and 5) ------------------------------


def advanced_steps(s: GameState) -> list[Step_t]:
    """Shuffle the flares, deal two to each seat, let each keep one alien, reveal the
    kept ones together, then build the cosmic deck with the flares. Under hidden powers
    nothing is revealed: the kept ones stay face down (engine.hidden)."""
    hidden = s.config.hidden_powers
    faces = deal_faces(s) if hidden else tuple(sorted(C.flare_id(n) for n in ADVANCED_SET))
    handles = s.new_handles(len(faces))
    s.extra["flare_deck"] = list(handles)  # top last
    show: list[Step_t] = [("hidden_aliens",)] if hidden else [("flare_reveal",),
                                                              ("flare_aliens",)]
    return [("shuffle", "flares", faces, handles, ()), ("flare_deal",),
            *[("keep_alien", seat) for seat in range(s.n)], *show, ("flare_cosmic",)]


def choice_steps(s: GameState) -> list[Step_t]:
    """Setup, alien choice without flares: the seats configured CHOOSE are each dealt two
    flares face down, keep one alien, and the kept ones are revealed together; then the
    flares go back to the box. No steps if no seat chooses. Under hidden powers the seats
    configured "?" are dealt one flare the same way, and nothing is revealed: the kept
    ones stay face down (engine.hidden)."""
    hidden = s.config.hidden_powers
    if hidden:
        seats, singles = deal_seats(s)
    else:
        seats, singles = tuple(seat for seat in range(s.n) if s.aliens[seat] == CHOOSE), ()
    if not seats and not singles:
        return []
    named = set(s.aliens)  # an alien named for a seat is dealt to nobody else
    faces = deal_faces(s) if hidden else tuple(
        sorted(C.flare_id(n) for n in ADVANCED_SET if _alien_of(n) not in named))
    handles = s.new_handles(len(faces))
    s.extra["flare_deck"] = list(handles)  # top last
    show: list[Step_t] = [("hidden_aliens",)] if hidden else [("flare_reveal",),
                                                              ("flare_aliens",)]
    deal: Step_t = ("flare_deal", seats, singles) if singles else ("flare_deal", seats)
    return [("shuffle", "flares", faces, handles, ()), deal,
            *[("keep_alien", seat) for seat in seats], *show, ("flare_box",)]


def _alien_of(flare: str) -> str:
    """The alien a flare card stands for (the classic Filch flare is the Filch's)."""
    return "filch" if flare == "filch_classic" else flare


def dealt_aliens(s: GameState, seat: int, kn: Knowledge) -> tuple[str, ...]:
    """The aliens of the two flares dealt to `seat` at setup, as `kn` (that seat's
    knowledge) sees them, while it has yet to keep one; () otherwise."""
    hands = s.extra.get("flare_hands")
    if hands is None or seat >= len(hands) or s.extra["flare_kept"][seat] >= 0:
        return ()
    faces = [kn.faces.get(h) for h in hands[seat]]
    return tuple(_alien_of(C.CATALOGUE[f].name) for f in faces if f is not None)


@register
class FlareDeal(Step):
    """Deal two flares to each seat (to the seats named, for an alien choice alone); the
    seats named third (hidden powers, an alien at random) are dealt one, kept at once."""

    name, phase = "flare_deal", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seats = st[1] if len(st) > 1 else tuple(range(s.n))
        singles = st[2] if len(st) > 2 else ()
        deck = list(s.extra["flare_deck"])
        dealt: list[list[int]] = [[] for _ in range(s.n)]
        kept = [-1] * s.n
        for seat in range(s.n):
            if seat in seats:
                dealt[seat] = [deck.pop(), deck.pop()]
            elif seat in singles:
                dealt[seat], kept[seat] = [deck.pop()], 0
        s.extra["flare_deck"] = deck
        s.extra["flare_hands"] = dealt
        s.extra["flare_kept"] = kept
        emit(s, "flares_dealt", 2 if seats else 1)
        replace(s, *[("deliver", seat, tuple(dealt[seat])) for seat in range(s.n)
                     if dealt[seat]])
        return True


@register
class KeepAlienStep(SeatStep):
    """A seat keeps the alien of one of its two flares (the other goes back to the box)."""

    name, phase, kinds = "keep_alien", "setup", ("keep",)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([KeepAlien(seat, 0), KeepAlien(seat, 1)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, KeepAlien)
        if a.index not in (0, 1):
            fail(s, a, "keep flare 0 or flare 1")
        s.extra["flare_kept"][st[1]] = a.index
        emit(s, "kept", st[1])
        pop(s)


def _kept(s: GameState) -> list[tuple[int, int]]:
    """(seat, handle of the flare it kept) for every seat that was dealt two."""
    hands, kept = s.extra["flare_hands"], s.extra["flare_kept"]
    return [(seat, hands[seat][kept[seat]]) for seat in range(s.n) if hands[seat]]


@register
class FlareReveal(Step):
    name, phase = "flare_reveal", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        replace(s, ("reveal_cards", tuple(h for _, h in _kept(s))))  # all at once (one fact)
        return True


@register
class FlareAliens(Step):
    name, phase = "flare_aliens", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        for seat, h in _kept(s):
            set_alien(s, seat, _alien_of(C.CATALOGUE[s.faces[h]].name))
        pop(s)
        return True


@register
class FlareBox(Step):
    """After an alien choice without flares every flare goes back to the box: their
    handles are used no more, and the kept ones' faces are forgotten."""

    name, phase = "flare_box", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        faces = s.own_faces()
        for _, h in _kept(s):
            faces.pop(h, None)
        for key in ("flare_deck", "flare_hands", "flare_kept"):
            del s.extra[key]
        pop(s)
        return True


@register
class FlareCosmic(Step):
    """The dealt flares and random ones up to ten go into the cosmic deck unseen."""

    name, phase = "flare_cosmic", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        dealt = [h for pair in s.extra["flare_hands"] for h in pair]
        deck = s.extra["flare_deck"]
        more = max(0, DECK_FLARES - len(dealt))
        carry = tuple(dealt) + tuple(deck[len(deck) - more:] if more else ())
        faces = s.own_faces()
        for h in dealt:
            faces.pop(h, None)  # the kept flares' faces were public; their handles go away
        for key in ("flare_deck", "flare_hands", "flare_kept"):
            del s.extra[key]
        s.extra["flares_in_deck"] = len(carry)
        cosmic = s.config.cosmic_deck
        handles = s.new_handles(len(cosmic) + len(carry))
        s.deck = handles
        replace(s, ("shuffle", "cosmic", tuple(sorted(cosmic)), handles, carry))
        return True


# -- Amoeba (rules 001, flare text) -----------------------------------------------------------


def _flat(option: int, pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return (option, *(x for pair in pairs for x in pair))


def _pairs(args: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(zip(args[::2], args[1::2]))


def _amoeba_wild_targets(s: GameState, seat: int) -> Targets:
    return Concat(Mapped(_amoeba.add_space(s, seat, 4), lambda d: _flat(0, d)),
                  Mapped(_amoeba.remove_space(s, seat, 4), lambda d: _flat(1, d)))


def _amoeba_wild(s: GameState, seat: int, args: tuple[int, ...]) -> None:
    option, pairs = args[0], _pairs(args[1:])
    space = _amoeba.add_space(s, seat, 4) if option == 0 else _amoeba.remove_space(s, seat, 4)
    if space.contains(pairs):
        _amoeba.move(s, seat, option, pairs)


def _amoeba_super(s: GameState, seat: int, args: tuple[int, ...]) -> None:
    set_flag(s, "amoeba_ally", seat)  # engine/cosmic/aliens/amoeba.py offers its power to an ally


register_flare(Flare(
    "amoeba", "amoeba",
    # Wild: a main player, before the cards are chosen, adds up to four ships to the
    # encounter from its colonies or takes up to four out (option 0 / 1, then pairs).
    wild=FlareSide(("planning",), lambda s, seat: is_main(s, seat), _amoeba_wild_targets,
                   _amoeba_wild),
    # Super: the Amoeba, as an ally, may use its power this encounter.
    super=FlareSide(("planning", "selected"),
                    lambda s, seat: role(s, seat) == "ally" and not has(s, "amoeba_ally", seat),
                    lambda s, seat: ((),), _amoeba_super),
    source="rules 001 (flare text)",
))


# -- Kamikaze (rules 001, flare text) ---------------------------------------------------------


def _outside(s: GameState, seat: int) -> list[tuple[int, int]]:
    """The seat's ships not in the encounter: its colonies (the defense's target planet
    excepted; the gate is never a colony)."""
    e = s.enc
    assert e is not None
    return [(p, c) for p, c in colony_sources(s, seat)
            if not (seat == e.defense and p == e.target)]


def _kamikaze_targets(s: GameState, seat: int) -> Targets:
    return Mapped(Dist(_outside(s, seat), 1, 4), lambda d: _flat(0, d)[1:])


def _kamikaze_wild(s: GameState, seat: int, args: tuple[int, ...]) -> None:
    e = s.enc
    assert e is not None
    pairs = _pairs(args)
    if not Dist(_outside(s, seat), 1, 4).contains(pairs):
        return
    count = remove_ships(s, None, seat, pairs)
    side = 0 if seat == e.offense else 1
    e.reinforce = pair_with(e.reinforce, side, e.reinforce[side] + 3 * count)
    emit(s, "sacrifice", seat, count)
    push(s, *to_warp(s, seat, count))


def _kamikaze_super(s: GameState, seat: int, args: tuple[int, ...]) -> None:
    assert s.enc is not None
    s.enc.add_flag(f"regroup3:{seat}")  # engine.cosmic.powers.regroup_count reads it


register_flare(Flare(
    "kamikaze", "kamikaze",
    # Wild: a main player, cards chosen but not revealed, sends up to four ships from its
    # colonies to the warp: +3 to its side's total for each (args: planet, count pairs).
    wild=FlareSide(("selected",), lambda s, seat: is_main(s, seat), _kamikaze_targets,
                   _kamikaze_wild),
    # Super: the Kamikaze, as the offense, retrieves three ships in this regroup, not one.
    super=FlareSide(("start",),
                    lambda s, seat: role(s, seat) == "offense" and s.warp[seat] > 0,
                    lambda s, seat: ((),), _kamikaze_super),
    source="rules 001 (flare text)",
))


# -- Filch, classic version (rules 001, alternate Filch flare) ---------------------------------


def _used_card(s: GameState, side_: int) -> tuple[int, int]:
    """(handle, player who played it) of an encounter card of this encounter: the card on
    a side is that side's main player's, even after a Sorcerer's switch."""
    e = s.enc
    assert e is not None
    return e.cards[side_], e.offense if side_ == 0 else e.defense


def _filch_super_targets(s: GameState, seat: int) -> Targets:
    out = []
    for k in (0, 1):
        h, player = _used_card(s, k)
        if h >= 0 and h in s.discard and player != seat:
            out.append((k,))
    return out


def _filch_super(s: GameState, seat: int, args: tuple[int, ...]) -> None:
    h, player = _used_card(s, args[0])
    if h < 0 or h not in s.discard or player == seat:
        return
    s.discard = tuple(x for x in s.discard if x != h)
    s.set_hand(seat, s.hands[seat] + (h,))
    emit(s, "filch", seat, s.faces[h])


def _filch_wild_targets(s: GameState, seat: int) -> Targets:
    out = []
    if s.warp[seat] > 0 and s.colonies(seat):
        out.append((0,))  # one ship from the warp to a colony
    if s.discard:
        out.append((1,))  # the top card of the discard pile
    if s.deck or s.discard:
        out.append((2,))  # the top card of the deck
    return out


def _filch_wild(s: GameState, seat: int, args: tuple[int, ...]) -> None:
    what = args[0]
    if what == 0 and s.warp[seat] > 0 and s.colonies(seat):
        push(s, place_returning(s, seat, WARP, 1))
    elif what == 1 and s.discard:
        h = s.discard[-1]
        s.discard = s.discard[:-1]
        s.set_hand(seat, s.hands[seat] + (h,))
        emit(s, "filch", seat, s.faces[h])
    elif what == 2:
        push(s, draw(seat, 1))


register_flare(Flare(
    "filch_classic", "filch",
    # Wild, simplified: the card's cheating is done in the open (the flare is played face
    # up, so nobody can be "caught"): one item per play, at any card window of an
    # encounter: 0 a ship from the warp to a colony, 1 the top discard, 2 a card drawn.
    wild=FlareSide(ANY_TIME, lambda s, seat: True, _filch_wild_targets, _filch_wild),
    # Super: at the end of any encounter, the Filch takes another player's encounter card
    # of that encounter from the discard pile, involved or not (arg: 0 offense's card,
    # 1 defense's).
    super=FlareSide(("end",), lambda s, seat: True, _filch_super_targets, _filch_super),
    source="rules 001 (alternate classic Filch flare; the cheat simplified)",
))
