"""A conflict of worlds (rules 003, conflict phase), as named steps.

Order: the primary players invite allies (attacker first), invited seats join a side
or decline, the defender draws a card, races act as the conflict opens, each primary
may play a force card's note (1: call it off; 3: retreat) or Use the Force, both put a
force card face down at once and reveal (attacker first; a side with foresight picks
after the other's reveal), a Use the Force player shows a second card, Power Up may double
a revealed card and races act on the revealed cards, then the result (a race may have a
losing side fight again, or act on the fallen tokens).
Invariants: `state.conf` is set from `start_conflict` until "conflict_end"; once the
conflict is off (flag "ended") every later conflict step goes away unasked; force totals
use ints only; ties go to the defender (docs/worlds-rules.md).
"""

from __future__ import annotations

from itertools import combinations

from .actions import Action, Ally, Decline, Discard, Done, Invite, Play, Power, Reveal, Select
from .actions import Second as SecondCard
from .board import hand_cards, move_tokens, play_card, retreat, retreat_worlds, settle_control
from .data import card
from .events import event_args, event_effect, is_event
from .races import after_conflict_steps, after_result_steps, conflict_powers, \
    conflict_races, conflict_start_steps, decided_winner, far_allies, force_changes, \
    foresight, late_powers, mark_used, redirects, refight, token_force, undying, \
    use_conflict_power, use_late_power, world_force
from .state import MOVES, Claim, Conflict, GameState, Knowledge
from .unseen import unveil_steps
from .steps import SeatStep, Step, Step_t, emit, fail, learn, pop, push, register, \
    replace, take_from_hand, use_power

__all__ = ["start_conflict", "totals", "card_sums", "forced_card"]


def start_conflict(s: GameState, world: int, attacker: int, defender: int) -> None:
    c = s.conf = Conflict(world, attacker, defender)
    s.fought = s.fought + (world,)
    emit(s, "conflict", world, attacker, defender)
    others = _join_seats(s, c)
    # unseen tokens there are opened first (engine.worlds.unseen): they may fight
    push(s, *unveil_steps(s, world, s.seat_order_from_active()), ("redirect", defender),
         ("invite", attacker, 0), ("invite", defender, 1), ("join", others),
         ("conflict_open",), ("open", attacker, 0), ("open", defender, 1), ("select",),
         ("reveal_force", attacker, 0), ("reveal_force", defender, 1), ("second", attacker, 0),
         ("second", defender, 1), ("powerup", attacker, 0), ("powerup", defender, 1),
         ("resolve",), ("conflict_end",))


def _join_seats(s: GameState, c: Conflict) -> tuple[int, ...]:
    """Seats that may be invited to ally, in turn order: tokens on the world, or tokens
    that may come from within 3 spaces (`far_allies`)."""
    return tuple(p for p in s.seat_order_from_active()
                 if p not in c.primary and (s.count(c.world, p) or any(
                     far_allies(s, c, side, p) for side in (0, 1))))


def _on(s: GameState) -> Conflict:
    c = s.conf
    if c is None:
        raise RuntimeError("no conflict under way")
    return c


def _ended(s: GameState) -> bool:
    return s.conf is None or "ended" in s.conf.flags


class ConflictStep(SeatStep):
    """A decision of a primary or allied seat; gone once the conflict is off."""

    phase = "conflict"

    def auto(self, s: GameState, st: Step_t) -> bool:
        if _ended(s) or not self.needed(s, st):
            pop(s)
            return True
        return False


def _candidates(s: GameState, side: int) -> tuple[int, ...]:
    """Seats `side` may invite: those with tokens on the world, and those with tokens
    that may come from within 3 spaces (engine.worlds.races `far_allies`)."""
    c = _on(s)
    return tuple(p for p in s.seat_order_from_active()
                 if p not in c.primary and (s.count(c.world, p) or far_allies(s, c, side, p)))


