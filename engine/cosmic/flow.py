"""The turn and the encounter, phase by phase (rules 001, Playing the Game).

A turn is: start_turn, encounter 1, [second_choice, encounter 2], next_turn. An encounter
pushes its phases as steps; each phase is a few named steps of a few lines each. Windows
(engine.windows) sit between phases. The deal lives in engine.deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from . import cards as C
from .actions import (
    GATE, Action, Ally, ChooseDefense, Decline, DrawAgain, EndTurn, Invite, Launch, NewHand,
    NoEncounter, Play, Proceed, Reestablish, Retrieve, Reveal, SecondEncounter, Select, UsePower,
    NewTech,
)
from .choices import Concat, Dist, Fixed, Mapped, Product, Subsets
from .state import Encounter, GameState, Knowledge, Outcome, pair_with
from .steps import (
    BESIDE, Step, claim, face_down, to_warp, colony_sources, emit, fail, learn, pop, push, register,
    remove_ships, replace, take_from_hand, uncover_claims,
)
from .windows import (
    NO_ENCOUNTER, card_plays, play_card, power_step, power_uses, use_power, window,
)
from . import powers as P
from . import targets as T
from .alien_deal import deal_steps, rotate_steps
from .zones import ShipChoice, draw, no_encounter_to_draw, place_returning, start_shuffle

Step_t = tuple[Any, ...]

__all__ = ["setup_steps", "abort_encounter", "check_win", "replay_from_planning", "deal_now",
           "decide_now"]


def setup_steps(s: GameState) -> None:
    """Setup (rules 001, Setup): let seats configured "choose" pick one of two aliens
    (rules 000, Setup), deal aliens configured "?" at random, shuffle both decks
    (the cosmic one with the configured flares), deal eight cards each, choose the first
    player with the public beacon, then begin. With `Config.flares is True`, the advanced
    setup (engine.flares) deals the aliens and builds the cosmic deck instead."""
    from .flares import advanced_steps, choice_steps, deck_flares  # they build on our peers
    from .techs import setup_steps as tech_setup  # the technology variant, after the rest
    if s.config.flares is True:  # rules 001, Advanced Setup: aliens come from dealt flares
        destiny = start_shuffle(s, "destiny", C.destiny_cards(s.config.colors))
        push(s, *advanced_steps(s), destiny, *[("setup_hand", seat) for seat in range(s.n)],
             *tech_setup(s), ("first_player",), ("turn",))
        return
    cosmic = start_shuffle(s, "cosmic", s.config.cosmic_deck + deck_flares(s.config))
    destiny = start_shuffle(s, "destiny", C.destiny_cards(s.config.colors))
    push(s, *choice_steps(s), *deal_steps(s), cosmic, destiny,
         *[("setup_hand", seat) for seat in range(s.n)],
         *tech_setup(s), ("first_player",), ("turn",))


@register
class SetupHand(Step):
    """("setup_hand", seat): the setup deal of eight cards to one seat, unless its power
    says it gets none (engine.cosmic.powers `setup_hand`: the Doppleganger). Asked here, once
    the aliens are dealt, not when the setup is planned."""

    name, phase = "setup_hand", "setup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        if P.dealt_at_setup(s, st[1]):
            replace(s, draw(st[1], C.HAND_SIZE))
        else:
            emit(s, "no_hand", st[1])
            pop(s)
        return True


def check_win(s: GameState) -> None:
    """Five foreign colonies (four with four planets) win at once; several at once share
    the win (rules 001, The Colony Track). In team play a team wins together (`_team_winners`).
    Cards the resolution has already put in a hand are handed over first (`_CARD_MOVES`)."""
    goal = s.config.win_colonies
    n, per = s.n, s.config.planets
    ships = s._ships  # read only
    winners = []
    places = T.win_places(s) if any(s.aliens) else {}  # engine.targets: the Gith's warp
    if s.config.teams:
        winners = _team_winners(s, places)
    else:
        # A seat's foreign colonies: its colonies, len(col) - col.count(0), less its home
        # ones, per - home.count(0) (home = col[lo:lo + per]); so they reach the goal when
        # home.count(0) - col.count(0) reaches `need`.
        need = goal + per - len(ships) // n
        for seat in range(n):
            col = ships[seat::n]
            lo = seat * per
            if places:
                extra = places.get(seat, ())
                if extra is not None and (col[lo:lo + per].count(0) - col.count(0)
                                          + len(extra)) >= need:
                    winners.append(seat)
            elif col[lo:lo + per].count(0) - col.count(0) >= need:
                winners.append(seat)
    if winners:
        moving = _card_moves_on_top(s.stack)
        if moving:  # the game ends once these cards are where the state says they are
            s.stack = (("won", tuple(winners)),) + moving
            return
        _end_won(s, tuple(winners))


# Chance steps that finish a move of cards the state has already made (cards put in a
# hand: a compensation, a random take, a draw): a win reached just before them still
# lets them run, so every card in a hand has its face behind it, known to its holder and
# opened by the end-of-game audit. No seat decides anything meanwhile.
_CARD_MOVES = ("hand_shuffle", "deliver")


def _card_moves_on_top(stack: tuple[Step_t, ...]) -> tuple[Step_t, ...]:
    k = len(stack)
    while k and stack[k - 1][0] in _CARD_MOVES:
        k -= 1
    return stack[k:]


def _end_won(s: GameState, winners: tuple[int, ...]) -> None:
    s.outcome = Outcome("colonies", winners)
    s.stack = ()
    emit(s, "win", winners)


@register
class Won(Step):
    """("won", winners): the win found by check_win, once the card moves it let finish
    are done."""

    name, phase = "won", "over"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _end_won(s, st[1])
        return True


def external_colonies(s: GameState, seat: int) -> list[int]:
    """The planets where `seat` has a colony outside its home system and, in team play,
    outside its teammate's (those count for nothing toward a team's win, rules 004)."""
    mate = s.config.teammate(seat)
    homes = set(s.home_planets(seat)) | (set(s.home_planets(mate)) if mate >= 0 else set())
    return [p for p in s.colonies(seat) if p not in homes]


def team_goal(s: GameState) -> int:
    """The places a team's two players need together: the usual number plus two (rules
    004, Team Play: seven with five planets, six with four)."""
    return s.config.win_colonies + 2


def team_colonies(s: GameState, seat: int,
                  places: dict[int, tuple[int, ...] | None] | None = None) -> list[int]:
    """The different places where `seat`'s team holds colonies that count toward its
    combined win, sorted (rules 004, Team Play): both teammates' external colonies
    (`external_colonies`: never in either's home system), a planet both hold counted
    once; places a power counts as a colony (`places`, by default engine.targets
    `win_places`: the Gith's warp) count as the seat's; a seat a power keeps from winning
    now adds nothing (its teammate may still win alone)."""
    if places is None:
        places = T.win_places(s) if any(s.aliens) else {}
    return sorted(set(_counted(s, seat, places))
                  | set(_counted(s, s.config.teammate(seat), places)))


def _counted(s: GameState, seat: int, places: dict[int, tuple[int, ...] | None]) -> list[int]:
    extra = places.get(seat, ())
    return [] if extra is None else external_colonies(s, seat) + list(extra)


def _team_winners(s: GameState, places: dict[int, tuple[int, ...] | None]) -> list[int]:
    """Rules 004, Team Play: a team wins when one of the two has the usual number of
    external colonies (`_counted`), or the two together reach `team_goal` in
    `team_colonies`."""
    goal = s.config.win_colonies
    winners: list[int] = []
    for seat in range(s.n // 2):
        mate = s.config.teammate(seat)
        if (max(len(_counted(s, seat, places)), len(_counted(s, mate, places))) >= goal
                or len(team_colonies(s, seat, places)) >= team_goal(s)):
            winners += [seat, mate]
    return sorted(winners)


# -- the turn ---------------------------------------------------------------------------------


@register
class TurnStep(Step):
    name, phase = "turn", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        limit = s.config.max_turns
        if limit and s.turns >= limit:
            s.outcome = Outcome("turn_limit", ())
            s.stack = ()
            emit(s, "over", "turn_limit")
            return True
        s.turns += 1
        emit(s, "turn", s.offense)
        replace(s, *rotate_steps(s, s.offense), ("start_turn",), ("encounter", 1),
                ("next_turn",))
        return True


@register
class NextTurn(Step):
    name, phase = "next_turn", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        # A win is immediate (rules 001, The Colony Track): a fifth foreign colony made in
        # the turn's last encounter wins here, before the turn's end and the next turn
        # begin (the check at the next decision, in api._settle, would come after them).
        check_win(s)
        if s.outcome is not None:
            return True
        undo = P.turn_end(s)  # a power's temporary effect ends with the turn (the Leech)
        if undo:
            push(s, *undo)
            return True
        ended = s.offense
        s.offense = (s.offense + 1) % s.n
        replace(s, *P.next_turn(s, ended), ("turn",))  # a power may name another offense
        return True


def _new_hand(s: GameState, a: NewHand, seat: int) -> None:
    """Show the whole hand, none of it an encounter card, discard it, draw eight."""
    hand = s.hands[seat]
    if sorted(h for h, _ in a.cards) != sorted(hand) or len(a.cards) != len(hand):
        fail(s, a, "show every card of your hand, each once")
    for h, face in a.cards:
        if learn(s, a, h, face).is_encounter:
            fail(s, a, "a new hand is drawn only when the hand holds no encounter card")
    s.set_hand(seat, ())
    s.discard = s.discard + tuple(h for h, _ in a.cards)
    emit(s, "new_hand", seat, len(hand))
    push(s, *P.discarded(s, seat, tuple(h for h, _ in a.cards), "new_hand"),
         draw(seat, C.HAND_SIZE))


def _hand_cards(s: GameState, seat: int, kn: Knowledge) -> tuple[tuple[int, int], ...] | None:
    """The (handle, face) pairs of a hand, if the knowledge holds every face."""
    out = []
    for h in s.hands[seat]:
        f = kn.faces.get(h, s.faces.get(h))
        if f is None:
            return None
        out.append((h, f))
    return tuple(out)


def _holds_encounter(s: GameState, seat: int, kn: Knowledge) -> bool | None:
    cards = _hand_cards(s, seat, kn)
    if cards is None:
        return None
    down = face_down(s, seat, kn)
    return any(C.CATALOGUE[f].is_encounter for h, f in cards if h != down)


@register
class StartTurn(Step):
    """Start Turn (rules 001): without an encounter card, the offense shows and discards
    its hand and draws eight, until it has one. Keeping the hand is a recorded claim.
    When no card it could draw is an encounter card (public: `no_encounter_to_draw`), a
    new hand cannot help: the offense says so (a recorded claim) and its turn ends without
    an encounter (docs/rules.md, Draws always end)."""

    name, phase, kinds = "start_turn", "start_turn", ("proceed", "newhand", "noencounter")

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (s.offense,)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        has = _holds_encounter(s, seat, kn)
        if has is None or P.supplies_cards(s, seat):  # a power brings its cards (Doppleganger)
            return Fixed([Proceed(seat)])
        if has:
            return Fixed([Proceed(seat)])
        if no_encounter_to_draw(s):
            return Fixed([NoEncounter(seat)])
        cards = _hand_cards(s, seat, kn)
        return Fixed([NewHand(seat, cards or ())])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Proceed):
            if not P.supplies_cards(s, a.seat):
                claim(s, a.seat, "has_encounter")
            pop(s)
        elif isinstance(a, NewHand):
            if no_encounter_to_draw(s):
                fail(s, a, "no card left to draw is an encounter card: end the turn (noencounter)")
            _new_hand(s, a, a.seat)
        elif isinstance(a, NoEncounter):
            _no_encounter_to_draw(s, a)
            while s.stack and s.stack[-1][0] != "next_turn":  # this turn has no encounter
                pop(s)


def _no_encounter_to_draw(s: GameState, a: NoEncounter) -> None:
    """A main player without an encounter card says so when no new hand could bring one
    (a recorded claim, audited at the end)."""
    if not no_encounter_to_draw(s):
        fail(s, a, "an encounter card may still be drawn: draw a new hand (newhand)")
    claim(s, a.seat, "no_encounter")
    emit(s, "no_encounter", a.seat)


# -- an encounter -----------------------------------------------------------------------------


def _moment_steps() -> Callable[[GameState], list[Step_t]]:
    """engine.cosmic.techs `moment_steps` (the technology variant's regroup moment),
    imported once: techs builds on this module, and an import from a package inside a
    function costs a call into importlib every time."""
    from .techs import moment_steps
    _MOMENT_STEPS.append(moment_steps)
    return moment_steps


_MOMENT_STEPS: list[Callable[[GameState], list[Step_t]]] = []


@register
class EncounterStep(Step):
    name, phase = "encounter", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        moment_steps = _MOMENT_STEPS[0] if _MOMENT_STEPS else _moment_steps()
        s.enc = Encounter(s.offense, st[1])
        s.encounters += 1
        emit(s, "encounter", s.offense, st[1])
        replace(
            s, *P.encounter_start(s), *moment_steps(s), window("start"), ("regroup",), ("destiny",), ("defense_known",),
            window("destiny"), ("launch",),
            window("launch"), ("invite", 0), ("invite", 1), ("accept", 0), window("alliance"),
            window("planning"), ("planning",), window("selected"), ("reveal",),
            window("reveal"), ("outcome",), window("discard"), ("encounter_end",),
            window("end"), ("after_encounter",),
        )
        return True


def abort_encounter(s: GameState, result: str) -> None:
    """End the encounter now: drop its remaining phases and send committed ships home
    (rules 001, No Encounter Cards In Hand)."""
    assert s.enc is not None
    s.enc.result = result
    while s.stack and s.stack[-1][0] != "encounter_end":
        pop(s)
    order = s.timing_order()
    push(s, *P.before_going_home(s, result),
         *[place_returning(s, seat, GATE) for seat in order if s.gate[seat]],
         *[place_returning(s, seat, BESIDE) for seat in order if s.beside[seat]])


@register
class Regroup(Step):
    """Regroup (rules 001): one ship of the offense's comes back from the warp to a colony
    of its choice; with no colony it goes to the gate."""

    name, phase, kinds = "regroup", "regroup", ("retrieve",)

    def auto(self, s: GameState, st: Step_t) -> bool:
        off = s.offense
        cols = s.colonies(off)
        if len(st) == 1:  # how many ships come back: one, unless a power says more
            replace(s, ("regroup", P.regroup_count(s, off)))
            return True
        if s.warp[off] == 0 or st[1] <= 0:
            pop(s)
        elif not cols:
            s.warp[off] -= 1
            s.gate[off] += 1
            emit(s, "regroup", off, GATE)
            replace(s, ("regroup", st[1] - 1))
        elif len(cols) == 1:
            self._do(s, st, cols[0])
        else:
            return False
        return True

    def _do(self, s: GameState, st: Step_t, planet: int) -> None:
        s.warp[s.offense] -= 1
        s.ships[planet * s.n + s.offense] += 1
        emit(s, "regroup", s.offense, planet)
        replace(s, ("regroup", st[1] - 1))

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (s.offense,)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([Retrieve(seat, p) for p in s.colonies(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Retrieve)
        if a.planet not in s.colonies(a.seat):
            fail(s, a, f"planet {a.planet} is not one of your colonies")
        self._do(s, st, a.planet)


# -- destiny ----------------------------------------------------------------------------------


def _special_defense(s: GameState, which: str, drawer: int) -> int:
    """The seat a special destiny card names for `drawer` (never the drawer itself), ties
    broken to the drawer's left."""
    others = s.clockwise_from_left(drawer)

    def score(seat: int) -> int:
        if which == "most_foreign_colonies":
            return s.foreign_colonies(seat)
        if which == "fewest_ships_in_warp":
            return -s.warp[seat]
        return len(s.hands[seat])  # most_cards_in_hand

    best = max(score(seat) for seat in others)
    return next(seat for seat in others if score(seat) == best)


def _empty_home_planets(s: GameState, seat: int) -> list[int]:
    n = s.n
    return [p for p in s.home_planets(seat) if not any(s._ships[p * n: p * n + n])]


def _own_colours(s: GameState, seat: int) -> tuple[str, ...]:
    """The destiny colours that count as `seat`'s own: its colour, and in team play its
    teammate's (rules 004, Team Play)."""
    mate = s.config.teammate(seat)
    colors = s.config.colors
    return (colors[seat],) + ((colors[mate],) if mate >= 0 else ())


def destiny_counts_as_own(s: GameState, seat: int, face: int) -> bool:
    """Whether the destiny card `face`, drawn by `seat`, counts as its own colour: its
    colour, its teammate's (rules 004, Team Play), or a special card that names its
    teammate (rules 001 has a special card count as the colour of the seat it names; the
    special never names the drawer itself, which it skips)."""
    name = C.CATALOGUE[face].name
    if name in _own_colours(s, seat):
        return True
    mate = s.config.teammate(seat)
    return (mate >= 0 and name not in s.config.colors and name != "wild"
            and _special_named(s, name, seat) == mate)


SPECIAL_NAMED = "special_named:"  # encounter flag: the seat the special card drawn named


def _special_named(s: GameState, name: str, drawer: int) -> int:
    """The seat the special destiny card `name` drawn by `drawer` names: for the
    offense's draw, as settled when it came up if a power acted on it then
    (`DestinyDrawn`: the flag is that draw's only); else as the counts stand."""
    e = s.enc
    if e is not None and drawer == e.offense:
        for f in e.flags:
            if f.startswith(SPECIAL_NAMED):
                return int(f[len(SPECIAL_NAMED):])
    return _special_defense(s, name, drawer)


def destiny_seat(s: GameState, drawer: int, handle: int) -> int:
    """The seat whose colour the destiny card `handle`, drawn by `drawer`, shows, or -1
    (wild). A special card shows the colour of the seat it names as the defense (rules
    001, Color of Special Destiny Cards): for the card the offense drew this encounter,
    the seat it names in this encounter; for any other card or drawer, the seat it would
    name were `drawer` to draw it now (never the drawer itself)."""
    name = C.CATALOGUE[s.faces[handle]].name
    colors = s.config.colors
    if name in colors:
        return colors.index(name)
    if name == "wild":
        return -1
    e = s.enc
    if e is not None and handle == e.destiny and drawer == e.offense:
        return _special_named(s, name, drawer)
    return _special_defense(s, name, drawer)


def own_systems(s: GameState, seat: int) -> list[int]:
    """The home planets an own-colour draw lets `seat` drive colonies out of: its own, and
    in team play its teammate's too."""
    mate = s.config.teammate(seat)
    return list(s.home_planets(seat)) + (list(s.home_planets(mate)) if mate >= 0 else [])


def _drive_out_targets(s: GameState, seat: int) -> list[int]:
    """Seats with a colony in `seat`'s home system, or its teammate's (candidates for its
    own-colour draw); never its teammate."""
    n, mate = s.n, s.config.teammate(seat)
    return [
        other for other in range(n) if other not in (seat, mate)
        and any(s._ships[p * n + other] for p in own_systems(s, seat))
    ]


@register
class Destiny(Step):
    """Destiny (rules 001): draw, and follow the card. The last card is never drawn: it is
    shuffled with the discards into a new deck (rules 001, Depleting the Destiny Deck)."""

    name, phase = "destiny", "destiny"
    kinds = ("drawagain", "defense", "reestablish")

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        if e.number == 0:  # an extra encounter: its offense chooses, nothing is drawn
            if e.defense < 0:
                return False
            pop(s)
            return True
        if s.config.two_player:  # rules 004: no destiny; the opponent is the defense
            e.defense = 1 - s.offense
            emit(s, "defense_chosen", s.offense, e.defense)
            pop(s)
            return True
        if len(st) == 1:  # powers act before the draw; one may choose the defense instead
            replace(s, ("destiny", 1))
            push(s, *P.before_destiny(s))
            return True
        if e.defense >= 0 and e.destiny < 0:  # a power chose the defense: nothing to draw
            pop(s)
            return True
        if e.destiny < 0:
            if len(s.destiny_deck) <= 1:
                # The last card is shuffled in unseen with the face-up discards and the
                # destiny cards powers held (engine.cosmic.powers, Destiny deck).
                up = s.destiny_discard + P.gather_held_destiny(s)
                faces = tuple(sorted(s.own_faces().pop(h) for h in up))
                carry = s.destiny_deck
                s.destiny_discard = ()
                s.destiny_deck = s.new_handles(len(faces) + len(carry))
                emit(s, "reshuffle_destiny", len(s.destiny_deck))
                push(s, ("shuffle", "destiny", faces, s.destiny_deck, carry),
                     *P.destiny_shuffled(s))
                return True
            e.destiny = s.destiny_deck[-1]
            s.destiny_deck = s.destiny_deck[:-1]
            push(s, ("reveal_cards", (e.destiny,)), ("destiny_drawn", s.offense, e.destiny))
            return True
        info = C.CATALOGUE[s.faces[e.destiny]]
        if destiny_counts_as_own(s, s.offense, s.faces[e.destiny]) or info.name == "wild":
            return False  # the offense chooses
        e.defense = destiny_seat(s, s.offense, e.destiny)
        emit(s, "destiny", s.offense, s.faces[e.destiny], e.defense)
        pop(s)
        return True

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (s.offense,)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        assert s.enc is not None
        if s.enc.number == 0:
            return Fixed([ChooseDefense(seat, d) for d in s.clockwise_from_left(seat)])
        info = C.CATALOGUE[s.faces[s.enc.destiny]]
        if info.name == "wild":
            return Fixed([ChooseDefense(seat, d) for d in s.clockwise_from_left(seat)])
        opts: list[Sequence[Action]] = [Fixed([DrawAgain(seat)])]
        opts.append(Fixed([ChooseDefense(seat, d) for d in _drive_out_targets(s, seat)]))
        src = colony_sources(s, seat, moving=True)
        for p in _empty_home_planets(s, seat):
            opts.append(Mapped(Dist(src, 1, 4), partial(Reestablish, seat, p)))
        return Concat(*opts)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        e = s.enc
        assert e is not None
        if e.number == 0:  # an extra encounter: any other seat, on any of its colonies
            if not isinstance(a, ChooseDefense) or a.defender not in s.clockwise_from_left(
                    a.seat):
                fail(s, a, "an extra encounter: choose any other seat as the defense")
            assert isinstance(a, ChooseDefense)
            e.defense = a.defender
            e.add_flag("anywhere")
            emit(s, "defense_chosen", a.seat, e.defense)
            pop(s)
            return
        info = C.CATALOGUE[s.faces[e.destiny]]
        wild = info.name == "wild"
        if isinstance(a, ChooseDefense):
            allowed = s.clockwise_from_left(a.seat) if wild else _drive_out_targets(s, a.seat)
            if a.defender not in allowed:
                fail(s, a, "wild: any other seat; own colour: a seat with a colony in your "
                           "home system")
            e.defense = a.defender
            if not wild:
                e.add_flag("home_system")
            emit(s, "destiny", s.offense, s.faces[e.destiny], e.defense)
            pop(s)
        elif wild:
            fail(s, a, "a wild destiny card lets you choose the defense, nothing else")
        elif isinstance(a, DrawAgain):
            P.discard_destiny(s, a.seat, e.destiny)
            emit(s, "draw_again", a.seat)
            e.destiny = -1
            e.flags = tuple(f for f in e.flags if not f.startswith(SPECIAL_NAMED))
        elif isinstance(a, Reestablish):
            self._reestablish(s, a)

    def _reestablish(self, s: GameState, a: Reestablish) -> None:
        """Rules 001, Re-Establishing a Home Colony: counts as a successful encounter."""
        if a.planet not in _empty_home_planets(s, a.seat):
            fail(s, a, f"planet {a.planet} is not an empty planet of your home system")
        if not Dist(colony_sources(s, a.seat, moving=True), 1, 4).contains(a.ships):
            fail(s, a, "re-establish with 1 to 4 ships from your colonies")
        moved = remove_ships(s, a, a.seat, a.ships)
        s.ships[a.planet * s.n + a.seat] += moved
        emit(s, "reestablish", a.seat, a.planet, moved)
        pop(s)
        abort_encounter(s, "reestablished")


@register
class DefenseKnown(Step):
    """The defense is known: powers that act at once on it (engine.cosmic.powers `defense_known`)."""

    name, phase = "defense_known", "destiny"

    def auto(self, s: GameState, st: Step_t) -> bool:
        replace(s, *P.defense_known(s))
        return True


@register
class DestinyDrawn(Step):
    """("destiny_drawn", drawer, handle): the card is face up; powers act on it before the
    draw is followed (engine.cosmic.powers, Destiny deck). The draw is told now, as it
    happens (event "destiny_drawn": drawer, face): what follows it (the defense, or the
    offense's choice on a wild or its own colour) is told when it is known."""

    name, phase = "destiny_drawn", "destiny"

    def auto(self, s: GameState, st: Step_t) -> bool:
        emit(s, "destiny_drawn", st[1], s.faces[st[2]])
        steps = P.destiny_drawn(s, st[1], st[2])
        if steps and s.enc is not None and C.CATALOGUE[s.faces[st[2]]].name not in \
                s.config.colors:
            # The powers act on the seat a special card names now; what they do must not
            # change whom it names (rules 001, Color of Special Destiny Cards).
            named = destiny_seat(s, st[1], st[2])
            if named >= 0:
                s.enc.add_flag(f"{SPECIAL_NAMED}{named}")
        replace(s, *steps)
        return True


# -- launch -----------------------------------------------------------------------------------


def _launch_planets(s: GameState) -> list[int]:
    e = s.enc
    assert e is not None
    aimed = P.aimed_at(s)
    if aimed is not None:  # a power chose the planet (engine.cosmic.powers `aim`)
        return [aimed]
    if e.has_flag("home_system"):  # driving out a colony from the offense's own system
        return [p for p in own_systems(s, s.offense) if s.on(p, e.defense)]
    # the gate aims at the defense's system: a power may offer sites there (engine.targets)
    sites = T.extra_targets(s) if any(s.aliens) else []
    if s.config.two_player:  # rules 004: the opponent's planets, or its colonies in ours
        return list(s.home_planets(e.defense)) + [
            p for p in s.home_planets(s.offense) if s.on(p, e.defense)] + sites
    if e.has_flag("anywhere"):  # a power lets the offense pick any of the defense's colonies
        return sorted(set(s.home_planets(e.defense)) | set(s.colonies(e.defense))) + sites
    return list(s.home_planets(e.defense)) + sites


def _launch_ships(s: GameState, seat: int, late: bool = True) -> Dist:
    """The ships the offense may launch; none yet when a power makes them come just
    before the reveal (`late`: engine.cosmic.powers `late_ships`)."""
    on_gate = s.gate[seat]
    src = colony_sources(s, seat, moving=True)
    if late and src and P.late_ships(s, seat, 0):
        return Dist(src, 0, 0)
    cap = P.max_ships(s, seat, "offense") - on_gate
    if not src and s.colonies(seat):  # every colony frozen (engine.steps): one ship may go
        # (from a frozen planet only: ships a power holds, `P.holds`, never leave)
        src = [(p, c) for p, c in colony_sources(s, seat) if not P.holds(s, seat, p)]
        cap = min(cap, 1)
    lo = 0 if on_gate or not src else 1
    return Dist(src, lo, max(0, cap))


@register
class LaunchStep(Step):
    """Launch (rules 001): aim the gate at a planet of the defense's system and put one to
    four ships from any colonies on it. Emptying a planet loses that colony."""

    name, phase, kinds = "launch", "launch", ("launch",)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (s.offense,)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Mapped(Product(_launch_planets(s), _launch_ships(s, seat)),
                      lambda t: Launch(seat, t[0], t[1]))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Launch) and s.enc is not None
        if a.planet not in _launch_planets(s):
            where = (f"the warp of seat {T.site_seat(a.planet)}" if T.is_site(a.planet)
                     else f"planet {a.planet}")
            fail(s, a, f"the gate cannot point at {where}")
        if not _launch_ships(s, a.seat).contains(a.ships):
            fail(s, a, "launch 1 to 4 ships from your colonies (sorted planet:count)")
        if colony_sources(s, a.seat, moving=True) and P.late_ships(s, a.seat, 0):
            s.enc.add_flag(f"{LATE}{a.seat}:0")  # its ships come just before the reveal
        s.gate[a.seat] += remove_ships(s, a, a.seat, a.ships)
        s.enc.target = a.planet
        if T.is_site(a.planet):
            T.record_site(s, a.planet)
        emit(s, "launch", a.seat, a.planet, s.gate[a.seat])
        pop(s)


# -- alliance ---------------------------------------------------------------------------------


def _invitable(s: GameState, side: int) -> list[int]:
    assert s.enc is not None
    main = (s.enc.offense, s.enc.defense)
    return [seat for seat in s.clockwise_from_left(s.offense) if seat not in main]


@register
class InviteStep(Step):
    """Alliance, invite (rules 001): the offense invites, then the defense."""

    name, phase, kinds = "invite", "alliance", ("invite",)

    def auto(self, s: GameState, st: Step_t) -> bool:
        if not _invitable(s, st[1]):
            pop(s)
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        assert s.enc is not None
        return (s.enc.offense if st[1] == 0 else s.enc.defense,)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Mapped(Subsets(_invitable(s, st[1])), lambda t: Invite(seat, t))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Invite) and s.enc is not None
        ok = _invitable(s, st[1])
        if list(a.seats) != [x for x in ok if x in a.seats] or len(set(a.seats)) != len(a.seats):
            fail(s, a, f"invite some of {ok}, in that order")
        s.enc.invited = pair_with(s.enc.invited, st[1], tuple(a.seats))
        emit(s, "invite", a.seat, a.seats)
        replace(s, *P.invited(s, a.seat, tuple(a.seats)))


def _invited_sides(s: GameState, seat: int) -> list[int]:
    """Sides a seat may join: those that invited it, and any a power lets it join."""
    e = s.enc
    assert e is not None
    if seat in (e.offense, e.defense) or e.has_flag("force_field"):
        return [side for side in (0, 1) if seat in e.invited[side]]
    free = P.may_ally(s, seat)
    return [side for side in (0, 1) if seat in e.invited[side] or side in free]


def _ally_ships(s: GameState, seat: int, side: int, late: bool = True) -> Dist:
    """The ships an ally may send to `side`; none yet when a power makes them come just
    before the reveal (`late`: engine.cosmic.powers `late_ships`)."""
    src = colony_sources(s, seat, moving=True)
    if late and src and P.late_ships(s, seat, side):
        return Dist(src, 0, 0)
    return Dist(src, 1, P.max_ships(s, seat, "ally"))


def _must_join(s: GameState, seat: int) -> bool:
    """May this seat not decline (engine.cosmic.powers `must_join`)? Only while it has ships it
    could send to an invited side."""
    e = s.enc
    assert e is not None
    return any(P.must_join(s, seat, side) for side in (0, 1) if seat in e.invited[side]) \
        and bool(colony_sources(s, seat, moving=True))


# The config, the invitations and offense `AcceptStep._queue` last answered for, and its
# answer: one tuple, read and replaced whole.
_QUEUE: list[tuple[Any, Any, Any, int, tuple[int, ...]]] = [(None, None, None, -1, ())]


@register
class AcceptStep(Step):
    """Alliance, accept (rules 001): clockwise from the offense's left, each invited seat
    joins one side with one to four ships, or declines; one at a time."""

    name, phase, kinds = "accept", "alliance", ("ally", "decline")

    def _queue(self, s: GameState) -> tuple[int, ...]:
        """The seats asked, in order: those invited, and those a power lets join. Without
        aliens, kept while the config and the invitations are the same objects (an
        invitation is a tuple, replaced whole, and the clones of a state share it) and
        the offense the same."""
        e = s.enc
        assert e is not None
        inv0, inv1 = e.invited
        if any(s.aliens):
            return tuple(seat for seat in s.clockwise_from_left(s.offense)
                         if seat in inv0 or seat in inv1
                         or (s.aliens[seat] and _invited_sides(s, seat)))
        kept = _QUEUE[0]
        if (kept[1] is inv0 and kept[2] is inv1 and kept[3] == s.offense
                and kept[0] is s.config and type(inv0) is tuple and type(inv1) is tuple):
            return kept[4]
        queue = tuple(seat for seat in s.clockwise_from_left(s.offense)
                      if seat in inv0 or seat in inv1)
        _QUEUE[0] = (s.config, inv0, inv1, s.offense, queue)
        return queue

    def auto(self, s: GameState, st: Step_t) -> bool:
        if st[1] >= len(self._queue(s)):
            pop(s)
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (self._queue(s)[st[1]],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        assert s.enc is not None
        mains = (s.enc.offense, s.enc.defense)
        joins = [Mapped(_ally_ships(s, seat, side), partial(Ally, seat, mains[side]))
                 for side in _invited_sides(s, seat)]
        return Concat(Fixed([] if _must_join(s, seat) else [Decline(seat)]), *joins)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        e = s.enc
        assert e is not None
        if isinstance(a, Decline) and _must_join(s, a.seat):
            fail(s, a, "a power makes you join a side that invited you: ally")
        s.stack = s.stack[:-1] + (("accept", st[1] + 1),)
        if isinstance(a, Decline):
            emit(s, "decline", a.seat)
            return
        assert isinstance(a, Ally)
        mains = (e.offense, e.defense)
        if a.side not in mains or mains.index(a.side) not in _invited_sides(s, a.seat):
            fail(s, a, f"seat {a.side} did not invite you")
        side = mains.index(a.side)
        allowed = _ally_ships(s, a.seat, side)
        if not allowed.contains(a.ships):
            if allowed.contains(()):
                fail(s, a, "your ships come just before the reveal: join with none (-)")
            fail(s, a, f"send 1 to {P.max_ships(s, a.seat, 'ally')} ships from your "
                       "colonies (sorted planet:count)")
        if allowed.contains(()):
            e.add_flag(f"{LATE}{a.seat}:{side}")  # its ships come just before the reveal
        moved = remove_ships(s, a, a.seat, a.ships)
        if side == 0:
            s.gate[a.seat] += moved
        else:
            s.beside[a.seat] += moved
        e.allies = pair_with(e.allies, side, tuple(sorted(e.allies[side] + (a.seat,))))
        emit(s, "ally", a.seat, a.side, moved)
        if a.seat not in e.invited[side]:
            # Joining uninvited is a use of the power that allows it (rules 001: a power
            # may let a player ally; 000: a use is what a Cosmic Zap cancels), option
            # UNINVITED; zapped, the power's on_zapped hook takes the ships home.
            push(s, *power_step(s, a.seat, P.UNINVITED, (side,), "alliance"))


# -- planning and reveal ----------------------------------------------------------------------


@register
class Planning(Step):
    """Planning (rules 001): both main players put an encounter card face down (the offense
    first). An offense without one ends its turn (a recorded claim); a defense without one
    shows its hand, discards it and draws eight, as often as needed; if no card it could
    draw is an encounter card, it says so instead and the encounter is called off as if
    the offense had none (docs/rules.md, Draws always end)."""

    name, phase, kinds = "planning", "planning", ("select", "noencounter", "newhand", "play")
    simultaneous = True

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        if e.selected:
            return False
        steps = P.before_select(s)  # powers act right before the cards are chosen (Laser)
        if steps:
            push(s, *steps)
        return bool(steps)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        e = s.enc
        assert e is not None
        order = P.planning_order(s) or (e.offense, e.defense)
        return tuple(seat for seat in order if seat not in e.selected)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        assert s.enc is not None
        has = _holds_encounter(s, seat, kn)
        if has is None or has:
            return Fixed([Select(seat)])
        if seat == s.enc.offense:
            return Fixed([NoEncounter(seat)])
        first: Action = NoEncounter(seat) if no_encounter_to_draw(s) else \
            NewHand(seat, _hand_cards(s, seat, kn) or ())
        # Before showing its hand, the defense may play what the phase allows (rules 001,
        # No Encounter Cards in Hand): the "any time" cards.
        return Fixed([first, *card_plays(s, seat, kn, NO_ENCOUNTER)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        e = s.enc
        assert e is not None
        if a.seat != self.actors(s, st)[0]:
            fail(s, a, f"seat {self.actors(s, st)[0]} chooses first; this choice waits for it")
        if isinstance(a, Select):
            e.selected = e.selected + (a.seat,)
            e.selected_at = e.selected_at + ((a.seat, s.serial),)
            emit(s, "select", a.seat)
            if len(e.selected) == 2:
                pop(s)
            elif P.must_show(s, a.seat):  # a power sees this card before the other choice
                push(s, ("show_card", a.seat))
        elif isinstance(a, NoEncounter):
            if a.seat == e.offense:
                claim(s, a.seat, "no_encounter")
                emit(s, "no_encounter", a.seat)
            else:  # the defense, when no new hand could bring one
                _no_encounter_to_draw(s, a)
            abort_encounter(s, "aborted")
        elif isinstance(a, NewHand):
            if a.seat != e.defense:
                fail(s, a, "only the defense draws a new hand during planning")
            if no_encounter_to_draw(s):
                fail(s, a, "no card left to draw is an encounter card: say so (noencounter)")
            _new_hand(s, a, a.seat)
        elif isinstance(a, Play):
            if a.seat != e.defense or a.seat in e.selected:
                fail(s, a, "only a defense without an encounter card plays a card here")
            claim(s, a.seat, "no_encounter")  # only such a defense may play here: audited
            play_card(s, a, NO_ENCOUNTER)


LAST_REVEAL = "last_reveal"  # pseudo-window: a power's uses instead of the last Reveal
LATE = "late:"  # encounter flag "late:SEAT:SIDE": that seat's ships come before the reveal


def _late(s: GameState) -> list[tuple[int, int]]:
    """(seat, side) of the seats whose ships come just before the reveal, timing order."""
    e = s.enc
    assert e is not None
    marked = [tuple(int(x) for x in f[len(LATE):].split(":")) for f in e.flags
              if f.startswith(LATE)]
    return [(seat, side) for seat in s.timing_order() for k, side in marked if k == seat]


@register
class LateShips(ShipChoice):
    """("late_ships", seat, side): a seat whose power held its ships back puts them in now,
    both cards chosen, just before the reveal (engine.cosmic.powers `late_ships`): the offense on
    the gate (1 to 4, as at the launch), an ally on the gate or beside the target (1 to 4)."""

    name, phase = "late_ships", "planning"

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        seat, side = st[1], st[2]
        assert s.enc is not None
        if seat == s.enc.offense and side == 0:
            return _launch_ships(s, seat, late=False)
        src = colony_sources(s, seat, moving=True)
        return Dist(src, 1 if src else 0, P.max_ships(s, seat, "ally"))

    def _rule(self, st: Step_t) -> str:
        return "put in 1 to 4 ships from your colonies"

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        seat, side = st[1], st[2]
        moved = remove_ships(s, a, seat, pairs)
        if side == 0:
            s.gate[seat] += moved
        else:
            s.beside[seat] += moved
        emit(s, "late_ships", seat, side, moved)
        pop(s)


@register
class RevealStep(Step):
    """Reveal (rules 001): both main players turn their cards up (handle and face). A main
    player whose power acts at the last reveal turns its card up after the other's, or
    uses the power instead (engine.cosmic.powers)."""

    name, phase = "reveal", "reveal"
    kinds: tuple[str, ...] = ("reveal", "power")  # power: uses at the last reveal
    simultaneous = True

    def auto(self, s: GameState, st: Step_t) -> bool:
        """Ships a power held back come in first (engine.cosmic.powers `late_ships`)."""
        e = s.enc
        if st[0] != "reveal" or e is None or not any(f.startswith(LATE) for f in e.flags):
            return False
        late = _late(s)
        e.flags = tuple(f for f in e.flags if not f.startswith(LATE))
        push(s, *[("late_ships", seat, side) for seat, side in late])
        return True

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        e = s.enc
        assert e is not None
        if e.flags:  # a power may have switched the cards, or have a card revealed
            sides = (1, 0) if e.has_flag("switched") else (0, 1)
            mains = (P.revealer(s, 0), P.revealer(s, 1))
        else:
            sides, mains = (0, 1), (e.offense, e.defense)
        cards = e.cards
        left = ((mains[0],) if cards[sides[0]] < 0 else ()) + (
            (mains[1],) if cards[sides[1]] < 0 else ())
        if len(left) == 2:  # a power acting at the last reveal waits for the other card
            later = [seat for seat in left if s.aliens[seat] and power_uses(s, seat, LAST_REVEAL)]
            if len(later) == 1:
                return tuple(seat for seat in left if seat not in later)
        return left

    def _last_uses(self, s: GameState, st: Step_t, seat: int) -> Sequence[Action]:
        """Power uses offered instead of a Reveal once the other card is up (Gambler)."""
        return power_uses(s, seat, LAST_REVEAL) if len(self.actors(s, st)) == 1 else ()

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        h = kn.selected
        uses = self._last_uses(s, st, seat)
        if h is None or h not in s.hands[seat]:
            return Concat(Fixed([]), uses)
        face = kn.faces.get(h, s.faces.get(h))  # a card taken from the discard is public
        return Concat(Fixed([Reveal(seat, h, face)] if face is not None else []), uses)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        e = s.enc
        assert e is not None
        if a.seat != self.actors(s, st)[0]:
            fail(s, a, "the offense reveals first in the record")
        if isinstance(a, UsePower):
            if not self._last_uses(s, st, a.seat):
                fail(s, a, "no power acts at this reveal")
            use_power(s, a, LAST_REVEAL)
            return
        assert isinstance(a, Reveal)
        forced = P.forced_reveal(s, a.seat)  # a power made it play this card (the Enigma)
        if forced is not None and a.handle != forced:
            fail(s, a, f"you must reveal the card you were given (card {forced})")
        info = learn(s, a, a.handle, a.card)
        if not info.is_encounter:
            fail(s, a, f"{info.label()} is not an encounter card")
        refused = P.refuse_reveal(s, a.seat, a.handle, a.card)  # a power chose the card
        if refused:
            fail(s, a, refused)
        take_from_hand(s, a, a.seat, (a.handle,))
        uncover_claims(s, a.seat, a.handle)
        P.settle_bindings(s, a.seat, a.handle, a.card)  # a promise not kept is a claim
        side = 0 if a.seat == P.revealer(s, 0) else 1
        if e.has_flag("switched"):  # the face-down cards were swapped by a power
            side = 1 - side
        e.cards = pair_with(e.cards, side, a.handle)
        e.played = e.played + (a.handle,)
        emit(s, "reveal", a.seat, a.card)
        if min(e.cards) >= 0:
            pop(s)


@register
class ShowCard(RevealStep):
    """A power makes a main player turn its card up as soon as it chose it (the Oracle's
    opponent, rules 004 Oracle): its Reveal comes now, and only the other's at the reveal."""

    name, phase, kinds = "show_card", "planning", ("reveal",)
    simultaneous = False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[1],)

    def _last_uses(self, s: GameState, st: Step_t, seat: int) -> Sequence[Action]:
        return ()

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        super().accept(s, st, a)
        if s.stack and s.stack[-1] == st:
            pop(s)


def deal_now(s: GameState, terms: tuple[int, ...]) -> None:
    """End the encounter under way with a deal on these terms (engine.deal), before any
    card is revealed (the Wrack's accepted deal): its remaining phases are dropped, the
    allies' ships go home as after two negotiates, and the deal is carried out."""
    e = s.enc
    assert e is not None
    while s.stack and s.stack[-1][0] != "encounter_end":
        pop(s)
    e.result = "negotiating"
    order = s.timing_order()
    emit(s, "deal", terms)
    push(s, *P.before_going_home(s, "deal"),
         *[place_returning(s, seat, GATE) for seat in order
           if seat != e.offense and s.gate[seat]],
         *[place_returning(s, seat, BESIDE) for seat in order if s.beside[seat]],
         window("deal"), ("deal_exec", terms))


def decide_now(s: GameState, result: str) -> None:
    """Settle the encounter under way now, before any card is revealed: `result`
    ("offense" or "defense") wins, and the resolution follows as usual (the Wrack's
    opponent who never gave in). No card counts (`card_types` is empty), so there is no
    compensation."""
    e = s.enc
    assert e is not None
    while s.stack and s.stack[-1][0] != "outcome":
        pop(s)
    e.result = result
    emit(s, "result", result)
    replace(s, window("result"), ("resolve",))


def replay_from_planning(s: GameState) -> None:
    """Rewind the encounter under way to the choice of encounter cards (the Chronos):
    called while the reveal window is on top, with both cards already taken off the
    table by the caller. Both main players choose again; everything played since stays
    played. A card stated by a power (flag "stated:...") or swapped ("switched") no longer
    applies, and each main player reveals its own card again ("plays_for")."""
    e = s.enc
    assert e is not None
    while s.stack and s.stack[-1][0] != "outcome":
        pop(s)
    e.selected, e.selected_at, e.cards = (), (), (-1, -1)
    e.flags = tuple(f for f in e.flags if not f.startswith(("stated:", "plays_for:"))
                    and f != "switched")
    emit(s, "replay")
    push(s, ("planning",), window("selected"), ("reveal",), window("reveal"))


# -- the outcome ------------------------------------------------------------------------------


def _card_faces(s: GameState) -> list[int]:
    """The faces of the two encounter cards. A card that a power lets its player keep face
    down stands as stated (flag "stated:SIDE:FACE": the Gambler's unchallenged bluff, the
    Angel's negotiate with its card kept back in its hand)."""
    e = s.enc
    assert e is not None
    out = []
    for side, h in enumerate(e.cards):
        stated = [f for f in e.flags if f.startswith(f"stated:{side}:")]
        out.append(int(stated[0].split(":")[2]) if stated else s.faces[h])
    if e.flags:  # a power may change a card outright (the Jinx): engine.cosmic.powers card_faces
        out = list(P.adjust_card_faces(s, (out[0], out[1])))
    return out


def card_types(s: GameState) -> tuple[str, str]:
    """What each main player's card counts as: a morph copies the other card (rules 001,
    Morph Versus Other Card); Emotion Control turns attacks into negotiates. ("", "")
    when a power decided the encounter before the reveal (the Wrack's torture)."""
    e = s.enc
    assert e is not None
    if any(h < 0 and not any(f.startswith(f"stated:{side}:") for f in e.flags)
           for side, h in enumerate(e.cards)):  # a power settled it before the reveal
        return ("", "")
    kinds = [C.CATALOGUE[f].kind for f in _card_faces(s)]
    if kinds[0] == "morph":
        kinds[0] = kinds[1]
    elif kinds[1] == "morph":
        kinds[1] = kinds[0]
    if e.has_flag("emotion_control"):
        kinds = ["negotiate" if k == "attack" else k for k in kinds]
    return P.adjust_card_kinds(s, (kinds[0], kinds[1]))


def card_values(s: GameState) -> tuple[int, int]:
    e = s.enc
    assert e is not None
    infos = [C.CATALOGUE[f] for f in _card_faces(s)]
    vals = [i.value for i in infos]
    if infos[0].kind == "morph":
        vals[0] = vals[1]
    elif infos[1].kind == "morph":
        vals[1] = vals[0]
    return P.adjust_card_values(s, vals[0], vals[1])


def totals(s: GameState) -> tuple[int, int]:
    """Attack totals (rules 001, Attack Versus Attack): card + ships of the side +
    reinforcements. The offense's side is everything on the gate; the defense's, its ships
    on the target planet and its allies' ships beside it."""
    e = s.enc
    assert e is not None
    off_card, def_card = card_values(s)
    off = off_card + sum(s.gate) + e.reinforce[0]
    dfn = def_card + T.ships_at(s, e.defense) + sum(s.beside) + e.reinforce[1]
    dfn += sum(T.ships_at(s, seat) for seat in P.co_defenders(s))  # engine.cosmic.powers join_defense
    return P.adjust_totals(s, off, dfn)


@register
class OutcomeStep(Step):
    name, phase = "outcome", "reveal"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        off, dfn = card_types(s)
        if off == "negotiate" and dfn == "negotiate" and not any(
                e.has_flag("wins:" + side) for side in ("offense", "defense")):
            e.result = "negotiating"
            order = s.timing_order()
            emit(s, "negotiate")
            replace(s, *P.before_going_home(s, "deal"),
                    *[place_returning(s, seat, GATE) for seat in order
                      if seat != e.offense and s.gate[seat]],
                    *[place_returning(s, seat, BESIDE) for seat in order if s.beside[seat]],
                    ("deal", e.offense, ()))
            return True
        if off == "attack" and dfn == "attack":
            t_off, t_def = totals(s)
            e.result = "offense" if t_off > t_def else "defense"  # ties go to the defense
            emit(s, "totals", t_off, t_def)
        else:
            e.result = "offense" if off == "attack" else "defense"
        e.result = P.decide(s, e.result)
        for side in ("offense", "defense"):  # an effect may have settled it (Human zapped)
            if e.has_flag("wins:" + side):
                e.result = side
        emit(s, "result", e.result)
        replace(s, window("result"), ("resolve",))
        return True


@register
class Resolve(Step):
    """Resolution (rules 001): land or lose ships, then compensation and defender rewards.
    Ionic Gas cancels compensation and rewards; the classic Stellar Gas compensation."""

    name, phase = "resolve", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        off_kind, def_kind = card_types(s)
        gas = e.has_flag("ionic_gas")
        no_compensation = gas or e.has_flag("stellar_gas")
        n = s.n
        after: list[Step_t] = []
        # (seat, ships, the planet they are lost from or -1) bound for the warp, in order
        losses: list[tuple[int, int, int]] = []
        site: list[Step_t] = []
        if e.result == "offense" and T.is_site(e.target):
            # a site is no planet: the power that offered it settles the landing and what
            # becomes of the ships there (engine.targets `site_won`)
            site = T.site_won(s, [x for x in s.timing_order()
                                  if s.gate[x] and P.may_land(s, x)])
        if e.result == "offense":
            for seat in range(n):
                if s.gate[seat] and P.may_land(s, seat) and not T.is_site(e.target):
                    s.ships[e.target * n + seat] += s.gate[seat]  # a power may keep it off
                    emit(s, "land", seat, e.target, s.gate[seat])
                    s.gate[seat] = 0
            if not T.is_site(e.target):
                count, s.ships[e.target * n + e.defense] = s.on(e.target, e.defense), 0
                losses.append((e.defense, count, e.target))  # a loss from the target planet
                for seat in P.co_defenders(s):  # ships counted as the defense's share its loss
                    count, s.ships[e.target * n + seat] = s.on(e.target, seat), 0
                    losses.append((seat, count, e.target))
            for seat in s.timing_order_t():
                count, s.beside[seat] = s.beside[seat], 0
                losses.append((seat, count, -1))
        else:
            e.lost = (s.gate[e.offense], e.lost[1])
            for seat in s.timing_order_t():
                count, s.gate[seat] = s.gate[seat], 0
                losses.append((seat, count, -1))
            if off_kind == "negotiate" and not no_compensation:
                after.append(("compensate", e.offense, e.defense, e.lost[0]))
            for seat in s.timing_order_t():
                if s.beside[seat]:
                    if not gas:
                        after.append(("rewards", seat, s.beside[seat]))
                    after.append(place_returning(s, seat, BESIDE))
        # A power may capture losses instead of the warp (engine.cosmic.powers, Captured ships).
        caught = list(P.captures(s, tuple(sum(c for x, c, _ in losses if x == seat)
                                          for seat in range(n)))) if any(s.aliens) else [0] * n
        lost: list[Step_t] = []
        lost_by = [0] * n  # ships each seat lost to the warp, for the powers that count them
        for seat, count, planet in losses:
            held = min(count, caught[seat])
            caught[seat] -= held
            before = s.on(planet, seat) if planet >= 0 else 0
            # A power may keep some on the planet they are lost from (`kept_on_planet`).
            lost += to_warp(s, seat, count - held, planet)
            kept = s.on(planet, seat) - before if planet >= 0 else 0
            lost_by[seat] += count - held - kept
            if seat == e.defense and planet == e.target and e.result == "offense":
                e.lost = (e.lost[0], count - kept)  # ships actually lost (captured ones too)
        if e.result == "offense" and def_kind == "negotiate" and not no_compensation:
            after.insert(0, ("compensate", e.defense, e.offense, e.lost[1]))
        replace(s, *site, *lost, *P.resolution_losses(s, tuple(lost_by)),
                *P.after_resolution(s, after))
        return True


@register
class EncounterEnd(Step):
    """After the encounter: played cards go to the discard pile (unless a power takes
    them), the destiny card to its own pile, and ships still committed go home."""

    name, phase = "encounter_end", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        s.discard = s.discard + P.on_discard(s, e.played)
        e.played = ()
        if e.destiny >= 0:
            P.discard_destiny(s, e.offense, e.destiny)
            e.destiny = -1
        order = s.timing_order()
        replace(s, *P.encounter_cleanup(s),
                *[place_returning(s, seat, GATE) for seat in order if s.gate[seat]],
                *[place_returning(s, seat, BESIDE) for seat in order if s.beside[seat]],
                *P.encounter_end(s))
        return True


@register
class AfterEncounter(Step):
    """Second Encounter Rule (rules 001): after a first encounter won, a successful deal or
    a re-established colony, the offense may have another one (a power may allow more)."""

    name, phase = "after_encounter", "resolution"

    def auto(self, s: GameState, st: Step_t) -> bool:
        e = s.enc
        assert e is not None
        success = e.result in ("offense", "deal", "reestablished")
        again = success and e.number == 1 and not s.config.single_encounter
        again = again or (e.result != "aborted" and e.number >= 1
                          and P.continue_turn(s, s.offense))
        number = e.number
        s.enc = None
        if again:
            replace(s, ("second_choice", number + 1))
        else:
            pop(s)
        # Extra encounters asked for during this one (TimeGash) come first, in order.
        extra = tuple(s.extra.pop("extra_encounters", ()))
        push(s, *[("extra_encounter", seat) for seat in extra])
        return True


@register
class ExtraEncounter(Step):
    """("extra_encounter", seat): an encounter out of turn with `seat` as the offense
    (number 0: it never earns a second one), who chooses the defense instead of drawing
    destiny; then the turn's offense is the offense again."""

    name, phase = "extra_encounter", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        emit(s, "extra_encounter", st[1])
        replace(s, ("encounter", 0), ("resume_offense", s.offense))
        s.offense = st[1]
        return True


@register
class ResumeOffense(Step):
    name, phase = "resume_offense", "start_turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        s.offense = st[1]
        pop(s)
        return True


@register
class SecondChoice(Step):
    """The offense takes another encounter or ends its turn. When a power makes it go on
    (engine.cosmic.powers `must_continue`), ending the turn is a recorded claim that it holds no
    encounter card (checked by the audit)."""

    name, phase, kinds = "second_choice", "resolution", ("second", "endturn")

    def kinds_of(self, s: GameState, st: Step_t) -> tuple[str, ...]:
        return self.kinds + ("newtech",) if s.config.technology else self.kinds

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (s.offense,)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        has = True if P.supplies_cards(s, seat) else _holds_encounter(s, seat, kn)
        go: list[Action] = [SecondEncounter(seat)] if has is None or has else []
        if go and s.config.technology:  # a new tech instead (rules 000/001, Technology)
            go.append(NewTech(seat))
        if P.must_continue(s, seat) and has:
            return Fixed(go)
        return Fixed(go + [EndTurn(seat)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, NewTech):
            # Given up for a new tech: it still had an encounter card (rules 001, Acquiring
            # New Tech), and the turn ends, even the Machine's (rules 000 note).
            from .techs import new_tech_steps
            if not s.config.technology:
                fail(s, a, "new techs are drawn only in the technology variant")
            if not P.supplies_cards(s, a.seat):
                claim(s, a.seat, "has_encounter")
            replace(s, *new_tech_steps(s, a.seat))
        elif isinstance(a, SecondEncounter):
            if not P.supplies_cards(s, a.seat):  # without one there is no second encounter
                claim(s, a.seat, "has_encounter")
            replace(s, ("encounter", st[1] if len(st) > 1 else 2))
        else:
            if P.must_continue(s, a.seat):  # it may stop only without an encounter card
                claim(s, a.seat, "no_encounter")
                emit(s, "no_encounter", a.seat)
            emit(s, "end_turn", a.seat)
            pop(s)
