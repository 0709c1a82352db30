"""Timing windows, and the registry of effects that act in them.

A window is a moment of the encounter where cards or powers may be used: ("window", name,
turn, passes). Seats are asked one at a time in timing order (offense, defense, then
clockwise from the offense's left; rules 001, Timing); after any play everyone gets
another chance, and the window closes when every eligible seat has passed in a row.

Who is asked depends only on public information, so the asking never leaks a hand: a seat
is eligible when a card usable there might be in its hand (some copy that this game uses
is not publicly accounted for, and its role allows it) or its power offers something
there. A client
whose hand holds nothing playable answers pass by itself.

A card played face up is resolved by its own step on top of the window, after a response
window where it may be negated (Card Zap); a power's use likewise (Cosmic Zap).

Effects register here with `card_effect` (artifacts, reinforcements, flares) and
`power_hook` (alien powers), and other sources of uses with `window_use` (completed techs:
engine.techs): the encounter flow never changes to add one. A window use is offered from
public facts alone (a completed tech lies face up), so asking for it leaks nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import cards as C
from .actions import Action, Pass, Play, UsePower
from .choices import Concat, Fixed, Mapped
from .hidden import FACE_DOWN, ask_round
from .powers import (
    ALIENS, acting_power, discarded, note_lent_use, power_used, powers_of, sheets_act, spent,
)
from .state import Config, GameState, Knowledge, pair_with
from .steps import (
    Step, emit, face_down, fail, learn, pop, push, register, replace, take_from_hand,
)

Step_t = tuple[Any, ...]

__all__ = [
    "CardEffect", "card_effect", "CARD_EFFECTS", "window", "WINDOWS", "role",
    "may_be_hidden", "power_step", "power_uses", "use_power", "card_plays", "NO_ENCOUNTER",
    "WindowUse", "window_use", "WINDOW_USES",
]

# The windows the flow opens, in the order they come in an encounter.
# Pseudo-window: a defense without an encounter card may play "any time" cards during
# planning before it shows its hand (rules 001, No Encounter Cards in Hand). The planning
# step offers these plays to that seat alone; no window of this name is ever opened, so
# nobody else is asked anything more.
NO_ENCOUNTER = "no_encounter"

WINDOWS = (
    "start", "destiny", "launch", "alliance", "planning", "selected", "reveal", "result",
    "deal", "discard", "end",
)
RESPONSE_CARD = "respond_card"  # after an artifact or flare is played: Card Zap
RESPONSE_POWER = "respond_power"  # after a power is used: Cosmic Zap


@dataclass(frozen=True)
class CardEffect:
    """A card that can be played face up from the hand.

    kind/name pick the cards (name "" = every card of the kind). `who(s, seat)` is the role
    requirement, `targets(s, seat)` the argument tuples (empty: cannot be played now),
    `resolve(s, seat, handle, face, args)` the effect. `respondable` opens the Card Zap
    window first; `after` is where the card goes: "discard", "hand" or "played".
    """

    kind: str
    name: str
    windows: tuple[str, ...]
    who: Callable[[GameState, int], bool]
    targets: Callable[[GameState, int], Sequence[tuple[int, ...]]]
    resolve: Callable[[GameState, int, int, int, tuple[int, ...]], None]
    respondable: bool = True
    after: str = "discard"
    arg_kind: str = "seats"  # what the arguments name, for a player's words: seats, planets

    def matches(self, info: C.CardInfo) -> bool:
        return info.kind == self.kind and (not self.name or info.name == self.name)


CARD_EFFECTS: list[CardEffect] = []


def card_effect(effect: CardEffect) -> CardEffect:
    CARD_EFFECTS.append(effect)
    return effect


@dataclass(frozen=True)
class WindowUse:
    """A source of uses at windows other than cards in hand and alien powers: things on
    the table (completed techs). `kind` is the action kind it takes; `in_game(config)`
    whether a game of this config has them at all (a game without asks nothing more and
    takes no such action); `offers(s, seat, name)` the actions `seat` may take at window `name`,
    from public facts only; `resolve(s, action, name)` checks one (raising
    IllegalAction) and carries it out."""

    kind: str
    in_game: Callable[[Config], bool]
    offers: Callable[[GameState, int, str], Sequence[Action]]
    resolve: Callable[[GameState, Action, str], None]


WINDOW_USES: list[WindowUse] = []


def window_use(use: WindowUse) -> WindowUse:
    """Register a source of window uses; windows of games that have them take its kind."""
    WINDOW_USES.append(use)
    return use


def _uses_in(s: GameState) -> tuple[WindowUse, ...]:
    """The window uses this game has (a function of its config: kept for the config last
    asked about, and while no use registers)."""
    cfg, registered, uses = _USES[0]
    if cfg is not s.config or registered != len(WINDOW_USES):
        cfg, registered = s.config, len(WINDOW_USES)
        uses = tuple(u for u in WINDOW_USES if u.in_game(cfg))
        _USES[0] = (cfg, registered, uses)
    return uses


# The config last asked about, how many uses were registered then, and its uses: one
# tuple, read and replaced whole.
_USES: list[tuple[object, int, tuple[WindowUse, ...]]] = [(object(), 0, ())]


def _table_uses(s: GameState, seat: int, name: str) -> list[Action]:
    return [a for u in _uses_in(s) for a in u.offers(s, seat, name)]


# -- roles ------------------------------------------------------------------------------------


def role(s: GameState, seat: int) -> str:
    """offense, defense, ally (either side), or other."""
    e = s.enc
    if e is None:
        return "other"
    if seat == e.offense:
        return "offense"
    if seat == e.defense:
        return "defense"
    if seat in e.allies[0] or seat in e.allies[1]:
        return "ally"
    return "other"


# -- eligibility ------------------------------------------------------------------------------


def _matching_ids(effect: CardEffect) -> frozenset[int]:
    ids = _IDS.get(id(effect))
    if ids is None:
        ids = _IDS[id(effect)] = frozenset(c.id for c in C.CATALOGUE if effect.matches(c))
    return ids


_IDS: dict[int, frozenset[int]] = {}


def _in_game(s: GameState, effect: CardEffect) -> frozenset[int]:
    """The cards of this effect that this game can hold, known from its setup alone: its
    cosmic deck (one copy of each card, two at the biggest tables) and its flares (any
    flare in the advanced setup, which shuffles some in unseen). A card the game does not
    use can be in nobody's hand, so it makes nobody eligible (and a game without flares
    never asks anyone about one)."""
    cfg = s.config
    key = (id(effect), cfg.seats, cfg.flares, cfg.classic_artifacts)
    ids = _GAME_IDS.get(key)
    if ids is None:
        names = C.FLARES if cfg.flares is True else cfg.flares or ()
        game = set(cfg.cosmic_deck) | {C.flare_id(n) for n in names}
        ids = _GAME_IDS[key] = _matching_ids(effect) & frozenset(game)
    return ids


_GAME_IDS: dict[tuple[int, int, Any, bool], frozenset[int]] = {}


def may_be_hidden(s: GameState, effect: CardEffect) -> bool:
    """Could a card of this effect be in someone's hand, by public information only?"""
    return _hidden(_in_game(s, effect), _public_faces(s))