@register
class InviteStep(ConflictStep):
    """("invite", seat, side): name the seats allowed to ally with your side."""

    name = "invite"
    kinds = ("invite",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(_candidates(s, st[2]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        cands = _candidates(s, st[2])
        return [Invite(seat, sub) for k in range(len(cands) + 1)
                for sub in combinations(cands, k)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        cands = _candidates(s, st[2])
        if not isinstance(a, Invite) or any(p not in cands for p in a.seats) \
                or len(set(a.seats)) != len(a.seats):
            fail(s, a, f"invite only seats with tokens here: {list(cands)}")
            return
        c = _on(s)
        c.invited[st[2]] = tuple(p for p in cands if p in a.seats)
        pop(s)


@register
class Join(Step):
    """("join", seats): each invited seat joins a side that invited it, or declines."""

    name = "join"
    phase = "conflict"
    kinds = ("ally", "decline")

    def auto(self, s: GameState, st: Step_t) -> bool:
        if _ended(s):
            pop(s)
            return True
        c = _on(s)
        seats = tuple(st[1])
        while seats and not any(seats[0] in c.invited[side] for side in (0, 1)):
            seats = seats[1:]
        if seats == tuple(st[1]) and seats:
            return False
        if seats:
            s.stack = s.stack[:-1] + (("join", seats),)
        else:
            pop(s)
        return True

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[1][0],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        c = _on(s)
        return [Ally(seat, side) for side in (0, 1) if seat in c.invited[side]] + [
            Decline(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        c = _on(s)
        if isinstance(a, Ally):
            if a.side not in (0, 1) or a.seat not in c.invited[a.side]:
                fail(s, a, "that side did not invite you")
            far = far_allies(s, c, a.side, a.seat)
            c.allies[a.side] = c.allies[a.side] + (a.seat,)
            emit(s, "ally", a.seat, a.side)
            for w in sorted({w for w, _ in far}):  # tokens allying from afar come here
                # (the conflict's world is explored: the move has no exploring steps)
                move_tokens(s, a.seat, w, c.world, [x for v, x in far if v == w], spend=False)
        s.stack = s.stack[:-1] + (("join", tuple(st[1][1:])),)


@register
class ConflictOpen(Step):
    """("conflict_open",): the defender draws one card; races act as the conflict opens."""

    name = "conflict_open"
    phase = "conflict"

    def auto(self, s: GameState, st: Step_t) -> bool:
        if _ended(s):
            pop(s)
            return True
        c = _on(s)
        pop(s)
        push(s, ("draw", c.primary[1], 1), *conflict_start_steps(s, c))
        return True


def _retreats(s: GameState, seat: int) -> list[tuple[int]]:
    return [(w,) for w in retreat_worlds(s, seat, _on(s).world)]


@register
class Open(ConflictStep):
    """("open", seat, side): play force 1 (call the conflict off), force 3 (retreat your
    stack to a world you control within 3 spaces), Use the Force, use your stack's races'
    conflict powers (engine.worlds.races `conflict_powers`); then Done."""

    name = "open"
    kinds = ("play", "power", "done")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(s.hands[st[1]]) or bool(conflict_powers(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        out: list[Action] = []
        for h, f in hand_cards(s, seat, kn.faces):
            info = card(f)
            if info.kind == "force" and info.value == 1:
                out.append(Play(seat, h, f, ()))
            elif info.kind == "force" and info.value == 3:
                out += [Play(seat, h, f, args) for args in _retreats(s, seat)]
            elif is_event(f, "conflict") == "use_the_force":
                out += [Play(seat, h, f, args) for args in event_args(s, seat, info.key)]
        out += [Power(seat, race, args) for race, args in conflict_powers(s, seat)]
        return out + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        c = _on(s)
        if isinstance(a, Done):
            pop(s)
            return
        if isinstance(a, Power):
            use_power(s, a, a.seat, a.race, a.args,
                      use_conflict_power(s, a.seat, a.race, a.args))
            return
        if not isinstance(a, Play):
            fail(s, a, "expected a card or done")
            return
        try:
            info = card(a.card)
        except KeyError:
            fail(s, a, f"card {a.card} does not exist")
            return
        if info.kind == "force" and info.value == 1 and a.args == ():
            play_card(s, a)
            c.add_flag("ended")
            emit(s, "called_off", a.seat, c.world)
        elif info.kind == "force" and info.value == 3 and a.args in _retreats(s, a.seat):
            play_card(s, a)
            c.add_flag("ended")
            push(s, *retreat(s, a.seat, c.world, a.args[0]))
        elif info.key == "use_the_force" and a.args in event_args(s, a.seat, info.key):
            play_card(s, a)
            push(s, *event_effect(s, a.seat, info.key, a.args))
        else:
            fail(s, a, "only force 1, force 3 (with a world to retreat to) or Use the Force")


def _choosers(s: GameState) -> tuple[int, ...]:
    """The sides that choose a force card face down (not one that sees the other's
    first: races `foresight`)."""
    late = foresight(s, _on(s))
    return tuple(side for side in (0, 1) if side != late)


@register
class SelectStep(Step):
    """("select",): both primary players put a force card face down at once (or none);
    a side with foresight chooses later, as it reveals."""

    name = "select"
    phase = "conflict"
    kinds = ("select",)
    simultaneous = True

    def auto(self, s: GameState, st: Step_t) -> bool:
        if _ended(s) or set(_on(s).selected) >= set(_choosers(s)):
            pop(s)
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        c = _on(s)
        return tuple(c.primary[side] for side in _choosers(s) if side not in c.selected)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        return [Select(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        c = _on(s)
        side = c.primary.index(a.seat)
        c.selected = tuple(sorted(c.selected + (side,)))


def forced_card(s: GameState, seat: int) -> int | None:
    """The handle seat must fight with (drawn at random from its hand by the Randomizers:
    flag `forced:SEAT:HANDLE`), if it still holds it; None otherwise."""
    c = _on(s)
    for f in c.flags:
        if f.startswith(f"forced:{seat}:"):
            h = int(f.split(":")[2])
            return h if h in s.hands[seat] else None
    return None


def _reveal_card(s: GameState, a: Action, side: int, first: bool = True) -> None:
    """Turn up a force card (`first`: the one put face down, which may be forced)."""
    c = _on(s)
    if not isinstance(a, (Reveal, SecondCard)):
        fail(s, a, "expected reveal")
        return
    forced = forced_card(s, a.seat) if first else None
    if forced is not None and a.handle != forced and not (a.handle == -1 and forced
                                                            not in s.faces):
        fail(s, a, f"show the random card {forced} (or -1 if it is no force card)")
    if forced is not None and a.handle == -1:
        s.claims = s.claims + (Claim(a.seat, "not_force", (forced,), s.serial),)
        emit(s, "no_force", a.seat)
        return
    if a.handle == -1:
        s.claims = s.claims + (Claim(a.seat, "no_force", s.hands[a.seat], s.serial),)
        emit(s, "no_force", a.seat)
        return
    take_from_hand(s, a, a.seat, (a.handle,))
    learn(s, a, a.handle, a.card)
    if card(a.card).kind != "force":
        fail(s, a, "that is not a force card")
    c.cards[side] = c.cards[side] + (a.handle,)
    emit(s, "force_card", a.seat, a.card)


@register
class RevealStep(ConflictStep):
    """("reveal", seat, side): turn up the card put face down (-1 -1: none)."""

    name = "reveal_force"
    kinds = ("reveal", "second")

    def auto(self, s: GameState, st: Step_t) -> bool:
        below = s.stack[-2] if len(s.stack) > 1 else ()
        if not _ended(s) and st[2] == 0 and foresight(s, _on(s)) == 0 \
                and below[:1] == ("reveal_force",) and below[2] == 1:
            s.stack = s.stack[:-2] + (st, below)  # a foreseeing attacker reveals second
            return True
        return super().auto(s, st)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        # A card the seat did not put face down (a foreseeing pick, a forced card) is
        # shown face up (`second`), not opened: its face-down choice stays committed and
        # is opened at the end of the game like any left unopened.
        forced = forced_card(s, seat)
        if forced is None and foresight(s, _on(s)) == st[2]:  # it picks now, having seen
            out: list[Action] = [SecondCard(seat, h, f)  # the other card
                                 for h, f in hand_cards(s, seat, kn.faces, kind="force")]
            return out or [SecondCard(seat, -1, -1)]  # a force card if it has one
        if forced is not None:
            f = kn.faces.get(forced, s.faces.get(forced, -1))
            if f >= 0 and card(f).kind == "force":
                return [SecondCard(seat, forced, f)]
            return [SecondCard(seat, -1, -1)]  # the random card is no force card (a claim)
        h = kn.selected
        f = kn.faces.get(h, s.faces.get(h, -1)) if h is not None else -1  # (or public)
        if h is not None and h in s.hands[seat] and f >= 0 and card(f).kind == "force":
            return [Reveal(seat, h, f)]
        return [Reveal(seat, -1, -1)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        shown = forced_card(s, a.seat) is not None or foresight(s, _on(s)) == st[2]
        if isinstance(a, SecondCard) != shown:  # what was put face down is opened, the
            fail(s, a, "a card put face down is turned up with reveal; a forced or "  # rest
                 "foreseen one is shown with second")  # shown
            return
        _reveal_card(s, a, st[2])
        pop(s)


@register
class Second(ConflictStep):
    """("second", seat, side): after Use the Force, show a second force card (or none);
    it is shown after the first cards (docs/worlds-rules.md)."""

    name = "second"
    kinds = ("second",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return f"force2:{st[2]}" in _on(s).flags

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        # A second force card if the hand has one; none only when it has none (showing
        # none is a claim the end-of-game audit checks, as for the first card).
        out: list[Action] = [SecondCard(seat, h, f)
                             for h, f in hand_cards(s, seat, kn.faces, kind="force")]
        return out or [SecondCard(seat, -1, -1)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        _reveal_card(s, a, st[2], first=False)
        pop(s)


@register
class PowerUp(ConflictStep):
    """("powerup", seat, side): a window to play Power Up on a revealed force card, and
    to use the races' powers of the revealed cards (races `late_powers`)."""

    name = "powerup"
    kinds = ("play", "power", "done")

    def needed(self, s: GameState, st: Step_t) -> bool:
        c = _on(s)
        public = any(card(s.faces[h]).key == "power_up" for h in s.discard if h in s.faces)
        return (bool(s.hands[st[1]]) and not public and bool(c.cards[0] or c.cards[1])) \
            or bool(late_powers(s, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        out: list[Action] = []
        for h, f in hand_cards(s, seat, kn.faces, key="power_up"):
            out += [Play(seat, h, f, args) for args in event_args(s, seat, "power_up")]
        out += [Power(seat, race, args) for race, args in late_powers(s, seat)]
        return out + [Done(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, Done):
            pop(s)
            return
        if isinstance(a, Power):
            use_power(s, a, a.seat, a.race, a.args, use_late_power(s, a.seat, a.race, a.args))
            return
        if not isinstance(a, Play) or is_event(a.card, "conflict") != "power_up" \
                or a.args not in event_args(s, a.seat, "power_up"):
            fail(s, a, "only Power Up on a revealed force card")
            return
        play_card(s, a)
        push(s, *event_effect(s, a.seat, "power_up", a.args))


def card_sums(s: GameState) -> list[int]:
    """Both sides' force cards, each doubled by a Power Up on it."""
    c = _on(s)
    return [sum(card(s.faces[h]).value * (2 if f"double:{h}" in c.flags else 1)
                for h in c.cards[side]) for side in (0, 1)]


def totals(s: GameState) -> list[int]:
    """Force totals of both sides: tokens (by race) + force cards (doubled by Power Up)
    + the world's race and card effects (rules 003, conflict)."""
    c = _on(s)
    tokens = [sum(token_force(s, code, side, c.world, p) for p in c.seats(side)
                  for code in s.tokens(c.world, p)) for side in (0, 1)]
    cards = card_sums(s)
    change = force_changes(s, c, tokens, cards)
    return [max(0, tokens[side] + cards[side] + world_force(s, c, side) + c.extra[side]
                + change[side]) for side in (0, 1)]


@register
class Resolve(Step):
    """("resolve",): the higher total wins (a side without tokens loses outright; ties
    go to the defender); the loser's stacks are destroyed; a winning attacker takes
    control; winning allies draw a card; races act on the result."""

    name = "resolve"
    phase = "conflict"

    def auto(self, s: GameState, st: Step_t) -> bool:
        if _ended(s):
            pop(s)
            return True
        c = _on(s)
        w = c.world
        alive = [sum(s.count(w, p) for p in c.seats(side)) for side in (0, 1)]
        t = totals(s)
        if not alive[1] and alive[0]:
            winner = 0
        elif not alive[0]:
            winner = 1
        else:
            decided = decided_winner(s, c, card_sums(s))
            winner = (0 if t[0] > t[1] else 1) if decided is None else decided
        if alive[0] and alive[1] and refight(s, c, 1 - winner):
            emit(s, "refight", w, 1 - winner, t)
            _fight_again(s, c)
            return True
        c.result = winner
        present = conflict_races(s, c)
        lost = {p: s.tokens(w, p) for p in c.seats(1 - winner) if s.tokens(w, p)}
        for p in c.seats(1 - winner):
            for o in sorted({code // MOVES for code in s.tokens(w, p)
                             if not undying(s, code)}):
                c.add_flag(f"lost:{p}:{o}")  # what was destroyed (the Slavers take one)
            s.set_tokens(w, p, [code for code in s.tokens(w, p) if undying(s, code)])
        emit(s, "result", w, winner, t)
        if winner == 0:
            if s.control[w] != c.primary[0]:
                s.control[w] = c.primary[0]
                emit(s, "control", w, c.primary[0])
        else:
            settle_control(s, w)
        pop(s)
        push(s, *[("draw", p, 1) for p in c.allies[winner]],
             *after_result_steps(s, present, winner, lost),
             *after_conflict_steps(s, present, winner))
        return True


def _fight_again(s: GameState, c: Conflict) -> None:
    """The conflict is fought once more by the same stacks (a race's second chance): the
    played force cards go to the discard pile, the force added by cards and races and
    the card flags lapse; the windows from the opening on come again (not the draw)."""
    s.discard = s.discard + c.cards[0] + c.cards[1]
    c.cards, c.selected, c.extra = [(), ()], (), [0, 0]
    c.flags = tuple(f for f in c.flags if not f.startswith(("double:", "force2:")))
    a, d = c.primary
    replace(s, ("open", a, 0), ("open", d, 1), ("select",), ("reveal_force", a, 0),
            ("reveal_force", d, 1), ("second", a, 0), ("second", d, 1),
            ("powerup", a, 0), ("powerup", d, 1), ("resolve",))


@register
class ConflictEnd(Step):
    """("conflict_end",): revealed cards go to the discard pile; 1/C marks reset."""

    name = "conflict_end"
    phase = "conflict"

    def auto(self, s: GameState, st: Step_t) -> bool:
        c = _on(s)
        s.discard = s.discard + c.cards[0] + c.cards[1]
        s.used = tuple(m for m in s.used if not m.startswith("C:"))
        s.conf = None
        pop(s)
        return True


@register
class Pay(SeatStep):
    """("pay", seat, count): a race's price in a conflict (the Diplomats', the Clean
    Slates'): discard `count` cards of your choice, one or more at a time, or all you hold
    if fewer; -1: your whole hand at once."""

    name = "pay"
    phase = "conflict"
    kinds = ("discard",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return st[2] != 0 and bool(s.hands[st[1]])

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        hand = hand_cards(s, seat, kn.faces)
        if st[2] < 0:
            return [Discard(seat, tuple(hand))]
        return [Discard(seat, (hf,)) for hf in hand]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Discard) or not a.cards:
            fail(s, a, "discard at least one card")
            return
        held = len(s.hands[a.seat])
        if st[2] < 0 and len(a.cards) != held:
            fail(s, a, f"discard your whole hand ({held} card(s))")
        if st[2] > 0 and len(a.cards) > st[2]:
            fail(s, a, f"discard {st[2]} card(s)")
        take_from_hand(s, a, a.seat, [h for h, _ in a.cards])
        for h, f in a.cards:
            learn(s, a, h, f)
        s.discard = s.discard + tuple(h for h, _ in a.cards)
        emit(s, "discarded", a.seat, len(a.cards))
        replace(s, ("pay", a.seat, max(0, st[2] - len(a.cards))))


_SIDED = ("invite", "open", "reveal_force", "second", "powerup")


@register
class SwapRoles(Step):
    """("swap_roles",): the attacker and the defender change roles for the rest of the
    conflict (the Reversists): primaries, allies, invitations, force so far and the
    Use the Force marks change sides; each pending window keeps its seat and takes the
    seat's new side."""

    name = "swap_roles"
    phase = "conflict"

    def auto(self, s: GameState, st: Step_t) -> bool:
        c = _on(s)
        c.primary.reverse()
        c.allies.reverse()
        c.invited.reverse()
        c.cards.reverse()
        c.extra.reverse()
        c.selected = tuple(sorted(1 - side for side in c.selected))
        c.flags = tuple(sorted(f"force2:{1 - int(f[7:])}" if f.startswith("force2:") else f
                               for f in c.flags))
        s.stack = tuple((x[0], x[1], 1 - x[2]) if x[0] in _SIDED else x
                        for x in s.stack[:-1])
        emit(s, "roles_swapped", c.world, c.primary[0], c.primary[1])
        return True


@register
class Redirect(SeatStep):
    """("redirect", seat): as the attack is declared, the attacked primary may turn it onto
    another seat's stack on the world (a race power: `redirects`), or decline. The new
    defender takes his place (and the invitations and the draw that follow); the old one
    stands aside, a candidate ally like any other seat there."""

    name = "redirect"
    phase = "conflict"
    kinds = ("power", "decline")

    def needed(self, s: GameState, st: Step_t) -> bool:
        c = _on(s)
        return "ended" not in c.flags and st[1] == c.primary[1] and bool(redirects(s, c, st[1]))

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        out: list[Action] = [Power(seat, race, (p,)) for race, p in redirects(s, _on(s), seat)]
        return out + [Decline(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        c = _on(s)
        if isinstance(a, Decline):
            pop(s)
            return
        if not isinstance(a, Power) or len(a.args) != 1 \
                or (a.race, a.args[0]) not in redirects(s, c, a.seat):
            fail(s, a, "turn the attack onto one of: "
                 f"{[p for _, p in redirects(s, c, a.seat)]}")
            return
        mark_used(s, a.race, a.seat)
        c.primary[1] = a.args[0]
        s.stack = tuple((x[0], a.args[0], 1) if x[0] in _SIDED and x[2] == 1
                        else ("join", _join_seats(s, c)) if x[0] == "join" else x
                        for x in s.stack[:-1])
        emit(s, "redirected", c.world, a.seat, a.args[0])
