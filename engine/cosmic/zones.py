"""Steps that move cards and ships: chance steps the card source answers, drawing,
random takes, giving cards, and the generic ship choices.

Chance steps change the zones when they are pushed (new handles are in the deck at once),
so every handle is always in exactly one zone; the source's answer is a barrier that says
the cryptographic work behind it (a shuffle, opening cards to a holder) is done.

Drawing always ends (docs/rules.md, Draws always end): a cosmic quake deals at most the
cards it gathered, so its own deal never runs dry and never starts another quake; with no
card in any hand either, there is nothing to quake and the draw simply ends. `DRY_DECK` in
`extra` marks a cosmic deck shuffled from face-up cards none of which is an encounter
card, so that a search for one (new hands) can see that it is hopeless.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import cards as C
from .actions import (
    GATE, Action, Delivered, FirstPlayer, Give, HandShuffled, Revealed, Rewards, Shuffled,
    Ships,
)
from .choices import Dist, Fixed, Mapped
from .powers import (after_draw, after_warp, destiny_shuffled, held_for_others, rehandled,
                     retrieved)
from .state import GameState, Knowledge
from .steps import (
    SeatStep,     BESIDE, WARP, Chance, Step, add_to_hand, colony_sources, emit, fail, learn, pop, push,
    register, remove_ships, replace, take_from_hand, to_warp, face_down, held,
)

Step_t = tuple[Any, ...]

__all__ = [
    "ShipChoice",
    "start_shuffle", "draw", "cosmic_quake", "quake_shares", "place_returning", "ships_to_warp",
    "show", "take_random", "DRY_DECK", "no_encounter_to_draw", "outside_encounter", "WarpLoss",
    "ship_moves", "move_ship",
]

DRY_DECK = "dry_deck"  # extra key: the cosmic deck was shuffled from no encounter card


# -- chance steps -----------------------------------------------------------------------------


def start_shuffle(s: GameState, deck: str, faces: Sequence[int]) -> Step_t:
    """Make a new deck of these public faces under fresh handles; return the chance step."""
    handles = s.new_handles(len(faces))
    if deck == "cosmic":
        s.deck = handles
        # Only a deck without encounter cards says so: every other state hashes as before.
        if any(C.CATALOGUE[f].is_encounter for f in faces):
            s.extra.pop(DRY_DECK, None)
        else:
            s.extra[DRY_DECK] = 1
    else:
        s.destiny_deck = handles
    return ("shuffle", deck, tuple(sorted(faces)), handles, ())


@register
class ShuffleStep(Step):
    name, phase, kinds = "shuffle", "setup", ("shuffled",)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (-1,)

    def chance(self, s: GameState, st: Step_t) -> Chance:
        return Chance("shuffle", -1, st[3], st[2], st[1], st[4])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Shuffled)
        emit(s, "shuffled", st[1], len(st[3]))
        pop(s)


@register
class DeliverStep(Step):
    name, phase, kinds = "deliver", "cards", ("delivered",)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (-1,)

    def chance(self, s: GameState, st: Step_t) -> Chance:
        return Chance("deliver", st[1], st[2])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Delivered)
        # The cards are in the receiver's hand, its faces known to it: its client may name
        # them to that player alone (cli/render.py log_line, the Leech's borrowed card).
        emit(s, "delivered", st[1], tuple(st[2]))
        pop(s)


def show(s: GameState, viewer: int, handles: Sequence[int]) -> list[Step_t]:
    """Steps that open these cards to `viewer` where they lie (the Mind looks at a hand);
    none if every face is already public."""
    hidden = tuple(h for h in handles if h not in s.faces)
    return [("show", viewer, hidden)] if hidden else []


@register
class ShowStep(Step):
    """Open cards to one seat without moving them: nobody else learns anything."""

    name, phase, kinds = "show", "cards", ("delivered",)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (-1,)

    def chance(self, s: GameState, st: Step_t) -> Chance:
        return Chance("show", st[1], st[2])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Delivered)
        emit(s, "shown", st[1], len(st[2]))
        pop(s)


@register
class RevealStep(Step):
    """Make faces public (the destiny card, a hand shown to all)."""

    name, phase, kinds = "reveal_cards", "cards", ("revealed",)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (-1,)

    def chance(self, s: GameState, st: Step_t) -> Chance:
        return Chance("reveal", -1, st[1])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Revealed)
        if tuple(h for h, _ in a.cards) != st[1]:
            fail(s, a, f"expected the faces of handles {list(st[1])} in that order")
        for h, face in a.cards:
            learn(s, a, h, face)
        pop(s)


@register
class HandShuffleStep(Step):
    name, phase, kinds = "hand_shuffle", "cards", ("handshuffled",)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (-1,)

    def chance(self, s: GameState, st: Step_t) -> Chance:
        return Chance("hand_shuffle", st[1], st[2], st[3])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, HandShuffled)
        pop(s)


@register
class FirstPlayerStep(Step):
    name, phase, kinds = "first_player", "setup", ("firstplayer",)

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (-1,)

    def chance(self, s: GameState, st: Step_t) -> Chance:
        return Chance("first_player")

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, FirstPlayer)
        if not 0 <= a.first < s.n:
            fail(s, a, f"no seat {a.first}")
        s.offense = a.first
        emit(s, "first_player", a.first)
        pop(s)
        push(s, *destiny_shuffled(s))  # the first player known, a power may see to it (Fate)


# -- drawing ----------------------------------------------------------------------------------


def draw(seat: int, count: int) -> Step_t:
    return ("draw", seat, count)


def quake_shares(total: int, seats: int) -> list[int]:
    """Cards each seat gets (in timing order) when a cosmic quake deals `total` cards: a
    full hand each if there are enough; otherwise the cards go round the table one at a
    time until none is left, so the shares differ by one at most."""
    if total >= C.HAND_SIZE * seats:
        return [C.HAND_SIZE] * seats
    return [total // seats + (1 if i < total % seats else 0) for i in range(seats)]


def cosmic_quake(s: GameState) -> None:
    """Deck and discard pile both empty (rules 001, Cosmic Quake): every hand is shown and
    discarded, the discard pile becomes the deck, and everyone gets eight new cards; if
    the cards on the table leave fewer than that for everyone, they are dealt round the
    table until the deck is empty (docs/rules.md, Draws always end), so the quake's deal
    can never start another quake."""
    emit(s, "cosmic_quake")
    shown = tuple(h for seat in range(s.n) for h in s.hands[seat])
    for seat in range(s.n):
        s.set_hand(seat, ())
    s.discard = s.discard + shown
    order = s.timing_order()
    shares = quake_shares(len(s.discard), len(order))
    push(s, ("reveal_cards", shown), ("quake_shuffle",),
         *[draw(seat, k) for seat, k in zip(order, shares)])


def no_encounter_to_draw(s: GameState) -> bool:
    """Is it public that no card a seat could draw is an encounter card? True when the
    discard pile shows none and the deck holds none either (empty, or shuffled from face-up
    cards without one: `DRY_DECK`). A new hand then cannot help, however often drawn
    (docs/rules.md, Draws always end); a cosmic quake cannot come either, the discard pile being
    the fallback of an empty deck, unless both are empty."""
    if s.deck and DRY_DECK not in s.extra:
        return False
    if not s.deck and not s.discard:
        return False  # a draw now quakes: everyone's hands are dealt anew
    faces = [s.faces.get(h) for h in s.discard]  # face up (None: being turned up)
    return not any(f is None or C.CATALOGUE[f].is_encounter for f in faces)


@register
class QuakeShuffle(Step):
    name, phase = "quake_shuffle", "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        faces = [s.own_faces().pop(h) for h in s.discard]
        s.discard = ()
        replace(s, start_shuffle(s, "cosmic", faces))
        return True


@register
class DrawStep(Step):
    name, phase = "draw", "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, count = st
        if count <= 0:
            pop(s)
            return True
        if not s.deck:
            if not s.discard:
                pop(s)  # the quake deals everyone a new hand instead of this draw
                if any(s.hands):  # with no card in any hand there is nothing to deal
                    cosmic_quake(s)
                return True
            faces = [s.own_faces().pop(h) for h in s.discard]
            s.discard = ()
            emit(s, "reshuffle", len(faces))
            push(s, start_shuffle(s, "cosmic", faces))
            return True
        got = min(count, len(s.deck))
        drawn = tuple(reversed(s.deck[-got:]))
        s.deck = s.deck[:-got]
        add_to_hand(s, seat, drawn)
        emit(s, "draw", seat, got)
        # The whole draw in the hand, a power may act on it (engine.cosmic.powers.after_draw).
        then = after_draw(s, seat) if got == count else []
        replace(s, ("deliver", seat, drawn), *(then or [draw(seat, count - got)]))
        return True


# -- random takes and gifts -------------------------------------------------------------------


@register
class Compensate(Step):
    """Take `count` cards at random from the giver's hand (rules 001, Compensation): the
    hand is shuffled under new handles, then the first cards go to the taker."""

    name, phase = "compensate", "resolution"
    event = "compensation"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, taker, giver, count = st
        keep = held_for_others(s, giver)  # cards held for someone else are not taken
        old = tuple(h for h in s.hands[giver] if h not in keep)
        got = min(count, len(old))
        if got <= 0:
            pop(s)
            return True
        for h in old:
            s.own_faces().pop(h, None)  # re-masked: the new handles are not public
        new = s.new_handles(len(old))
        s.set_hand(giver, tuple(h for h in s.hands[giver] if h in keep) + new[got:])
        rehandled(s, giver, old, new[got:])
        add_to_hand(s, taker, new[:got])
        emit(s, self.event, taker, giver, got)
        replace(s, ("hand_shuffle", giver, old, new), ("deliver", taker, new[:got]))
        return True


def take_random(taker: int, giver: int, count: int) -> Step_t:
    """`taker` takes `count` cards at random from `giver`'s hand (a power's random take)."""
    return ("take_random", taker, giver, count)


@register
class TakeRandom(Compensate):
    """A random take that is not compensation (the Mutant): same steps, its own event."""

    name, phase = "take_random", "cards"
    event = "take_random"


@register
class GiveStep(SeatStep):
    """The giver chooses `count` of its cards to hand over (a deal, an effect)."""

    name, phase, kinds = "give", "resolution", ("give",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        keep = held_for_others(s, st[1])
        return st[3] > 0 and any(h not in keep for h in s.hands[st[1]])

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        _, giver, _, count = st
        keep = held_for_others(s, giver)
        down = face_down(s, giver, kn)
        hand = [h for h in s.hands[giver] if h != down and h not in keep]
        k = min(count, len(hand))
        from itertools import combinations
        return Fixed([Give(seat, c) for c in combinations(hand, k)])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Give)
        _, giver, receiver, count = st
        keep = held_for_others(s, giver)
        k = min(count, len([h for h in s.hands[giver] if h not in keep]))
        if len(a.handles) != k or len(set(a.handles)) != k:
            fail(s, a, f"give exactly {k} different cards")
        if any(h in keep for h in a.handles):
            fail(s, a, "cards you hold for another player cannot be given")
        take_from_hand(s, a, giver, a.handles)
        for h in a.handles:
            s.own_faces().pop(h, None)
        add_to_hand(s, receiver, a.handles)
        emit(s, "give", giver, receiver, k)
        replace(s, ("deliver", receiver, tuple(a.handles)))


# -- ship choices -----------------------------------------------------------------------------


def place_returning(s: GameState, seat: int, source: int, count: int = -1) -> Step_t:
    """Ships at the gate (GATE), beside the planet (BESIDE) or in the warp (WARP) go to
    colonies: all of them, or `count`."""
    return ("place", seat, source, count)


def _source_count(s: GameState, seat: int, source: int) -> int:
    if source == GATE:
        return s.gate[seat]
    if source == BESIDE:
        return s.beside[seat]
    return s.warp[seat]


def _set_source(s: GameState, seat: int, source: int, value: int) -> None:
    if source == GATE:
        s.gate[seat] = value
    elif source == BESIDE:
        s.beside[seat] = value
    else:
        s.warp[seat] = value


@register
class PlaceStep(SeatStep):
    """Put every ship of one source (gate, beside, warp) on colonies of the owner's choice;
    with no colony anywhere they go to the warp (rules 000, Stripping a Planet of Ships)."""

    name, phase, kinds = "place", "resolution", ("ships",)

    def _count(self, s: GameState, st: Step_t) -> int:
        have = _source_count(s, st[1], st[2])
        return have if st[3] < 0 else min(st[3], have)

    def auto(self, s: GameState, st: Step_t) -> bool:
        seat, source = st[1], st[2]
        count = self._count(s, st)
        cols = s.colonies(seat)
        if count == 0:
            pop(s)
        elif not cols:
            pop(s)
            if source != WARP:  # nowhere to go: to the warp (ships in the warp stay)
                _set_source(s, seat, source, _source_count(s, seat, source) - count)
                push(s, *to_warp(s, seat, count))
        elif len(cols) == 1:
            _set_source(s, seat, source, _source_count(s, seat, source) - count)
            s.ships[cols[0] * s.n + seat] += count
            emit(s, "return", seat, count)
            pop(s)
            if source == WARP:
                push(s, *retrieved(s, seat, ((cols[0], count),)))
        else:
            return False
        return True

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        count = self._count(s, st)
        return Dist([(p, count) for p in s.colonies(st[1])], count, count)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Mapped(self._dist(s, st), lambda d: Ships(seat, d))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Ships)
        seat, source = st[1], st[2]
        count = self._count(s, st)
        if not self._dist(s, st).contains(a.ships):
            fail(s, a, "place every returning ship on your colonies (sorted planet:count)")
        for p, c in a.ships:
            s.ships[p * s.n + seat] += c
        _set_source(s, seat, source, _source_count(s, seat, source) - count)
        emit(s, "return", seat, sum(c for _, c in a.ships))
        pop(s)
        if source == WARP:
            push(s, *retrieved(s, seat, tuple(a.ships)))


@register
class WarpReactions(Step):
    """("warp_reactions", seat, count): a loss a power could take over (engine.cosmic.powers
    `redirect_loss`) stands: the powers that react to losses act on it now."""

    name, phase = "warp_reactions", "window"

    def auto(self, s: GameState, st: Step_t) -> bool:
        replace(s, *after_warp(s, st[1], st[2]))
        return True


def ships_to_warp(seat: int, count: int, gate_ok: bool) -> Step_t:
    """The seat loses `count` ships of its choice to the warp (from colonies, maybe the gate)."""
    return ("take", seat, count, count, int(gate_ok), WARP)


def outside_encounter(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(planet, ships) a seat may take ships from without touching the encounter: its
    colonies, less the target planet when it is the defense there."""
    e = s.enc
    target = e.target if e is not None and seat == e.defense else -1
    return [(p, c) for p, c in colony_sources(s, seat) if p != target]