def _public_faces(s: GameState) -> set[int | None]:
    """The faces of the face-up cards that account for copies: the discard pile and the
    cards played in this encounter. Each copy has its own card id, so the set counts
    them all. Kept while the pile, the cards played and the faces are the same objects
    and the faces as many (a public face is only ever added, never changed: `learn`);
    the caller must not change the set."""
    played = s.enc.played if s.enc is not None else ()
    discard, faces = s.discard, s.faces
    kept = _PUBLIC[0]
    if (kept[0] is discard and kept[1] is played and kept[2] is faces
            and kept[3] == len(faces)):
        return kept[4]
    public = set(map(faces.get, discard + played))
    if type(discard) is tuple and type(played) is tuple:  # a list may change in place
        _PUBLIC[0] = (discard, played, faces, len(faces), public)
    return public


# The discard pile, cards played and faces dict `_public_faces` was last asked about, the
# number of faces then and its answer: one tuple, read and replaced whole.
_PUBLIC: list[tuple[Any, Any, Any, int, set[int | None]]] = [(None, None, None, -1, set())]


def _hidden(ids: frozenset[int], public: set[int | None]) -> bool:
    """Some card of `ids` (the game's copies) is not among the `public` faces."""
    return bool(ids) and not ids <= public


def _card_effects_at(name: str) -> tuple[CardEffect, ...]:
    # Cached by window, and rebuilt if an effect registers later (imports register them).
    got = _AT.get(name)
    if got is None or got[0] != len(CARD_EFFECTS):
        got = _AT[name] = (len(CARD_EFFECTS),
                           tuple(e for e in CARD_EFFECTS if name in e.windows))
    return got[1]


