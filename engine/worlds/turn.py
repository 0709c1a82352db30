"""A turn of worlds (rules 003): opportunity, fate, genesis, migration, conflict.

Invariants: only the active seat acts in the first four phases; every token moves at
most as many times a turn as its race allows (the moves used are kept in the token
codes and cleared at the end of the turn, with the 1/T and 1/W use marks); the turn
order is the reverse of the setup order, a Temporal Nexus inserting one more turn.
"""

from __future__ import annotations

from .actions import Action, Attack, Decline, Discard, Done, Draw, Move, Play, Power
from .board import born_tokens, hand_cards, move_tokens, play_card, settle_control
from .conflict import start_conflict
from .data import card
from .events import event_args, event_effect, is_event
from .races import attack_barred, fate_discard, fate_draw, hand_limit, move_barred, \
    move_watch_steps, movable_tokens, moves_of, migration_powers, opportunity_powers, \
    production, provoked, range_of, use_migration_power, use_opportunity
from .races import admits, after_fate_draw_steps, extra_births, found_steps, turn_end_powers, \
    round_holders, round_powers, use_turn_end_power, use_round_power, world_races, \
    drop_lapsed_copies
from .unseen import UNSEEN_RACE, unseen_births
from .state import HAND_LIMIT, MOVES, WORLDS, GameState, Knowledge, Outcome, distance
from .steps import SeatStep, Step, Step_t, emit, fail, learn, pop, push, register, replace, \
    take_from_hand, use_power

__all__ = ["FATE_DRAW", "card_window_options", "accept_event"]

FATE_DRAW = 3


def card_window_options(s: GameState, seat: int, kn: Knowledge, timing: str) -> list[Action]:
    """Plays of the event cards of `timing` that seat holds (as far as it knows)."""
    out: list[Action] = []
    for h, f in hand_cards(s, seat, kn.faces, kind="event"):
        key = is_event(f, timing)
        if key:
            out += [Play(seat, h, f, args) for args in event_args(s, seat, key)]
    return out


def accept_event(s: GameState, a: Action, timing: str) -> None:
    """Play an event of `timing`: checked, taken from the hand, carried out."""
    if not isinstance(a, Play):
        fail(s, a, "expected a card")
        return
    try:
        key = is_event(a.card, timing)
    except KeyError:
        key = ""
    if not key:
        fail(s, a, f"only {timing} event cards can be played now")
    if a.args not in event_args(s, a.seat, key):
        fail(s, a, f"{key} cannot be played with {list(a.args)} now")
    play_card(s, a)
    push(s, *event_effect(s, a.seat, key, a.args))


def _maybe_event_public(s: GameState, key: str) -> bool:
    """Is the one card of this event face up in the discard pile (so nobody holds it)?"""
    return any(card(s.faces[h]).key == key for h in s.discard if h in s.faces)


@register
class Turn(Step):
    """("turn", seat): a turn begins (or the simulation's turn limit ends the game)."""

    name = "turn"
    phase = "turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        if s.config.max_turns and s.turns >= s.config.max_turns:
            s.outcome = Outcome("turn_limit", ())
            return True
        s.turns += 1
        s.active = seat
        s.flags = ()
        emit(s, "turn", seat, s.turns)
        replace(s, ("opportunity", seat), ("fate", seat), ("genesis", seat),
                ("migration", seat), ("conceal", seat), ("conflicts", seat), ("late", seat),
                ("end_turn", seat))
        return True


@register
class Opportunity(SeatStep):
    """("opportunity", seat): play opportunity events and race powers, then Done."""

    name = "opportunity"
    phase = "opportunity"
    kinds = ("play", "power", "done")

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        out = card_window_options(s, seat, kn, "opportunity")
        out += [Power(seat, race, args) for race, args in opportunity_powers(s, seat)]
        return out + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            pop(s)
        elif isinstance(a, Power):
            use_power(s, a, a.seat, a.race, a.args, use_opportunity(s, a.seat, a.race, a.args))
        else:
            accept_event(s, a, "opportunity")


@register
class Fate(SeatStep):
    """("fate", seat): the active seat may draw (3, more with some races), then discards
    down to its hand limit (7, changed by some races)."""

    name = "fate"
    phase = "fate"
    kinds = ("draw", "done")

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Draw(seat), Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Draw):
            replace(s, ("draw", a.seat, fate_draw(s, a.seat, FATE_DRAW)), ("fate_after", a.seat),
                    ("throw", a.seat, fate_discard(s, a.seat)), ("limit", a.seat))
        else:
            replace(s, ("limit", a.seat))


@register
class FateAfter(Step):
    """("fate_after", seat): what races do right after the fate draw (the Soothsayers)."""

    name = "fate_after"
    phase = "fate"

    def auto(self, s: GameState, st: Step_t) -> bool:
        replace(s, *after_fate_draw_steps(s, st[1]))
        return True