class ShipChoice(SeatStep):
    """A seat chooses which of its ships go somewhere: the legal choices are a `Dist`
    (`_dist`), a forced choice is made without asking, and `_do` moves them. Subclasses
    give the three, and `_rule` (what a refused choice must be)."""

    kinds = ("ships",)

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        raise NotImplementedError

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        raise NotImplementedError

    def _rule(self, st: Step_t) -> str:
        raise NotImplementedError

    def auto(self, s: GameState, st: Step_t) -> bool:
        d = self._dist(s, st)
        if len(d) == 1:
            self._do(s, st, d[0], None)
            return True
        return False

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Mapped(self._dist(s, st), lambda d: Ships(seat, d))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Ships)
        if not self._dist(s, st).contains(a.ships):
            fail(s, a, self._rule(st) + " (sorted location:count)")
        self._do(s, st, a.ships, a)


class WarpLoss(ShipChoice):
    """("name", seat, count, ...): the seat loses `count` of its ships to the warp (all
    it has, if fewer), its choice among the places `_sources` allows (a power's loss)."""

    def _sources(self, s: GameState, st: Step_t) -> list[tuple[int, int]]:
        raise NotImplementedError

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        src = self._sources(s, st)
        k = min(st[2], sum(c for _, c in src))
        return Dist(src, k, k)

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        seat = st[1]
        total = remove_ships(s, a, seat, pairs)
        pop(s)
        push(s, *to_warp(s, seat, total))