_AT: dict[str, tuple[int, tuple[CardEffect, ...]]] = {}


def _effects_by_face(name: str) -> dict[int, tuple[CardEffect, ...]]:
    """Card id -> the effects at window `name` that card matches (in registration order)."""
    got = _BY_FACE.get(name)
    if got is None or got[0] != len(CARD_EFFECTS):
        effects = _card_effects_at(name)
        table = {c.id: tuple(e for e in effects if e.matches(c)) for c in C.CATALOGUE}
        got = _BY_FACE[name] = (len(CARD_EFFECTS), {k: v for k, v in table.items() if v})
    return got[1]


_BY_FACE: dict[str, tuple[int, dict[int, tuple[CardEffect, ...]]]] = {}


def _power_options(s: GameState, seat: int, name: str,
                   power: str = "") -> Sequence[tuple[int, tuple[int, ...]]]:
    """The options `seat`'s acting power offers at window `name` (`power`: that power,
    when the caller knows it already)."""
    if not s.aliens[seat]:
        return ()
    alien = ALIENS.get(power or acting_power(s, seat))  # its sheet, or a power lent to it
    if alien is None or name not in alien.windows or not s.has_power(seat):
        return ()
    return alien.options(s, seat, name)


def power_uses(s: GameState, seat: int, name: str) -> Sequence[Action]:
    """The UsePower actions `seat`'s power offers at window `name` (or a pseudo-window a
    step opens itself, like the flow's "last_reveal"); validate them with `use_power`."""
    return Mapped(_power_options(s, seat, name), lambda o: UsePower(seat, o[0], o[1]))


def _must_use(s: GameState, seat: int, name: str) -> bool:
    """A mandatory power with something to do here: its owner may not pass. (Whether it
    is mandatory here is asked first: a constant of the power, cheaper than its options.)"""
    if not s.aliens[seat]:
        return False
    power = acting_power(s, seat)
    alien = ALIENS.get(power)
    return bool(alien is not None and alien.must_use(s, seat, name)
                and _power_options(s, seat, name, power))


def eligible(s: GameState, name: str) -> list[int]:
    """The seats asked at window `name`, in timing order (public information only)."""
    usable, table = _window_sources(s, name)
    effects: list[CardEffect] = []
    if usable:
        # A set of public faces holds at most one face per card face up: an effect with
        # more copies in the game than that has one hidden without building the set.
        shown = len(s.discard) + (len(s.enc.played) if s.enc is not None else 0)
        public: set[int | None] | None = None
        for e, ids in usable:
            if len(ids) > shown:
                effects.append(e)
                continue
            if public is None:
                public = _public_faces(s)
            if _hidden(ids, public):
                effects.append(e)
    aliens = s.aliens
    powers = any(aliens)
    if not effects and not powers and not table:
        return []
    out = []
    hands = s.hands
    sheets = sheets_act(s) if powers else ()
    for seat in s.timing_order_t():
        if effects and hands[seat]:
            allowed = False
            for e in effects:
                if e.who(s, seat):
                    allowed = True
                    break
            if allowed:
                out.append(seat)
                continue
        if aliens[seat] and _power_options(s, seat, name,
                                           aliens[seat] if sheets[seat] else ""):
            out.append(seat)
        elif table and _table_uses(s, seat, name):
            out.append(seat)
    return out