@register
class Limit(SeatStep):
    """("limit", seat): discard (one card or more at a time) down to the hand limit."""

    name = "limit"
    phase = "fate"
    kinds = ("discard",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return len(s.hands[st[1]]) > hand_limit(s, st[1], HAND_LIMIT)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Discard(seat, (hf,)) for hf in hand_cards(s, seat, kn.faces)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Discard) or not a.cards:
            fail(s, a, "discard at least one card")
            return
        excess = len(s.hands[a.seat]) - hand_limit(s, a.seat, HAND_LIMIT)
        if len(a.cards) > excess:
            fail(s, a, f"discard only down to the limit ({excess} card(s))")
        take_from_hand(s, a, a.seat, [h for h, _ in a.cards])
        for h, f in a.cards:
            learn(s, a, h, f)
        s.discard = s.discard + tuple(h for h, _ in a.cards)
        emit(s, "discarded", a.seat, len(a.cards))


@register
class Throw(SeatStep):
    """("throw", seat, count): after the fate draw, throw away `count` cards (a race's
    price for its larger draw: the Collectors'), one or more at a time."""

    name = "throw"
    phase = "fate"
    kinds = ("discard",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return st[2] > 0 and bool(s.hands[st[1]])

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Discard(seat, (hf,)) for hf in hand_cards(s, seat, kn.faces)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Discard) or not 0 < len(a.cards) <= st[2]:
            fail(s, a, f"throw away one to {st[2]} card(s)")
            return
        take_from_hand(s, a, a.seat, [h for h, _ in a.cards])
        for h, f in a.cards:
            learn(s, a, h, f)
        s.discard = s.discard + tuple(h for h, _ in a.cards)
        emit(s, "discarded", a.seat, len(a.cards))
        replace(s, ("throw", a.seat, st[2] - len(a.cards)))


@register
class Genesis(SeatStep):
    """("genesis", seat): a window for Population Explosion, then the worlds produce."""

    name = "genesis"
    phase = "genesis"
    kinds = ("play", "done")

    def auto(self, s: GameState, st: Step_t) -> bool:
        # asked only while the seat may hold the card (its hand is not empty and the one
        # Population Explosion is not face up in the discard pile): public facts alone
        if s.hands[st[1]] and not _maybe_event_public(s, "population_explosion"):
            return False
        replace(s, ("produce", st[1]))
        return True

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return card_window_options(s, seat, kn, "genesis") + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            replace(s, ("produce", a.seat))
        else:
            accept_event(s, a, "genesis")


@register
class Produce(Step):
    """("produce", seat): each explored world the seat controls yields tokens of its
    native race for it (rules 003: one; races change it), while the supply lasts."""

    name = "produce"
    phase = "genesis"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        unseen: list[Step_t] = []  # births kept off the map (engine.worlds.unseen)
        for w in range(WORLDS):
            if s.control[w] == seat and s.native[w] >= 0:
                born = production(s, w, seat)
                if born > 0 and UNSEEN_RACE in world_races(s, w):
                    unseen += unseen_births(s, w, seat, born)
                elif born > 0:
                    born_tokens(s, w, seat, born)
        for w, origin, k in extra_births(s, seat):
            born_tokens(s, w, seat, k, origin)
        replace(s, *unseen)
        return True


def _enterable(s: GameState, dst: int, origin: int) -> bool:
    """May tokens born on `origin` migrate onto dst (a W race there may refuse them)?"""
    return admits(s, dst, origin * MOVES)