@register
class LoseOutside(WarpLoss):
    """("lose_outside", seat, count): lose ships to the warp from colonies outside the
    encounter (a defense's ships on the target planet stay in it)."""

    name, phase = "lose_outside", "window"

    def _sources(self, s: GameState, st: Step_t) -> list[tuple[int, int]]:
        return outside_encounter(s, st[1])

    def _rule(self, st: Step_t) -> str:
        return f"lose {st[2]} ships from colonies outside the encounter"


@register
class TakeStep(ShipChoice):
    """Take lo..hi ships from the seat's colonies (and the gate if allowed) to a
    destination: the warp, or a planet (a colony granted in a deal)."""

    name, phase = "take", "resolution"

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        _, seat, lo, hi, gate_ok, dest = st
        src = colony_sources(s, seat, bool(gate_ok), moving=dest != WARP)
        avail = sum(c for _, c in src)
        return Dist(src, min(lo, avail), min(hi, avail))

    def _rule(self, st: Step_t) -> str:
        return f"choose {st[2]}..{st[3]} of your ships"

    def _do(self, s: GameState, st: Step_t, pairs: Any, a: Action | None) -> None:
        _, seat, _, _, gate_ok, dest = st
        total = remove_ships(s, a, seat, pairs, bool(gate_ok))
        pop(s)
        if dest == WARP:
            push(s, *to_warp(s, seat, total))
        else:
            s.ships[dest * s.n + seat] += total
            emit(s, "colony", seat, dest, total)