def _window_sources(s: GameState, name: str) -> tuple[
        tuple[tuple[CardEffect, frozenset[int]], ...], bool]:
    """The card effects at window `name` with cards in this game (`_game_effects_at`),
    and whether the game has window uses (`_uses_in`): kept for the config last asked
    about, while no effect or use registers."""
    cfg, effects, uses, by_name = _SOURCES[0]
    if cfg is not s.config or effects != len(CARD_EFFECTS) or uses != len(WINDOW_USES):
        cfg, effects, uses, by_name = s.config, len(CARD_EFFECTS), len(WINDOW_USES), {}
        _SOURCES[0] = (cfg, effects, uses, by_name)
    got = by_name.get(name)
    if got is None:
        got = by_name[name] = (_game_effects_at(s, name),
                               bool(WINDOW_USES) and bool(_uses_in(s)))
    return got


# The config last asked about, the counts of effects and uses registered then, and what
# `_window_sources` found for it by window name: one tuple, read and replaced whole.
_SOURCES: list[tuple[object, int, int, dict[
    str, tuple[tuple[tuple[CardEffect, frozenset[int]], ...], bool]]]] = [
        (object(), 0, 0, {})]


def _game_effects_at(s: GameState, name: str) -> tuple[tuple[CardEffect, frozenset[int]], ...]:
    """The effects at window `name` with cards in this game, each with those cards' ids."""
    cfg = s.config
    key = (name, cfg.seats, cfg.flares, cfg.classic_artifacts, len(CARD_EFFECTS))
    got = _GAME_AT.get(key)
    if got is None:
        pairs = ((e, _in_game(s, e)) for e in _card_effects_at(name))
        got = _GAME_AT[key] = tuple((e, ids) for e, ids in pairs if ids)
    return got


_GAME_AT: dict[tuple[str, int, Any, bool, int], tuple[tuple[CardEffect, frozenset[int]], ...]] = {}


def window(name: str) -> Step_t:
    """A window step; who is asked is fixed when it opens: ("window", name, seats, turn,
    passes)."""
    return ("window", name, None, 0, 0)


# -- the window step --------------------------------------------------------------------------


_WINDOW_PHASE = {
    "start": "regroup", "destiny": "destiny", "launch": "launch", "alliance": "alliance",
    "planning": "planning", "selected": "planning", "reveal": "reveal",
    "result": "resolution", "deal": "resolution", "end": "resolution",
}