@register
class Migration(SeatStep):
    """("migration", seat): move tokens between worlds (rules 003: each token once a
    turn, up to 3 spaces; races change both), play a Worm Hole, then Done."""

    name = "migration"
    phase = "migration"
    kinds = ("move", "play", "power", "done")

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        out: list[Action] = []
        for src in range(WORLDS):
            codes = s.tokens(src, seat)
            if not codes or s.pos[src] < 0 or move_barred(s, src, seat):
                continue
            for origin in sorted({c // MOVES for c in codes}):
                # tokens of one origin share a race, so its moves and range
                first = origin * MOVES
                most, reach = moves_of(s, first, src, seat), range_of(s, first, src, seat)
                k = sum(1 for c in codes if c // MOVES == origin and c % MOVES < most)
                if not k:
                    continue
                here = s.pos[src]
                for dst in range(WORLDS):
                    if dst != src and s.pos[dst] >= 0 and distance(here, s.pos[dst]) <= reach \
                            and _enterable(s, dst, origin):
                        out += [Move(seat, src, dst, origin, c) for c in range(1, k + 1)]
        out += [Power(seat, race, args) for race, args in migration_powers(s, seat)]
        return out + card_window_options(s, seat, kn, "migration") + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            pop(s)
            return
        if isinstance(a, Power):
            use_power(s, a, a.seat, a.race, a.args,
                      use_migration_power(s, a.seat, a.race, a.args))
            return
        if not isinstance(a, Move):
            accept_event(s, a, "migration")
            return
        if not (0 <= a.src < WORLDS and 0 <= a.dst < WORLDS and 0 <= a.origin < WORLDS):
            fail(s, a, "worlds are A..Z")
        if a.src == a.dst or a.count < 1:
            fail(s, a, "move at least one token to another world")
        if not _enterable(s, a.dst, a.origin):
            fail(s, a, "those tokens may not enter that world")
        movable = movable_tokens(s, a.seat, a.src, a.origin, distance(s.pos[a.src],
                                                                      s.pos[a.dst]))
        if len(movable) < a.count:
            fail(s, a, f"only {len(movable)} such token(s) can make that move")
        moved = movable[:a.count]
        push(s, *move_tokens(s, a.seat, a.src, a.dst, moved, spend=True),
             *move_watch_steps(s, a.seat, a.src, a.dst, [c + 1 for c in moved]))


@register
class Explore(Step):
    """("explore", world): the revealed chit becomes the world's native race."""

    name = "explore"
    phase = "migration"

    def auto(self, s: GameState, st: Step_t) -> bool:
        w = st[1]
        s.native[w] = s.faces[s.chit[w]]
        emit(s, "explored", w, s.native[w])
        settle_control(s, w)
        replace(s, *found_steps(s, w, s.active))
        return True


@register
class Killed(Step):
    """("killed", world, seat, count): tokens were removed; control follows."""

    name = "killed"
    phase = "opportunity"

    def auto(self, s: GameState, st: Step_t) -> bool:
        emit(s, "killed", st[1], st[2], st[3])
        settle_control(s, st[1])
        pop(s)
        return True


def attack_targets(s: GameState, seat: int, against: int = -1) -> list[tuple[int, int]]:
    """(world, defender) pairs seat may attack now: a world not fought over this turn
    where both have tokens (rules 003: one conflict per world per turn), unless a race
    of the defender's stack forbids it (`attack_barred`)."""
    out = []
    for w in range(WORLDS):
        if w in s.fought or not s.count(w, seat):
            continue
        out += [(w, p) for p in s.occupants(w) if p != seat and (against < 0 or p == against)
                and not attack_barred(s, w, seat, p)]
    return out


@register
class Conflicts(SeatStep):
    """("conflicts", seat): the active seat starts conflicts, in the order it likes,
    then Done; the others may then attack it ("counter")."""

    name = "conflicts"
    phase = "conflict"
    kinds = ("attack", "done")

    def needed(self, s: GameState, st: Step_t) -> bool:
        # without a shared world nobody can fight the active seat: nothing to ask
        return "peace" not in s.flags and bool(attack_targets(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        targets = attack_targets(s, seat)
        done: list[Action] = [] if provoked(s, targets) else [Done(seat)]
        return [Attack(seat, w, p) for w, p in targets] + done

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done) and provoked(s, attack_targets(s, a.seat)):
            fail(s, a, "a stack that provokes (Teasers) on a shared world must be attacked")
            return
        if isinstance(a, Done):
            replace(s, ("counter", a.seat, tuple(s.seat_order_from_active()[1:])))
            return
        if not isinstance(a, Attack) or (a.world, a.target) not in attack_targets(s, a.seat):
            fail(s, a, "no conflict possible there")
            return
        start_conflict(s, a.world, a.seat, a.target)


@register
class Counter(Step):
    """("counter", active, seats): each other seat in turn order may attack the active
    seat where they share a world (rules 003: a conflict needs one side to want it, and
    every conflict involves the active player), then Decline."""

    name = "counter"
    phase = "conflict"
    kinds = ("attack", "decline")

    def auto(self, s: GameState, st: Step_t) -> bool:
        seats = tuple(st[2])
        while seats and ("peace" in s.flags or not attack_targets(s, seats[0], st[1])):
            seats = seats[1:]
        if seats == tuple(st[2]):
            return False
        if seats:
            replace(s, ("counter", st[1], seats))
        else:
            pop(s)
        return True

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[2][0],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        targets = attack_targets(s, seat, st[1])
        done: list[Action] = [] if provoked(s, targets) else [Decline(seat)]
        return [Attack(seat, w, p) for w, p in targets] + done

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Decline) and provoked(s, attack_targets(s, a.seat, st[1])):
            fail(s, a, "a stack that provokes (Teasers) on a shared world must be attacked")
            return
        if isinstance(a, Decline):
            rest = tuple(st[2][1:])
            if rest:
                replace(s, ("counter", st[1], rest))
            else:
                pop(s)
            return
        if not isinstance(a, Attack) or (a.world, a.target) not in attack_targets(
                s, a.seat, st[1]):
            fail(s, a, "you may attack only the active player's stack on a shared world")
            return
        start_conflict(s, a.world, a.seat, a.target)


@register
class Late(SeatStep):
    """("late", seat): after the conflict phase, race powers of the active seat that give
    it more (the Strategists' second move and attack), then Done."""

    name = "late"
    phase = "conflict"
    kinds = ("power", "done")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(turn_end_powers(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Power(seat, race, args) for race, args in turn_end_powers(s, seat)] + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            pop(s)
            return
        if not isinstance(a, Power):
            fail(s, a, "expected a race power or done")
            return
        use_power(s, a, a.seat, a.race, a.args, use_turn_end_power(s, a.seat, a.race, a.args))


@register
class SecondMove(Migration):
    """("second_move", seat, world, reached): one stack's extra migration: only tokens on
    `world` move (their moves were given back); `reached` collects the worlds it went to.
    Done leads to its extra attack ("second_attack", seat, worlds)."""

    name = "second_move"

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [a for a in super().options(s, st, seat, kn)
                if isinstance(a, Done) or (isinstance(a, Move) and a.src == st[2])]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            replace(s, ("second_attack", a.seat, (st[2],) + tuple(st[3])))
            return
        if not isinstance(a, Move) or a.src != st[2]:
            fail(s, a, "only the chosen stack moves now")
            return
        reached = tuple(st[3]) if a.dst in st[3] else tuple(st[3]) + (a.dst,)
        replace(s, ("second_move", a.seat, st[2], reached))
        super().accept(s, st, a)  # the move itself (pushes any exploring on top)


@register
class SecondAttack(SeatStep):
    """("second_attack", seat, worlds): the stack's extra attack phase: the seat may start
    conflicts on these worlds (the stack's, not yet fought over this turn), then Done."""

    name = "second_attack"
    phase = "conflict"
    kinds = ("attack", "done")

    def _targets(self, s: GameState, st: Step_t, seat: int) -> list[tuple[int, int]]:
        return [(w, p) for w, p in attack_targets(s, seat) if w in st[2]]

    def needed(self, s: GameState, st: Step_t) -> bool:
        return "peace" not in s.flags and bool(self._targets(s, st, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Attack(seat, w, p) for w, p in self._targets(s, st, seat)] + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            pop(s)
            return
        if not isinstance(a, Attack) or (a.world, a.target) not in self._targets(s, st, a.seat):
            fail(s, a, "no conflict possible there")
            return
        start_conflict(s, a.world, a.seat, a.target)


@register
class EndTurn(Step):
    """("end_turn", seat): moves and per-turn use marks reset; the next turn (the same
    seat again after a Temporal Nexus)."""

    name = "end_turn"
    phase = "turn"

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat = st[1]
        s.stacks = [tuple(c - c % MOVES for c in t) if t else t for t in s.stacks]
        s.space = {k: tuple(c - c % MOVES for c in t) for k, t in sorted(s.space.items())}
        drop_lapsed_copies(s)
        s.used = tuple(m for m in s.used if not m.startswith(("T:", "W:")))
        s.fought = ()
        nexus = "nexus" in s.flags
        s.flags = ()
        i = s.order.index(seat)
        if not nexus and i + 1 == len(s.order):  # the last turn of the round
            replace(s, ("round_start",))
            return True
        nxt = seat if nexus else s.order[(i + 1) % len(s.order)]
        replace(s, ("turn", nxt))
        return True


@register
class RoundStart(Step):
    """("round_start",) then ("round_start", seats): a round begins; each seat holding a
    round power (the Temporaneans': a new turn order) may use it, in turn order, or pass
    with Done; then the first turn of the (new) order."""

    name = "round_start"
    phase = "turn"
    kinds = ("power", "done")

    def auto(self, s: GameState, st: Step_t) -> bool:
        if len(st) == 1:
            holders = round_holders(s)
            replace(s, ("round_start", holders) if holders else ("turn", s.order[0]))
            return True
        if not st[1]:
            replace(s, ("turn", s.order[0]))
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[1][0],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Power(seat, race, args) for race, args in round_powers(s, seat)] + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Power):
            steps = use_round_power(s, a.seat, a.race, a.args)
            if steps is None:
                fail(s, a, "that race power cannot be used so now")
                return
            emit(s, "power", a.seat, a.race, list(a.args))
            replace(s, ("round_start", tuple(st[1][1:])), *steps)
        else:
            replace(s, ("round_start", tuple(st[1][1:])))
