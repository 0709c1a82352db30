"""The race framework: each race is one module here registering a `Race` subclass, whose
methods are named timing hooks. The framework alone decides, from the race's use code
(rules 003, the use table), who may use a power and how often:

  A    every token of the race in scope (the conflict's stacks, the moving tokens);
  1/C  once per conflict, for a seat with a token of the race in the conflict's stacks;
  1/T  once per turn, for a seat with a token of the race anywhere on the map;
  1/W  once per turn per world, on a world where the seat has a token of the race;
  1/B  both 1/C and 1/T: once per conflict and once per turn;
  W    the race's world (the one it is native to): its controller has the power;
  R    any seat with at least one token of the race anywhere has the power.

Hooks (a race overrides those it uses; the defaults change nothing):
  token_force(role)            A     the force of one token (role 0 attack, 1 defend)
  moves() / move_range()       A     migration moves per turn and their range
  production(s, world)         W     tokens its world yields at genesis (None: normal)
  extra_production(s, w, seat) 1/W   more tokens on a world of the active seat
  world_force(s, conf, side)   W     force the race's world adds to a side
  force_change(tokens, cards, side) 1/C  changes to both totals (own, other) from the
                                   base token and card sums of both sides (passive)
  hand_size(own)               R     hand limit change (own: holder; else every other)
  fate_draw()                  R     more cards at the fate draw
  fate_discard()               R     cards to throw away right after that draw
  opportunity_options(s, seat) / opportunity(s, seat, args)   1/T, A, R, 1/W: a Power
                               (1/W: the first argument is the world it is used on)
  conflict_options(s, seat, side) / conflict_power(s, seat, side, args)
                               A, 1/C  a Power of a primary player as the conflict opens
  conflict_start(s, seat, side) 1/C  steps when the conflict opens
  after_conflict(s, seat, won)  1/C  steps after the result
  side_change(s, conf, side, count) A  changes to both totals (own, other) from `count`
                               tokens of the race on a side (passive)
  decide(cards)                1/C   the winning side by another rule than the totals,
                                     from both sides' force card sums (passive)
  refight(s, seat)             1/C   losing, the side fights again instead of dying
  after_result(s, seat, side, winner, lost)  A, 1/C  steps once the losers are
                               destroyed (lost: seat -> its destroyed tokens)
  late_options(s, seat, side) / late_power(s, seat, side, args)
                               A, 1/C, 1/B  a Power of a primary player once the force
                               cards are revealed (the power-up windows)
  after_fate_draw(s, seat)     R     steps right after the holder's fate draw
  extra_draw(s, w, seat)       1/W   more cards at the fate draw, per world
  found(s, w, seat)            -     steps when the race's world is explored (or a home)
  births(s, w, seat, count)    A     tokens born at genesis wherever the race stands
  blocks_births(s, w, owner, seat) 1/W  the owner's tokens stop seat's births there
  claims_control()             R     a seat with the race's tokens on a world controls it
  admits(s, w, code)           W     may a token migrate onto the race's world
  round_options / round_power  R     a Power of the holder as a round begins
  turn_end_options / turn_end_power  1/T  a Power of the active seat after its conflicts
  reserve (attribute)          -     cards the finder puts in a reserve outside the limit
  silences (attribute)         R     others' tokens on its holder's world lose their powers
W powers in the opportunity phase (first argument: the race's world, which the seat
controls) are once per turn per world, like 1/W.
  side_force(s, conf, seat, side) 1/C  force a race adds to its side, read from the
                               position at the count (passive, like force_change)
  bars_attack(s, world, attacker, seat) 1/C, 1/T  a race in seat's stack on world forbids
                               `attacker` to attack that stack now (`attack_barred`)
  bars_move(s, world, owner, mover) 1/W  a race of `owner` on world holds `mover`'s
                               tokens there in the migration phase (`move_barred`)
  remote = True                A     its conflict powers reach from the primary's tokens
                               within 3 spaces of the conflict's world, not only his stack
  ally_from_afar = True        A     its tokens may join a conflict as allies from worlds
                               within 3 spaces (they come to the world: `far_allies`)
  calls_allies = True          1/C   the side whose primary has it in his stack takes allies
                               from within 3 spaces, all their tokens there (`far_allies`)
  watch_move(s, owner, mover, src, dst, codes)  A  steps after another seat's migration
                               move off (src) or onto (dst) a world where owner has the race
                               (`move_watch_steps`: Contagion, Repulsors)
  redirect_targets(s, conf, seat) 1/C  seats the attacked primary may turn the attack onto,
                               as the attack is declared (`redirects`: Disinformers)
  migration_options(s, seat) / migration_power(s, seat, args)  A  a Power of the active
                               seat in its migration phase (Space Pilgrims)
  supply() / undying()         A     most tokens of the race's world letter on the map at
                               once (`supply_of`); its tokens are never destroyed nor killed
                               (`undying`: Immortal)
Two costs are the framework's too, so that no race spells them out:
  sacrifice = True   each use gives up one token of the race: in the opportunity phase the
                     one on the world named by the first argument, in a conflict one in
                     the user's stack there (`sacrifice_token`);
  retreat            moving a stack to a world its owner controls within 3 spaces
                     (`board.retreat_worlds` / `board.retreat`), shared with the force 3.
The powers a token acts with: every lookup goes through `acting(s, world, seat, code)`
(the races of the token's origin, `world_races`: the native race and a Gifted world's
`gifts`; plus for a copying race the race its owner chose there: `copies`, Emulators and
Copycats), never straight to `state.native`;
`races_here`, `tokens_as`, `count_in`, `holds`, `held` are built on it; a W race's world
is `world_of`. Copy choices are marks "as:SEAT:WORLD:COPIER:RACE" in `state.used`.
Use marks live in `state.used` ("T:race:seat", "C:race:seat", "W:race:seat:world"),
cleared at the end of the conflict (C) or the turn (T, W); they are public.
Invariant: every use of a power goes through `may_use`/`mark_used` here, never a race.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from ..data import RACES, race_id
from ..state import MOVES, RANGE, SUPPLY, WORLDS, Conflict, GameState, distance

__all__ = ["Race", "register", "RACE_IMPL", "impl", "token_force", "moves_of", "range_of",
           "production", "hand_limit", "fate_draw", "fate_discard", "opportunity_powers", "use_opportunity",
           "conflict_start_steps", "after_conflict_steps", "world_force", "holds",
           "may_use", "mark_used", "conflict_races", "sacrifice_token", "conflict_powers", "force_changes",
           "use_conflict_power", "times_used", "count_use", "count_in", "decided_winner",
           "refight", "after_result_steps", "muted", "provoked", "foresight",
           "late_powers", "use_late_power", "quieted", "births_blocked", "extra_births", "after_fate_draw_steps",
           "found_steps", "control_claim", "admits", "round_holders", "round_powers",
           "use_round_power", "reserve_steps", "reserve_held", "silenced",
           "turn_end_powers", "use_turn_end_power",
           "attack_barred", "move_barred", "far_allies", "move_watch_steps", "redirects",
           "supply_of", "undying", "token_targets", "take_token", "world_races", "world_of",
           "acting", "races_here", "tokens_as", "copy_choices", "choose_copy",
           "carry_copies", "drop_lapsed_copies", "movable_tokens", "migration_powers",
           "use_migration_power"]

Steps = list[tuple[Any, ...]]


class Race:
    key = ""
    sacrifice = False  # each use gives up one token of the race (the framework takes it)
    reach = 0  # conflict powers from tokens this many spaces from the conflict's world
    #            (their world is the power's first argument; 0: only the own stack there)
    provokes = False  # a stack holding the race must be attacked by enemies sharing its
    #                   world, in the conflict phase (`provoked`)
    foresees = False  # a primary player whose stack holds it picks his force card after
    #                   the other side's is revealed (`foresight`)
    reserve = 0  # cards its finder draws into a reserve outside the hand limit
    silences = False  # R: other players' tokens on a world its holder controls there lose
    #                   their powers (`silenced`)
    deep_space = False  # A: its tokens may end migration moves in deep space; its migration
    #                     power also lands any token left there (`migration_powers`)
    gifts = 0  # more race chits drawn for its world when it is found: the world's tokens
    #            have their races' powers too (`world_races`: Gifted)
    copies = ""  # A: its tokens act with the power of one race chosen by their owner among
    #              those of his other tokens ("friend") or of other seats' tokens ("enemy")
    #              on their world (`acting`: Emulators, Copycats)

    def __init__(self) -> None:
        # fixed by the data: read once (the hooks are called in every legal-move search)
        self.id = race_id(self.key) if self.key else -1
        self.use = RACES[self.id].use if self.key else "-"

    def token_force(self, role: int) -> int:
        return 1

    def moves(self) -> int:
        return 1

    def move_range(self) -> int:
        return RANGE

    def production(self, s: GameState, world: int) -> int | None:
        return None

    def extra_production(self, s: GameState, world: int, seat: int) -> int:
        return 0

    def world_force(self, s: GameState, world: int, conf: Conflict, side: int) -> int:
        return 0

    def force_change(self, tokens: list[int], cards: list[int], side: int) -> tuple[int, int]:
        return (0, 0)

    def hand_size(self, own: bool) -> int:
        return 0

    def fate_draw(self) -> int:
        return 0

    def fate_discard(self) -> int:
        return 0

    def opportunity_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        return []

    def opportunity(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        return []

    def conflict_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return []

    def conflict_power(self, s: GameState, seat: int, side: int,
                       args: tuple[int, ...]) -> Steps:
        return []

    def conflict_start(self, s: GameState, seat: int, side: int) -> Steps:
        return []

    def after_conflict(self, s: GameState, seat: int, won: bool) -> Steps:
        return []

    def side_change(self, s: GameState, conf: Conflict, side: int,
                    count: int) -> tuple[int, int]:
        """A race: what `count` of its tokens on `side` add to (own, other) total."""
        return (0, 0)

    def decide(self, cards: list[int]) -> int | None:
        """1/C: the winning side by another rule than the totals (None: the totals)."""
        return None

    def refight(self, s: GameState, seat: int) -> bool:
        """1/C: seat's side lost; True: it fights again instead of being destroyed."""
        return False

    def after_result(self, s: GameState, seat: int, side: int, winner: int,
                     lost: dict[int, tuple[int, ...]]) -> Steps:
        """A, 1/C: steps once the losing stacks are destroyed; `lost` maps each losing
        seat to its destroyed token codes (a race that brings them back takes them
        out of `lost`)."""
        return []

    def late_options(self, s: GameState, seat: int, side: int) -> list[tuple[int, ...]]:
        return []

    def late_power(self, s: GameState, seat: int, side: int, args: tuple[int, ...]) -> Steps:
        """A power used once the force cards are revealed (sacrifice as in the opening)."""
        return []

    def after_fate_draw(self, s: GameState, seat: int) -> Steps:
        """R: steps right after the holder's fate draw (the Soothsayers' look)."""
        return []

    def extra_draw(self, s: GameState, world: int, seat: int) -> int:
        """1/W: more cards at seat's fate draw for a world where seat has this race."""
        return 0

    def found(self, s: GameState, world: int, seat: int) -> Steps:
        """Steps when this race is first found on `world`: explored by seat, or dealt as
        seat's homeworld race (any use code: the race's own world)."""
        return []

    def births(self, s: GameState, world: int, seat: int, count: int) -> int:
        """A: tokens born at seat's genesis from its `count` tokens of the race on world."""
        return 0

    def blocks_births(self, s: GameState, world: int, owner: int, seat: int) -> bool:
        """1/W: do owner's tokens of this race on world stop seat's births there?"""
        return False

    def claims_control(self) -> bool:
        """R: a seat with tokens of this race on a world controls it."""
        return False

    def admits(self, s: GameState, world: int, code: int) -> bool:
        """W: may the token `code` migrate onto this race's world?"""
        return True

    def round_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        """R: a Power of the holder as a round begins (before its first turn)."""
        return []

    def round_power(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        return []

    def turn_end_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        """1/T: a Power of the active seat after its conflict phase (the Strategists')."""
        return []

    def turn_end_power(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        return []
    def side_force(self, s: GameState, conf: Conflict, seat: int, side: int) -> int:
        return 0

    def bars_attack(self, s: GameState, world: int, attacker: int, seat: int) -> bool:
        return False

    def bars_move(self, s: GameState, world: int, owner: int, mover: int) -> bool:
        return False

    remote = False  # conflict powers usable from tokens within RANGE of the world
    ally_from_afar = False  # its tokens may ally from within RANGE of the world
    calls_allies = False  # its primary's side takes allies from within RANGE

    def watch_move(self, s: GameState, owner: int, mover: int, src: int, dst: int,
                   codes: list[int]) -> Steps:
        return []

    def redirect_targets(self, s: GameState, conf: Conflict, seat: int) -> list[int]:
        return []

    def supply(self) -> int:
        return SUPPLY

    def migration_options(self, s: GameState, seat: int) -> list[tuple[int, ...]]:
        """A: a Power of the active seat in its migration phase (the Space Pilgrims' moves
        into and out of deep space)."""
        return []

    def migration_power(self, s: GameState, seat: int, args: tuple[int, ...]) -> Steps:
        return []

    def migration_allows(self, s: GameState, seat: int, args: tuple[int, ...]) -> bool:
        """A: is `args` one of migration_options (a race with many may ask fewer)?"""
        return args in self.migration_options(s, seat)

    def undying(self) -> bool:
        return False


RACE_IMPL: dict[int, Race] = {}
_PLAIN = Race()
_SPECIAL: set[int] = set()  # races whose tokens act with other races too (`acting`)
_REFUSERS: set[int] = set()  # W races that may refuse a token their world (`admits`)


def register(cls: type[Race]) -> type[Race]:
    r = cls()
    if r.id in RACE_IMPL:
        raise ValueError(f"race {cls.key} registered twice")
    if not RACES[r.id].implemented:
        raise ValueError(f"race {cls.key} is implemented but its data says it is not")
    RACE_IMPL[r.id] = r
    if r.copies or r.gifts:
        _SPECIAL.add(r.id)
    if r.use == "W" and type(r).admits is not Race.admits:
        _REFUSERS.add(r.id)
    return cls


def impl(race: int) -> Race:
    """The race's behaviour; a race without a module (or an unexplored -1) is plain."""
    return RACE_IMPL.get(race, _PLAIN)


def _use(race: int) -> str:
    return RACES[race].use if race >= 0 else "-"


# -- who holds a power -------------------------------------------------------------------


def world_races(s: GameState, world: int) -> tuple[int, ...]:
    """The races whose powers the tokens born on `world` have by birth: its native race
    (none while unexplored), and the races of the chits it was given (`state.gifts`, once
    turned up: the Gifted's)."""
    race = s.native[world]
    if race < 0:
        return ()
    if not s.gifts[world]:
        return (race,)
    return (race,) + tuple(s.faces[h] for h in s.gifts[world] if h in s.faces)


def world_of(s: GameState, race: int, default: int = -1) -> int:
    """The world whose tokens have the race by birth (its W powers' world), or default."""
    return next((w for w in range(WORLDS) if race in world_races(s, w)), default)


def _copy_marks(s: GameState, seat: int, world: int) -> dict[int, int]:
    """copier race -> the race seat's copiers on world act as (the marks
    "as:SEAT:WORLD:COPIER:RACE")."""
    head = f"as:{seat}:{world}:"
    out = {}
    for m in s.used:
        if m.startswith(head):
            copier, race = m[len(head):].split(":")
            out[int(copier)] = int(race)
    return out


def copy_choices(s: GameState, world: int, seat: int, copier: int) -> list[int]:
    """The races seat's tokens of a copying race on world may act as: the races by birth
    of its other tokens there (a friend copier) or of other seats' tokens there (an enemy
    copier); copiers are left out (a copy is of a token's own power, never of a copy), and
    so are W races (their powers belong to their world, not to its tokens)."""
    r = impl(copier)
    if r.copies == "friend":
        seats = [seat]
    elif r.copies == "enemy":
        seats = [p for p in s.occupants(world) if p != seat]
    else:
        return []
    found: set[int] = set()
    for p in seats:
        for o in {c // MOVES for c in s.tokens(world, p)}:
            found.update(x for x in world_races(s, o)
                         if not impl(x).copies and _use(x) not in ("W", "-"))
    return sorted(found - {copier})


def acting(s: GameState, world: int, seat: int, code: int) -> tuple[int, ...]:
    """The races whose powers a token acts with: those it has by birth (`world_races` of
    its origin), and for a copying race the race its owner chose for his copiers on that
    world, while a token of that race stands there as the copy needs (none before a
    choice, or once it is gone). Every power lookup of the framework goes through here."""
    race = s.native[code // MOVES]
    if race not in _SPECIAL:  # the common case: a token acts with its native race
        return (race,) if race >= 0 else ()
    races = world_races(s, code // MOVES)
    if world < 0 or seat < 0 or not any(impl(r).copies for r in races):
        return races
    marks = _copy_marks(s, seat, world)
    out = list(races)  # a copier keeps its own power: making the choice
    for r in races:
        if impl(r).copies and r in marks and marks[r] in copy_choices(s, world, seat, r):
            out.append(marks[r])
    return tuple(out)


def races_here(s: GameState, world: int, seat: int) -> list[int]:
    """The races seat's tokens on world act with (`acting`), ascending."""
    found: set[int] = set()
    for o in sorted({c // MOVES for c in s.tokens(world, seat)}):
        found.update(acting(s, world, seat, o * MOVES))
    return sorted(found)


def tokens_as(s: GameState, world: int, seat: int, race: int) -> list[int]:
    """seat's token codes on world that act with the race's power (`acting`), ascending."""
    native = s.native
    return [c for c in s.tokens(world, seat) if native[c // MOVES] == race
            and race not in _SPECIAL or native[c // MOVES] in _SPECIAL
            and race in acting(s, world, seat, c)]


def choose_copy(s: GameState, world: int, seat: int, copier: int, race: int) -> None:
    """seat's tokens of the copying race on world act as `race` from now on."""
    head = f"as:{seat}:{world}:{copier}:"
    s.used = tuple(m for m in s.used if not m.startswith(head))
    s.add_used(f"{head}{race}")


def carry_copies(s: GameState, seat: int, src: int, dst: int, codes: list[int]) -> None:
    """Copying tokens (among `codes`) moved from src to dst keep acting as they did (a
    choice already made on dst stays); a choice on a place left without its copiers
    lapses."""
    here, there = _copy_marks(s, seat, src), _copy_marks(s, seat, dst)
    moved = {r for c in codes for r in world_races(s, c // MOVES)}
    for copier, race in sorted(here.items()):
        if copier in moved and copier not in there:
            s.add_used(f"as:{seat}:{dst}:{copier}:{race}")
        if not any(copier in world_races(s, c // MOVES) for c in s.tokens(src, seat)):
            s.used = tuple(m for m in s.used if m != f"as:{seat}:{src}:{copier}:{race}")


def drop_lapsed_copies(s: GameState) -> None:
    """Forget the copy choices of places where the seat has no copier left (they were
    destroyed or taken away); run at the end of each turn."""
    keep = []
    for m in s.used:
        if m.startswith("as:"):
            _, seat, place, copier, _race = m.split(":")
            if not any(int(copier) in world_races(s, c // MOVES)
                       for c in s.tokens(int(place), int(seat))):
                continue
        keep.append(m)
    s.used = tuple(keep)


def holds(s: GameState, seat: int, race: int) -> bool:
    """Does seat have at least one token acting with the race anywhere on the map?"""
    return race in held(s, seat)


def held(s: GameState, seat: int) -> frozenset[int]:
    """The races seat's tokens act with anywhere on the map (for membership tests only)."""
    n = s.n
    native = s.native
    out = {native[c // MOVES] for w in range(WORLDS) for c in s.stacks[w * n + seat]}
    if not out.isdisjoint(_SPECIAL):  # tokens acting with more races than their own
        for w in range(WORLDS):
            if s.stacks[w * n + seat]:
                out.update(races_here(s, w, seat))
    for place in s.space_stacks(seat):  # tokens in deep space are on the map too
        out.update(races_here(s, place, seat))
    return frozenset(out)


def _r_races(s: GameState) -> list[tuple[int, int]]:
    """(seat, race) for every implemented R race a seat holds, in a fixed order."""
    out = []
    have = [held(s, seat) for seat in range(s.n)]
    for race, r in sorted(RACE_IMPL.items()):
        if r.use == "R":
            out += [(seat, race) for seat in range(s.n) if race in have[seat]]
    return out


def may_use(s: GameState, race: int, seat: int, world: int = -1) -> bool:
    """May seat use this once-limited race power now (the use code's limit)?"""
    use = _use(race)
    marks = []
    if use in ("1/T", "1/B"):
        marks.append(f"T:{race}:{seat}")
    if use in ("1/C", "1/B"):
        marks.append(f"C:{race}:{seat}")
    if use in ("1/W", "W"):
        marks.append(f"W:{race}:{seat}:{world}")
    return not any(m in s.used for m in marks)


def mark_used(s: GameState, race: int, seat: int, world: int = -1) -> None:
    use = _use(race)
    if use in ("1/T", "1/B"):
        s.add_used(f"T:{race}:{seat}")
    if use in ("1/C", "1/B"):
        s.add_used(f"C:{race}:{seat}")
    if use in ("1/W", "W"):
        s.add_used(f"W:{race}:{seat}:{world}")


# -- the hooks, as the rules call them ---------------------------------------------------


def quieted(conf: Conflict, side: int, race: int) -> int:
    """How many tokens of the race on that side have lost their power (a power that
    silences single opposing tokens: flags "quiet:SIDE:RACE:k")."""
    return sum(1 for f in conf.flags if f.startswith(f"quiet:{side}:{race}:"))


def _silent(s: GameState, conf: Conflict, side: int, race: int) -> bool:
    if f"mute:{side}:{race}" in conf.flags:
        return True
    q = quieted(conf, side, race)
    return q > 0 and q >= sum(count_in(s, p, conf.world, race) for p in conf.seats(side))


def muted(s: GameState, side: int, race: int) -> bool:
    """Has the race lost its power on that side of the conflict under way: silenced
    whole (flag "mute:SIDE:RACE"), or every token of it there quieted one by one?"""
    return s.conf is not None and _silent(s, s.conf, side, race)


def silenced(s: GameState, world: int, seat: int) -> bool:
    """Have seat's tokens on world lost their powers (the Tyrants': another seat controls
    the world and has tokens of a silencing race there)? Their force is then 1, their
    moves the ordinary ones, and no power of theirs acts there."""
    ctl = s.control[world] if 0 <= world < WORLDS else -1  # deep space: nobody's
    if ctl < 0 or ctl == seat or seat < 0:
        return False
    return any(impl(race).silences for race in races_here(s, world, ctl))


def token_force(s: GameState, code: int, role: int, world: int = -1, seat: int = -1) -> int:
    """The force of one token in a conflict stack (A races change it; a muted race's
    tokens on that side count 1, and so does a token of seat on world that is
    `silenced`)."""
    if silenced(s, world, seat):
        return 1
    force = 1  # a token acting with several races adds up what each changes
    for race in acting(s, world, seat, code):
        r = impl(race)
        if r.use == "A" and not muted(s, role, race):
            force += r.token_force(role) - 1
    return force


def _movers(s: GameState, code: int, world: int, seat: int) -> list[Race]:
    if silenced(s, world, seat):
        return []
    return [impl(race) for race in acting(s, world, seat, code) if impl(race).use == "A"]


def moves_of(s: GameState, code: int, world: int = -1, seat: int = -1) -> int:
    """Migration moves of a token a turn: 1, or what its A race allows (a token acting
    with several races moves as the most generous of them allows)."""
    return max((r.moves() for r in _movers(s, code, world, seat)), default=1)


def range_of(s: GameState, code: int, world: int = -1, seat: int = -1) -> int:
    return max((r.move_range() for r in _movers(s, code, world, seat)), default=RANGE)


def production(s: GameState, world: int, seat: int) -> int:
    """Tokens `world` yields at seat's genesis: 1, or its W race's number (several W
    races: 1 plus what each changes), plus 1/W races of the seat standing there (each
    once per world per turn)."""
    if births_blocked(s, world, seat):
        return 0
    total = 1  # a world with several W races (the Gifted's) adds up what each changes
    for race in world_races(s, world):
        r = impl(race)
        base = r.production(s, world) if r.use == "W" else None
        total += 0 if base is None else base - 1
    for other in races_here(s, world, seat):
        o = impl(other)
        if o.use == "1/W" and may_use(s, other, seat, world):
            more = o.extra_production(s, world, seat)
            if more:
                mark_used(s, other, seat, world)
                total += more
    return max(0, total)


def births_blocked(s: GameState, world: int, seat: int) -> bool:
    """Do another seat's 1/W tokens on world stop seat's births there (Contraceptives)?"""
    for owner in s.occupants(world):
        if owner != seat and not silenced(s, world, owner):
            for race in races_here(s, world, owner):
                r = impl(race)
                if r.use == "1/W" and r.blocks_births(s, world, owner, seat):
                    return True
    return False


def extra_births(s: GameState, seat: int) -> list[tuple[int, int, int]]:
    """(world, origin, count) of the tokens A races of seat breed at its genesis, wherever
    they stand (Blobs); the new tokens are of the race (born on its world)."""
    out = []
    for w in range(WORLDS):
        codes = s.tokens(w, seat)
        if not codes or births_blocked(s, w, seat) or silenced(s, w, seat):
            continue
        for race in races_here(s, w, seat):
            r = impl(race)
            if r.use == "A":
                mine = tokens_as(s, w, seat, race)
                k = r.births(s, w, seat, len(mine))
                if k:  # the new tokens are of the race: born on its world if it has one
                    out.append((w, world_of(s, race, mine[0] // MOVES), k))
    return out


def after_fate_draw_steps(s: GameState, seat: int) -> Steps:
    out: Steps = []
    for holder, race in _r_races(s):
        if holder == seat:
            out += impl(race).after_fate_draw(s, seat)
    return out


def found_steps(s: GameState, world: int, seat: int) -> Steps:
    """Steps of the race just found on world (explored by seat, or seat's homeworld)."""
    return [x for race in world_races(s, world) for x in impl(race).found(s, world, seat)]


def control_claim(s: GameState, world: int) -> int:
    """The one seat whose R tokens on world claim its control (Politicians), or -1 (none,
    or several: then the ordinary rule decides)."""
    claim = -1
    for seat in s.occupants(world):
        if any(impl(race).use == "R" and impl(race).claims_control()
               for race in races_here(s, world, seat)):
            if claim >= 0:
                return -1
            claim = seat
    return claim


def admits(s: GameState, world: int, code: int) -> bool:
    """May token `code` migrate onto world (its W race may refuse: Purists)? Only the
    W races that say who may come are asked: every other one lets anyone in."""
    native = s.native[world]
    if native < 0 or native not in _REFUSERS and not s.gifts[world]:
        return True  # world_races is () or (native,): no race to ask
    return all(impl(race).admits(s, world, code) for race in world_races(s, world)
               if race in _REFUSERS)


def round_holders(s: GameState) -> tuple[int, ...]:
    """Seats, in turn order, holding an R race with a round power (Temporaneans)."""
    races = [race for race, r in sorted(RACE_IMPL.items())
             if r.use == "R" and type(r).round_options is not Race.round_options]
    return tuple(p for p in s.order if any(race in held(s, p) for race in races))


def round_powers(s: GameState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    out = []
    have = held(s, seat)
    for race, r in sorted(RACE_IMPL.items()):
        if r.use == "R" and race in have:
            out += [(race, args) for args in r.round_options(s, seat)]
    return out


def use_round_power(s: GameState, seat: int, race: int, args: tuple[int, ...]) -> Steps | None:
    if (race, args) not in round_powers(s, seat):
        return None
    return impl(race).round_power(s, seat, args)


def turn_end_powers(s: GameState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """(race, args) of the powers seat may use after its conflict phase (1/T races)."""
    out = []
    have = held(s, seat)
    for race, r in sorted(RACE_IMPL.items()):
        if r.use == "1/T" and race in have and may_use(s, race, seat):
            out += [(race, args) for args in r.turn_end_options(s, seat)]
    return out


def use_turn_end_power(s: GameState, seat: int, race: int,
                       args: tuple[int, ...]) -> Steps | None:
    if (race, args) not in turn_end_powers(s, seat):
        return None
    mark_used(s, race, seat)
    return impl(race).turn_end_power(s, seat, args)


def world_force(s: GameState, conf: Conflict, side: int) -> int:
    """Force the W race of the conflict's world adds to a side."""
    return sum(impl(race).world_force(s, conf.world, conf, side)
               for race in world_races(s, conf.world) if impl(race).use == "W")


def force_changes(s: GameState, conf: Conflict, tokens: list[int],
                  cards: list[int]) -> list[int]:
    """What the 1/C races of the conflict's stacks add to each side's total, given the
    base token and card sums (each race once per seat that has it there; passive, so no
    use mark: it changes one result only). Pure: totals are read by bots too."""
    out = [0, 0]
    for side, seat, race in conflict_races(s, conf):
        r = impl(race)
        if r.use in ("1/C", "1/B"):
            own, other = r.force_change(tokens, cards, side)
            out[side] += own + r.side_force(s, conf, seat, side)
            out[1 - side] += other
    for side in (0, 1):  # A races: per side, from how many of their tokens stand there
        counts: dict[int, int] = {}
        for seat in conf.seats(side):
            for code in s.tokens(conf.world, seat):
                for race in acting(s, conf.world, seat, code):
                    if race in RACE_IMPL and RACE_IMPL[race].use == "A" \
                            and not muted(s, side, race):
                        counts[race] = counts.get(race, 0) + 1
        for race in sorted(counts):  # quieted tokens count 1 and add no change
            r = RACE_IMPL[race]
            q = min(quieted(conf, side, race), counts[race])
            own, other = r.side_change(s, conf, side, counts[race] - q)
            out[side] += own - q * (r.token_force(side) - 1)
            out[1 - side] += other
    return out


def reserve_steps(s: GameState, seat: int, count: int) -> Steps:
    """Draw `count` cards for seat into its reserve: they join the hand but not its limit.
    The handles (the deck's top, known before the draw) are marked "reserve:SEAT:HANDLE"
    in `state.used`, for good."""
    top = s.deck[len(s.deck) - min(count, len(s.deck)):]
    for h in top:
        s.add_used(f"reserve:{seat}:{h}")
    return [("draw", seat, len(top))] if top else []


def reserve_held(s: GameState, seat: int) -> int:
    """Reserve cards seat still holds (outside its hand limit)."""
    return sum(1 for h in s.hands[seat] if f"reserve:{seat}:{h}" in s.used)


def hand_limit(s: GameState, seat: int, base: int) -> int:
    total = base + reserve_held(s, seat)
    for holder, race in _r_races(s):
        total += impl(race).hand_size(holder == seat)
    return max(0, total)


def fate_draw(s: GameState, seat: int, base: int) -> int:
    """Cards of seat's fate draw: the base, R races' more, and 1/W races' more per world
    where seat has them (passive: no use mark; the fate draw comes once a turn)."""
    total = base + sum(impl(race).fate_draw() for holder, race in _r_races(s) if holder == seat)
    for race, r in sorted(RACE_IMPL.items()):
        if r.use == "1/W":
            total += sum(r.extra_draw(s, w, seat) for w in range(WORLDS)
                         if _has_on(s, seat, w, race) and not silenced(s, w, seat))
    return total


def fate_discard(s: GameState, seat: int) -> int:
    """Cards seat throws away right after its fate draw (before the hand limit)."""
    return sum(impl(race).fate_discard() for holder, race in _r_races(s) if holder == seat)


def sacrifice_token(s: GameState, seat: int, world: int, race: int) -> bool:
    """Give up one of seat's tokens of `race` on `world` (the rules' "sacrifice"); False
    if there is none. A token acting with the race by a copy goes before one born to it
    (whose loss could end the copy). Control follows (`board.settle_control`, by the
    caller's steps)."""
    mine = sorted(tokens_as(s, world, seat, race),
                  key=lambda c: race in world_races(s, c // MOVES))
    if not mine:
        return False
    codes = list(s.tokens(world, seat))
    codes.remove(mine[0])
    s.set_tokens(world, seat, codes)
    return True


def _has_on(s: GameState, seat: int, world: int, race: int) -> bool:
    native = s.native
    for c in s.tokens(world, seat):
        r = native[c // MOVES]
        if r == race and race not in _SPECIAL or r in _SPECIAL \
                and race in acting(s, world, seat, c):
            return True
    return False


def _races(only: int | None) -> list[tuple[int, Race]]:
    """Every race with its implementation in id order, or just race `only` (to check one
    use of a power without listing every race's)."""
    if only is None:
        return sorted(RACE_IMPL.items())
    return [(only, RACE_IMPL[only])] if only in RACE_IMPL else []


def opportunity_powers(s: GameState, seat: int,
                       only: int | None = None) -> list[tuple[int, tuple[int, ...]]]:
    """(race, args) of every opportunity power seat may use now (of race `only`, if
    given). A sacrifice power's first argument is the world of the token given up, which
    must be there."""
    out = []
    have = held(s, seat)
    for race, r in _races(only):
        if r.use == "W":  # the race's own world, its controller, once per turn
            out += [(race, args) for args in r.opportunity_options(s, seat)
                    if args and race in world_races(s, args[0]) and s.control[args[0]] == seat
                    and may_use(s, race, seat, args[0])]
        elif r.use == "1/W":  # per world: the first argument, where the race must stand
            out += [(race, args) for args in r.opportunity_options(s, seat)
                    if args and _has_on(s, seat, args[0], race)
                    and may_use(s, race, seat, args[0]) and not silenced(s, args[0], seat)]
        elif r.use in ("1/T", "1/B", "A", "R") and race in have \
                and may_use(s, race, seat):
            out += [(race, args) for args in r.opportunity_options(s, seat)
                    if not r.sacrifice or (args and _has_on(s, seat, args[0], race)
                                           and not silenced(s, args[0], seat))]
    return out


def movable_tokens(s: GameState, seat: int, src: int, origin: int, dist: int) -> list[int]:
    """seat's tokens of `origin` on the place src that may still make a migration move of
    `dist` spaces (each within its moves and range: `moves_of`, `range_of`), fewest moves
    used first; none while a race holds them there (`move_barred`)."""
    if move_barred(s, src, seat):
        return []
    return sorted(c for c in s.tokens(src, seat) if c // MOVES == origin
                  and c % MOVES < moves_of(s, c, src, seat)
                  and dist <= range_of(s, c, src, seat))


def migration_powers(s: GameState, seat: int,
                     only: int | None = None) -> list[tuple[int, tuple[int, ...]]]:
    """(race, args) of the A powers seat may use in its migration phase (of race `only`,
    if given): of the races it holds, and of a `deep_space` race while it has tokens in
    deep space (to land them)."""
    out = []
    have = held(s, seat)
    for race, r in _races(only):
        if r.use == "A" and (race in have or r.deep_space and s.space_stacks(seat)):
            out += [(race, args) for args in r.migration_options(s, seat)]
    return out


def use_migration_power(s: GameState, seat: int, race: int,
                        args: tuple[int, ...]) -> Steps | None:
    """The steps of that use, if migration_powers lists it (None: it does not)."""
    r = RACE_IMPL.get(race)
    if r is None or r.use != "A" or not (race in held(s, seat) or r.deep_space
                                         and s.space_stacks(seat)) \
            or not r.migration_allows(s, seat, args):
        return None
    return impl(race).migration_power(s, seat, args)


def use_opportunity(s: GameState, seat: int, race: int, args: tuple[int, ...]) -> Steps | None:
    """Carry out an opportunity power; None if it is not allowed with these args."""
    if (race, args) not in opportunity_powers(s, seat, race):
        return None
    r = impl(race)
    mark_used(s, race, seat, args[0] if r.use in ("1/W", "W") else -1)
    if r.sacrifice:
        sacrifice_token(s, seat, args[0], race)
        return r.opportunity(s, seat, args) + [("killed", args[0], seat, 1)]
    return r.opportunity(s, seat, args)


def conflict_powers(s: GameState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """(race, args) of the powers a primary player may use as the conflict opens: races of
    his own stack on the conflict's world (A, or 1/C not yet used), remote races with a
    token within RANGE (`_conflict_scope`), and races with a `reach` whose tokens stand
    within it (the first argument: their world, checked); none while he is `silenced`."""
    c = s.conf
    if c is None or seat not in c.primary:
        return []
    side = c.primary.index(seat)
    if silenced(s, c.world, seat):  # the Tyrants' (races of the third batch)
        return []
    here = _conflict_scope(s, seat, c.world)  # own stack, and remote races within RANGE
    out = []
    for race in sorted(set(here) | set(_reaching(s, seat, c.world))):
        r = impl(race)
        if r.use in ("A", "1/C", "1/B") and may_use(s, race, seat) \
                and not muted(s, side, race):
            out += [(race, args) for args in r.conflict_options(s, seat, side)
                    if not r.reach or (args and args[0] in _reach_worlds(s, seat, race))]
    return out


def late_powers(s: GameState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """(race, args) of the powers a primary player may use once the force cards are
    revealed: races of his own stack there, not muted, within their use limits."""
    c = s.conf
    if c is None or seat not in c.primary:
        return []
    side = c.primary.index(seat)
    out = []
    if silenced(s, c.world, seat):
        return []
    for race in races_here(s, c.world, seat):
        r = impl(race)
        if r.use in ("A", "1/C", "1/B") and may_use(s, race, seat) \
                and not muted(s, side, race):
            out += [(race, args) for args in r.late_options(s, seat, side)]
    return out


def use_late_power(s: GameState, seat: int, race: int,
                   args: tuple[int, ...]) -> Steps | None:
    """Carry out a power of the revealed-cards windows; None if it is not allowed."""
    c = s.conf
    if c is None or (race, args) not in late_powers(s, seat):
        return None
    r = impl(race)
    mark_used(s, race, seat)
    if r.sacrifice:
        sacrifice_token(s, seat, c.world, race)
    return r.late_power(s, seat, c.primary.index(seat), args)


def _reach_worlds(s: GameState, seat: int, race: int) -> list[int]:
    """Worlds within the race's reach of the conflict's world where seat has its tokens."""
    c = s.conf
    r = impl(race)
    if c is None or not r.reach:
        return []
    return [w for w in range(WORLDS) if _has_on(s, seat, w, race)
            and distance(s.pos[w], s.pos[c.world]) <= r.reach]


def _reaching(s: GameState, seat: int, world: int) -> list[int]:
    return [race for race, r in sorted(RACE_IMPL.items())
            if r.reach and _reach_worlds(s, seat, race)]


def times_used(s: GameState, race: int, seat: int) -> int:
    """How often seat used this A race's conflict power in the conflict under way (for
    powers each token of the race has once: "C:race:seat:k" marks, cleared with C)."""
    return sum(1 for m in s.used if m.startswith(f"C:{race}:{seat}:"))


def count_use(s: GameState, race: int, seat: int) -> None:
    s.add_used(f"C:{race}:{seat}:{times_used(s, race, seat) + 1}")


def count_in(s: GameState, seat: int, world: int, race: int) -> int:
    """Seat's tokens of the race on the world."""
    return len(tokens_as(s, world, seat, race))


def _conflict_scope(s: GameState, seat: int, world: int) -> list[int]:
    """Races whose conflict powers seat has at `world`: those of its stack there, and the
    remote ones it has a token of within RANGE (ascending)."""
    races = set(races_here(s, world, seat))
    for race, r in RACE_IMPL.items():
        if r.remote and race not in races:
            for w in range(WORLDS):
                if w != world and distance(s.pos[w], s.pos[world]) <= RANGE \
                        and _has_on(s, seat, w, race):
                    races.add(race)
                    break
    return sorted(races)


def use_conflict_power(s: GameState, seat: int, race: int,
                       args: tuple[int, ...]) -> Steps | None:
    """Carry out a conflict power; None if it is not allowed with these args."""
    c = s.conf
    if c is None or (race, args) not in conflict_powers(s, seat):
        return None
    r = impl(race)
    mark_used(s, race, seat)
    if r.sacrifice:
        sacrifice_token(s, seat, args[0] if r.reach else c.world, race)
    return r.conflict_power(s, seat, c.primary.index(seat), args)


def conflict_races(s: GameState, conf: Conflict) -> list[tuple[int, int, int]]:
    """(side, seat, race) for the races in the conflict's stacks, sides in order (a
    race muted on its side is left out)."""
    return [(side, seat, race) for side in (0, 1) for seat in conf.seats(side)
            if not silenced(s, conf.world, seat) for race in races_here(s, conf.world, seat)
            if not _silent(s, conf, side, race)]


def conflict_start_steps(s: GameState, conf: Conflict) -> Steps:
    """Steps of the races in the stacks as the conflict opens: 1/C and 1/B ones, and 1/T
    ones (once a turn: the Diplomats' price)."""
    out: Steps = []
    for side, seat, race in conflict_races(s, conf):
        r = impl(race)
        if r.use in ("1/C", "1/B", "1/T") and may_use(s, race, seat):
            got = r.conflict_start(s, seat, side)
            if got:
                mark_used(s, race, seat)
                out += got
    return out


def after_conflict_steps(s: GameState, present: list[tuple[int, int, int]],
                         winner: int) -> Steps:
    """Steps of 1/C races that were in the stacks (`present`, taken before the losers
    were destroyed) once the result is known."""
    out: Steps = []
    for side, seat, race in present:
        r = impl(race)
        if r.use in ("1/C", "1/B") and may_use(s, race, seat):
            got = r.after_conflict(s, seat, side == winner)
            if got:
                mark_used(s, race, seat)
                out += got
    return out


def decided_winner(s: GameState, conf: Conflict, cards: list[int]) -> int | None:
    """The side a 1/C race of the conflict's stacks makes win whatever the totals, from
    both sides' force card sums; None: the totals decide. Passive (no use mark)."""
    for side, seat, race in conflict_races(s, conf):
        r = impl(race)
        if r.use in ("1/C", "1/B"):
            got = r.decide(cards)
            if got is not None:
                return got
    return None


def refight(s: GameState, conf: Conflict, loser: int) -> bool:
    """Does a 1/C race of the losing side make it fight again (marking its use)?"""
    for side, seat, race in conflict_races(s, conf):
        r = impl(race)
        if side == loser and r.use in ("1/C", "1/B") and may_use(s, race, seat) \
                and r.refight(s, seat):
            mark_used(s, race, seat)
            return True
    return False


def attack_barred(s: GameState, world: int, attacker: int, seat: int) -> bool:
    """Does a race in seat's stack on `world` (1/C, 1/B, 1/T, not yet used) forbid
    `attacker` to attack that stack now?"""
    for race in races_here(s, world, seat):
        r = impl(race)
        if r.use in ("1/C", "1/B", "1/T") and may_use(s, race, seat) \
                and r.bars_attack(s, world, attacker, seat):
            return True
    return False


def after_result_steps(s: GameState, present: list[tuple[int, int, int]], winner: int,
                       lost: dict[int, tuple[int, ...]]) -> Steps:
    """Steps of the A and 1/C races that were in the stacks (`present`) once the losers
    are destroyed, the losing side's first (they act as they fall); a 1/C race is marked
    when it does something."""
    out: Steps = []
    for side, seat, race in sorted(present, key=lambda x: x[0] == winner):
        r = impl(race)
        if r.use in ("A", "1/C", "1/B") and may_use(s, race, seat):
            before = dict(lost)
            got = r.after_result(s, seat, side, winner, lost)
            if got or lost != before:
                mark_used(s, race, seat)
                out += got
    return out


def provoked(s: GameState, targets: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (world, seat) attack targets whose stack there holds a provoking race: the
    attacker may not end his attacks while one is left (once a world is fought over it
    is no longer a target)."""
    return [(w, p) for w, p in targets
            if any(impl(race).provokes for race in races_here(s, w, p))]


def foresight(s: GameState, conf: Conflict) -> int:
    """The side whose primary player picks his force card once the other's is shown: his
    own stack holds a foreseeing race with its power there; -1 if no side or both."""
    sides = [side for side in (0, 1) if any(
        impl(race).foresees and not muted(s, side, race)
        for race in races_here(s, conf.world, conf.primary[side]))]
    return sides[0] if len(sides) == 1 else -1


def move_barred(s: GameState, world: int, mover: int) -> bool:
    """Does a 1/W race of another seat on `world` hold mover's tokens there (migration)?
    Passive: no use mark."""
    for owner in s.occupants(world):
        if owner == mover:
            continue
        for race in races_here(s, world, owner):
            r = impl(race)
            if r.use == "1/W" and may_use(s, race, owner, world) \
                    and r.bars_move(s, world, owner, mover):
                return True
    return False


def far_allies(s: GameState, conf: Conflict, side: int, seat: int) -> list[tuple[int, int]]:
    """(world, code) of seat's tokens on other worlds within RANGE of the conflict that
    would come to join `side` as allies: those of races allying from afar (A), or all of
    them if the side's primary has a race calling allies in his stack (1/C, not yet used).
    Passive: no use mark."""
    prim = conf.primary[side]
    calls = any(impl(r).calls_allies and _use(r) == "1/C" and may_use(s, r, prim)
                for r in races_here(s, conf.world, prim))
    here = s.pos[conf.world]
    out = []
    for w in range(WORLDS):
        if w == conf.world or distance(s.pos[w], here) > RANGE:
            continue
        for code in s.tokens(w, seat):
            if calls or any(impl(r).ally_from_afar and impl(r).use == "A"
                            for r in acting(s, w, seat, code)):
                out.append((w, code))
    return out


def move_watch_steps(s: GameState, mover: int, src: int, dst: int,
                     codes: list[int]) -> Steps:
    """Steps of the A races of the other seats standing on src or dst (after the move)
    that act on mover's migration move of these token codes, seats in turn order from the
    active one, races ascending."""
    out: Steps = []
    for owner in s.seat_order_from_active():
        if owner == mover:
            continue
        for race in sorted(set(races_here(s, src, owner)) | set(races_here(s, dst, owner))):
            r = impl(race)
            if r.use == "A":
                out += r.watch_move(s, owner, mover, src, dst, codes)
    return out


def redirects(s: GameState, conf: Conflict, seat: int) -> list[tuple[int, int]]:
    """(race, seat) pairs: the 1/C races of seat's stack on the conflict's world (not yet
    used) and the seats each lets him turn the attack onto."""
    out = []
    for race in races_here(s, conf.world, seat):
        r = impl(race)
        if r.use == "1/C" and may_use(s, race, seat):
            out += [(race, p) for p in r.redirect_targets(s, conf, seat)]
    return out


def supply_of(s: GameState, origin: int) -> int:
    """Most tokens of this world letter on the map at once (rules 003: 20; A races may
    change it)."""
    return min([impl(r).supply() for r in world_races(s, origin) if impl(r).use == "A"],
               default=SUPPLY)


def undying(s: GameState, code: int) -> bool:
    """Is this token beyond destruction (a lost conflict, a Supernova, a kill power)?"""
    return any(impl(r).use == "A" and impl(r).undying() for r in world_races(s, code // MOVES))


def token_targets(s: GameState, world: int, seats: list[int] | tuple[int, ...],
                  kill: bool = False) -> list[tuple[int, ...]]:
    """(seat, origin) of the tokens of these seats on `world` a power may pick, one per
    origin (tokens of one origin are alike); a power that kills skips `undying` ones."""
    return [(p, o) for p in seats
            for o in sorted({code // MOVES for code in s.tokens(world, p)
                             if not (kill and undying(s, code))})]


def take_token(s: GameState, world: int, seat: int, origin: int) -> int:
    """Take one of seat's tokens of `origin` off `world` (a `token_targets` pick); its
    code."""
    codes = list(s.tokens(world, seat))
    code = next(c for c in codes if c // MOVES == origin)
    codes.remove(code)
    s.set_tokens(world, seat, codes)
    return code


def _load_all() -> None:
    for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{m.name}")


_load_all()