@register
class WindowStep(Step):
    name, phase, kinds = "window", "window", ("pass", "play", "power")

    def phase_of(self, st: Step_t) -> str:
        return _WINDOW_PHASE.get(st[1], "response")

    def kinds_of(self, s: GameState, st: Step_t) -> tuple[str, ...]:
        uses = _uses_in(s)
        return self.kinds + tuple(u.kind for u in uses) if uses else self.kinds

    def auto(self, s: GameState, st: Step_t) -> bool:
        if st[2] is not None:
            return False
        if not st[4] and FACE_DOWN in s.extra:
            # Hidden powers: the face-down seats are asked first (engine.hidden); a
            # window not yet open marks that with passes=1 (its seats are None still).
            steps = ask_round(s, st[1])
            if steps:
                s.stack = s.stack[:-1] + (("window", st[1], None, 0, 1),)
                push(s, *steps)
                return True
        seats = tuple(eligible(s, st[1]))
        if seats:
            s.stack = s.stack[:-1] + (("window", st[1], seats, 0, 0),)
        else:
            pop(s)
        return True

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        seats = st[2]
        return (seats[st[3] % len(seats)],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        name = st[1]
        plays = card_plays(s, seat, kn, name)
        if WINDOW_USES and _uses_in(s):
            plays += _table_uses(s, seat, name)
        options = _power_options(s, seat, name)
        passing = [] if _must_use(s, seat, name) else [_pass(seat)]
        if not options:
            return Fixed(passing + plays)
        powers = Mapped(options, lambda o: UsePower(seat, o[0], o[1]))
        return Concat(Fixed(passing), Fixed(plays), powers)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _, name, seats, turn, passes = st
        if isinstance(a, Pass):
            if _must_use(s, a.seat, name):
                fail(s, a, f"{acting_power(s, a.seat)}'s power must be used now")
            if passes + 1 >= len(seats):
                pop(s)
            else:
                s.stack = s.stack[:-1] + (("window", name, seats, turn + 1, passes + 1),)
            return
        # Someone acted: everyone gets another chance, starting after the actor.
        s.stack = s.stack[:-1] + (("window", name, seats, turn + 1, 0),)
        if isinstance(a, Play):
            play_card(s, a, name)
        elif isinstance(a, UsePower):
            use_power(s, a, name)
        else:
            use = next((u for u in _uses_in(s) if u.kind == a.KIND), None)
            if use is None:
                fail(s, a, f"nothing takes {a.KIND} at the {name} window")
                return
            use.resolve(s, a, name)


def _pass(seat: int) -> Pass:
    """Pass(seat): one value per seat, made once (an action is a frozen value)."""
    got = _PASSES.get(seat)
    if got is None:
        got = _PASSES[seat] = Pass(seat)
    return got


_PASSES: dict[int, Pass] = {}


def card_plays(s: GameState, seat: int, kn: Knowledge, name: str) -> list[Action]:
    """The face-up plays `seat` may make at window `name` (or at a pseudo-window a step
    opens itself, like NO_ENCOUNTER) from what it knows of its hand."""
    plays: list[Action] = []
    by_face = _effects_by_face(name)
    if by_face:
        down = face_down(s, seat, kn)
        known, public = kn.faces.get, s.faces.get
        for h in s.hands[seat]:
            face = known(h)
            if face is None:
                face = public(h)
                if face is None:
                    continue
            effects = by_face.get(face)
            if effects is None or h == down:
                continue
            for e in effects:
                if e.who(s, seat):
                    plays.extend(Play(seat, h, face, t) for t in e.targets(s, seat))
    return plays


def play_card(s: GameState, a: Play, name: str) -> None:
    """Check and start a face-up play; the effect resolves once responses are done."""
    if a.handle not in s.hands[a.seat]:
        fail(s, a, f"card {a.handle} is not in your hand")
    info = learn(s, a, a.handle, a.card)
    effect = _effect_for(s, a.seat, info, name)
    if effect is None:
        fail(s, a, f"{info.label()} cannot be played at the {name} window")
        return
    if not effect.who(s, a.seat):
        fail(s, a, f"{info.label()} cannot be played as {role(s, a.seat)}")
    if tuple(a.args) not in [tuple(t) for t in effect.targets(s, a.seat)]:
        fail(s, a, f"{info.label()} cannot target {list(a.args)}")
    take_from_hand(s, a, a.seat, (a.handle,))
    emit(s, "play", a.seat, a.card, a.args)
    step = ("resolve_card", a.seat, a.handle, a.card, a.args, name, 0)
    if effect.respondable:
        push(s, window(RESPONSE_CARD), step)
    else:
        push(s, step)


def _effect_for(s: GameState, seat: int, info: C.CardInfo, name: str) -> CardEffect | None:
    """The effect a card played by `seat` at window `name` has: the first that matches
    the card and allows the seat, else the first that matches it (two powers may play one
    kind of card in different roles: the Flak's and the Reserve's attack cards)."""
    effects = [e for e in _card_effects_at(name) if e.matches(info)]
    return next((e for e in effects if e.who(s, seat)), effects[0] if effects else None)


def use_power(s: GameState, a: UsePower, name: str) -> None:
    alien = acting_power(s, a.seat) if s.aliens[a.seat] else ""
    offered = [(o, tuple(args)) for o, args in _power_options(s, a.seat, name)]
    if (a.option, tuple(a.args)) not in offered:
        fail(s, a, f"{alien or 'no alien'} offers no such use now")
    push(s, *power_step(s, a.seat, a.option, tuple(a.args), name))


def power_step(s: GameState, seat: int, option: int, args: tuple[int, ...],
               name: str, power: str = "") -> list[Step_t]:
    """The steps of one use of a power: a Cosmic Zap window (if it can be zapped), then
    the effect. Also for mandatory uses without a choice (engine.cosmic.powers). The power used
    is the seat's acting one (engine.cosmic.powers `acting_power`: its sheet, or a power lent to
    it); the step names it, so a later change of powers cannot redirect the use."""
    alien = ALIENS[power or acting_power(s, seat) or s.aliens[seat]]
    emit(s, "power", seat, alien.name, option, args)
    if s.enc is not None:
        s.enc.powers_used = s.enc.powers_used + (seat,)
    step = ("resolve_power", seat, option, args, name, alien.name, 0)
    if alien.zappable(option):
        return [window(RESPONSE_POWER), step]
    return [step]


def negate_nearest(s: GameState, step_name: str) -> tuple[Any, ...] | None:
    """Mark the nearest pending `step_name` step as negated; return it (for Zaps)."""
    stack = list(s.stack)
    for i in range(len(stack) - 1, -1, -1):
        if stack[i][0] == step_name and not stack[i][-1]:
            stack[i] = stack[i][:-1] + (1,)
            s.stack = tuple(stack)
            return stack[i]
    return None


@register
class ResolveCard(Step):
    name, phase = "resolve_card", "window"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, handle, face, args, name, negated = st
        pop(s)
        info = C.CATALOGUE[face]
        effect = _effect_for(s, seat, info, name)
        assert effect is not None
        if negated:
            emit(s, "negated", seat, face)
        where = effect.after
        if negated and where == "hand":  # rules 001, Card Zap: a negated flare is discarded
            where = "discard"
        if where == "hand":
            s.set_hand(seat, s.hands[seat] + (handle,))
        elif where == "played" and s.enc is not None:
            s.enc.played = s.enc.played + (handle,)
        else:
            s.discard = s.discard + (handle,)
        if not negated:
            effect.resolve(s, seat, handle, face, tuple(args))
        if where not in ("hand", "played"):  # a power may pick up a discarded card (Vulch)
            push(s, *discarded(s, seat, (handle,), "played"))
        return True


@register
class ResolvePower(Step):
    name, phase = "resolve_power", "window"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, option, args, name, alien, negated = st
        pop(s)
        if negated:
            emit(s, "zapped", seat, alien)
            return True
        # lost, silenced, passed on or used up (engine.cosmic.powers `spend`) since it was
        # used: nothing happens
        if s.has_power(seat) and alien in powers_of(s, seat) and alien not in spent(s, seat):
            note_lent_use(s, seat, alien)  # its tidying up runs whatever comes next
            ALIENS[alien].use(s, seat, option, tuple(args))
            push(s, *power_used(s, seat, alien))
        return True


@register
class AutoPower(Step):
    """A mandatory use that needs no choice, pushed by a passive hook: still a use.
    ("auto_power", seat, option, args[, power]): engine.cosmic.powers tags it with the power
    whose hook pushed it; if the seat no longer uses that power (passed on, silenced,
    lost) by the time it comes, nothing happens."""

    name, phase = "auto_power", "window"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat, option, args = st[1], st[2], st[3]
        power = st[4] if len(st) > 4 else ""
        if power and (power not in powers_of(s, seat) or not s.has_power(seat)
                      or power in spent(s, seat)):
            pop(s)
            return True
        replace(s, *power_step(s, seat, option, tuple(args), "auto", power))
        return True


# -- reinforcements (rules 001, Reinforcement Cards) ------------------------------------------


def _reinforce_who(s: GameState, seat: int) -> bool:
    return role(s, seat) in ("offense", "defense", "ally")


def _reinforce(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
    assert s.enc is not None
    e = s.enc
    e.reinforce = pair_with(e.reinforce, args[0], e.reinforce[args[0]] + C.CATALOGUE[face].value)


card_effect(CardEffect(
    "reinforcement", "", ("reveal",), _reinforce_who,
    lambda s, seat: ((0,), (1,)), _reinforce, respondable=False, after="played",
))