@register
class RewardsStep(SeatStep):
    """Defender rewards (rules 001, Defense Wins): one per ship committed, each a card
    from the deck or a ship back from the warp to a colony."""

    name, phase, kinds = "rewards", "resolution", ("rewards",)

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, count = st
        if count <= 0:
            pop(s)
            return True
        if s.warp[seat] == 0 or not s.colonies(seat):
            emit(s, "rewards", seat, count, 0)
            replace(s, draw(seat, count))
            return True
        return False

    def _space(self, s: GameState, st: Step_t) -> Any:
        _, seat, count = st
        cols = s.colonies(seat)
        ships = Dist([(p, min(count, s.warp[seat])) for p in cols], 0, min(count, s.warp[seat]))
        return ships

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        count = st[2]
        return Mapped(self._space(s, st),
                      lambda d: Rewards(seat, count - sum(c for _, c in d), d))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Rewards)
        _, seat, count = st
        back = sum(c for _, c in a.ships)
        if a.draws < 0 or a.draws + back != count or not self._space(s, st).contains(a.ships):
            fail(s, a, f"take exactly {count} rewards: cards plus ships from the warp")
        for p, c in a.ships:
            s.ships[p * s.n + seat] += c
        s.warp[seat] -= back
        emit(s, "rewards", seat, a.draws, back)
        replace(s, *retrieved(s, seat, tuple(a.ships)), draw(seat, a.draws))


# -- one ship moved between places (rules 004: Quantum, Gremlin) -----------------------------


def ship_moves(s: GameState, owner: int, sources: Sequence[int],
               dests: Sequence[int]) -> list[tuple[int, int]]:
    """(source, destination) of every single-ship move of `owner`'s the rules allow from
    `sources` (planets, or GATE) to `dests` (planets), in the order given: a ship of its
    at the source; a destination that is already one of its colonies (such a move never
    makes a new colony) other than the source; and a source planet that does not hold
    the ship (engine.steps `held`: frozen, petrified). Moving the last ship off a planet
    gives that colony up, as any move does."""
    out: list[tuple[int, int]] = []
    n = s.n
    for src in sources:
        have = s.gate[owner] if src == GATE else s._ships[src * n + owner]
        if have <= 0 or (src != GATE and held(s, owner, src)):
            continue
        out += [(src, d) for d in dests if d != src and s._ships[d * n + owner] > 0]
    return out


def move_ship(s: GameState, owner: int, src: int, dest: int) -> bool:
    """Move one of `owner`'s ships from `src` (a planet, or GATE) to the planet `dest`, if
    `ship_moves` allows it now (the position may have changed since the move was chosen:
    then nothing moves and the answer is False). Emits ("move_ship", owner, src, dest)."""
    if (src, dest) not in ship_moves(s, owner, (src,), (dest,)):
        return False
    if src == GATE:
        s.gate[owner] -= 1
    else:
        s.ships[src * s.n + owner] -= 1
    s.ships[dest * s.n + owner] += 1
    emit(s, "move_ship", owner, src, dest)
    return True
