"""Alien powers: the registration API and the hook points the flow calls.

One alien is one module under engine/aliens/ that builds an `Alien` and calls `register`.
An alien breaks rules only through these hooks; the encounter flow never names an alien.

How a power acts:
- **Uses at windows** (`windows`, `options`, `use`): the owner is asked at the named
  windows (engine.windows) and may answer with `UsePower(option, args)`; a use opens the
  Cosmic Zap response window (unless `zappable` says no) and then resolves. A window where
  `mandatory(s, seat, window)` is true does not offer the owner "pass".
- **Automatic uses** (`auto_use`): a mandatory use without a choice is pushed as an
  ("auto_power", seat, option, args) step: still a *use*, so still zappable.
- **Passive rules** read the state and change a number or a rule: `max_ships`,
  `may_ally`, `totals`, `decide`, `regroup`, `continue_turn`, `after_resolution`,
  `after_warp`, `on_discard`, `planning_order`, `card_values`, `show_selected`. A passive
  part works whenever the owner has its power; it cannot be zapped unless it reads a flag
  that a use set.
- **Extra steps** from hooks: `before_destiny` (before the draw; a power that names the
  defense skips it), `after_warp`, `encounter_end` (the encounter over, ships home). A
  step that asks the owner (the Healer's `heal`, the Will's `will_choose`) lives in the
  alien's module and goes through `windows.power_step`, so its use is zappable.
- **Discards**: `discarded(s, by, handles, why)` follows every face-up discard from a
  hand or the table (a played artifact, a new hand, the Plague's, the Hate's); the
  Vulch collects artifacts there.
- **Held cards and tidying up** (asked even of a lost or zapped power): `held` names
  cards in a hand that belong to someone else (the Demon's possessed cards), which
  random takes, gifts and trades leave alone (`held_for_others`); `encounter_cleanup`
  undoes a power's temporary effect at the end of every encounter.
- **Losses and going home** (`resolution_losses`, `before_going_home`): the resolution
  tells powers how many ships each seat lost from the gate, the target planet or beside
  it (the Carnage doubles its opponents' losses); an encounter that ends without a
  winner (a deal to make, or called off) runs `before_going_home` steps before its
  committed ships go home (the Conscriptor's drafted ships go back to the warp).
- **Draws** (`after_draw`): steps once a seat has drawn cards from the deck (every
  `draw`: the deal, new hands, rewards, a power's draws), after they are delivered; the
  Collector draws on until it holds the cards it wants.
- **Face-up hands** (`face_up`): cards in hands that a power keeps face up for all (the
  Aura's); whenever the game waits for a seat, any of them not yet public are turned up
  first (a `reveal_cards` chance, engine.api), so a card drawn later is shown too.
- **Kept powers** (`kept_powers`, s.extra["kept"]): a power a seat keeps beneath its
  current alien (the Reincarnator's); its passive hooks run too.
- **The last reveal** (pseudo-window "last_reveal", engine.flow RevealStep): a power with
  options there makes its owner reveal after the other main player, and offers those
  uses instead of its Reveal (the Gambler's bluff).
- **What the cards count as** (`card_kinds`): after a morph has copied and Emotion Control
  has acted, a power may change the kind each encounter card counts as (the Empath turns
  its opponent's card into a negotiate).
- **Landing** (`landing`): when the offense wins, each seat with ships on the gate lands
  them on the target only if every power's `landing(s, owner, lander)` agrees; ships that
  do not land stay on the gate and go home at the end of the encounter, unless a power's
  `after_resolution` steps place them elsewhere first (the Filth).

- **Who holds what, who defends, where** (rules 004: Changeling, Anarchy, Chameleon,
  Deflector, Chronos): `defense_known` (steps as soon as the defense is known, once, before
  the launch); `swap_aliens` and `take_all_aliens` move sheets between seats (a redeal is
  engine.alien_deal `redeal_steps`, one `new_alien` chance per seat); a power a seat gave
  away this encounter (s.extra["given_away"]) still runs its `encounter_cleanup` and
  `held` for that seat. `change_defense` names a new defensive main player; `join_defense`
  makes a seat's ships on the target count as the defense's (the flow reads
  `co_defenders`); `aim` fixes the planet the launch must aim at (the flow reads
  `aimed_at`). `set_aside` keeps a card out of every hand, under its handle, until the
  encounter ends (s.extra["aside"], a zone of its own); engine.flow
  `replay_from_planning` rewinds the encounter to the choice of cards.
**Destiny deck** (engine.flow Destiny, DestinyDrawn, EncounterEnd):
- `destiny_drawn(s, seat, drawer, handle)`: right after a destiny card is drawn and
  turned up, before the draw is followed (Assassin, Belch, Disease); its steps run first.
- `keep_destiny(s, seat, drawer, handle)`: a destiny card is about to go to the destiny
  discard pile (at the end of the encounter, or drawn again); a power that answers True
  holds it instead (the Ambush). Held destiny cards are public, kept by the framework in
  s.extra["destiny_held"] ([[seat, handle], ...]; `held_destiny`, `release_destiny`)
  and all go back into the deck when it is reshuffled, whoever holds them and whether or
  not their powers still work.
- `destiny_shuffled(s, seat)`: steps after the destiny deck is newly shuffled: at setup
  once the first player is known, and after every reshuffle (the Fate).
- Frozen planets (the Chill): a use sets the encounter flag "frozen:PLANET"; every ship
  choice that moves ships somewhere other than the warp asks `colony_sources(...,
  moving=True)` (engine.steps), which leaves frozen planets out.

**Turn order, forced alliances, turns that go on** (rules 004: Queue, Juggernaut, Zealot):
- `next_turn(s, seat, ended)`: steps after a turn, before the next one begins; the flow
  has moved s.offense clockwise, and a step may name another seat (the Queue's choice).
- `invited(s, seat, inviter, seats)`: steps once a main player has invited allies;
  `must_join(s, seat, ally, side)`: an invited seat with ships to send may not decline
  `side`'s invitation, only join a side (the Juggernaut's, after its use).
- `must_continue(s, seat, offense)`: after an encounter the flow lets the turn go on
  (`continue_turn`), the offense must take the next encounter unless it holds no
  encounter card: ending the turn is then a recorded claim of that (the Zealot's streak).
- `late_ships(s, seat, committer, side)`: a seat launching (side 0) or joining a side
  as an ally commits no ships then; the flow marks it (encounter flag "late:SEAT:SIDE")
  and asks it for its ships once both cards are chosen, just before the reveal (engine.flow
  `late_ships` step; the Wavebender's). Nothing is hidden: the count is chosen then.
- `play_for(s, seat, side)`: the card `seat` chose face down counts as `side`'s, and
  `seat` turns it up at the reveal (the flow reads `revealer`): a power that changed the
  defense after the cards were chosen (the Paradigm).

Everything here asks `has_power` first: a power lost to too few home colonies, or zapped
this encounter, does nothing. Hooks run in timing order (offense, defense, then clockwise
from the offense's left; rules 001, Timing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .state import GameState

__all__ = [
    "Alien", "ALIENS", "register", "alien_of", "powered", "max_ships", "may_ally",
    "adjust_totals", "decide", "regroup_count", "continue_turn", "after_resolution",
    "after_warp", "on_discard", "planning_order", "Option", "kept_powers", "before_destiny",
    "encounter_end", "discarded", "held_for_others", "encounter_cleanup",
    "adjust_card_values", "must_show", "UNINVITED", "deal_frees", "resolution_losses",
    "before_going_home", "after_draw", "face_up_cards", "defense_known", "swap_aliens",
    "take_all_aliens", "GIVEN_AWAY", "set_aside", "aside", "ASIDE", "aim", "aimed_at",
    "join_defense", "co_defenders", "change_defense", "destiny_drawn", "discard_destiny",
    "held_destiny", "release_destiny", "gather_held_destiny", "destiny_shuffled",
    "HELD_DESTINY", "adjust_card_kinds", "may_land",
    "must_continue", "invited", "must_join", "next_turn", "late_ships", "play_for",
    "revealer",
]

Step_t = tuple[Any, ...]
Option = tuple[int, tuple[int, ...]]  # (option number, arguments)


def _none(*args: Any) -> None:
    return None


@dataclass(frozen=True)
class Alien:
    """An alien power: its sheet (data) and its hooks (behaviour).

    Sheet: `lamp` (green, yellow, red), `summary` (one line, our own words), `roles`
    (offense, defense, main, ally, any), `phases` (where it acts), `mandatory`, and
    `source` (which rule text it follows: "001 (FFG)", "004 (classic)", ...).
    """

    name: str
    lamp: str
    summary: str
    roles: tuple[str, ...]
    phases: tuple[str, ...]
    mandatory: bool
    source: str
    windows: tuple[str, ...] = ()
    options: Callable[[GameState, int, str], Sequence[Option]] = lambda s, seat, w: ()
    use: Callable[[GameState, int, int, tuple[int, ...]], None] = _none
    zappable: Callable[[int], bool] = lambda option: True
    must_use: Callable[[GameState, int, str], bool] = lambda s, seat, w: False
    # passive hooks; None = the rule as written
    max_ships: Callable[[GameState, int, str], int | None] | None = None
    may_ally: Callable[[GameState, int], Sequence[int]] | None = None
    totals: Callable[[GameState, int, int, int], tuple[int, int]] | None = None
    decide: Callable[[GameState, int, str], str] | None = None
    regroup: Callable[[GameState, int], int] | None = None
    continue_turn: Callable[[GameState, int], bool] | None = None
    after_resolution: Callable[[GameState, int, list[Step_t]], list[Step_t]] | None = None
    after_warp: Callable[[GameState, int, int, int], list[Step_t]] | None = None
    on_discard: Callable[[GameState, int, tuple[int, ...]], tuple[int, ...]] | None = None
    planning_order: Callable[[GameState, int], tuple[int, ...] | None] | None = None
    on_zapped: Callable[[GameState, int, int], None] | None = None  # (seat, option)
    # the two encounter card values (off, def) as a power changes them (Calculator, Mirror)
    card_values: Callable[[GameState, int, int, int], tuple[int, int]] | None = None
    # (seat, selector): must `selector` show its card face up as soon as it chose it (Oracle)
    show_selected: Callable[[GameState, int, int], bool] | None = None
    # steps before the destiny draw (a power that sets the defense skips the draw)
    before_destiny: Callable[[GameState, int], list[Step_t]] | None = None
    # steps once the encounter is over and its ships are home (every result, even aborted)
    encounter_end: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, by, handles, why): cards `by` just put face up on the discard pile (why:
    # "played", "new_hand", "plague", "hate"); returns steps to push (the Vulch)
    discarded: Callable[[GameState, int, int, tuple[int, ...], str], list[Step_t]] | None = None
    # asked whether or not the power works, so a lost power still tidies up (the Demon):
    held: Callable[[GameState, int, int], tuple[int, ...]] | None = None  # (seat, holder)
    encounter_cleanup: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, other): how many of `other`'s ships in the warp this main player may free as
    # a term of a deal with it (the Zombie); 0 = none
    deal_frees: Callable[[GameState, int, int], int] | None = None
    # (seat, lost): ships each seat (index) lost to the warp in the resolution, from the
    # gate, the target planet or beside it; returns steps to push (the Carnage)
    resolution_losses: Callable[[GameState, int, tuple[int, ...]], list[Step_t]] | None = None
    # steps before the committed ships go home from an encounter without a winner (why:
    # "deal" or "aborted"): the Conscriptor's drafted ships go back to the warp
    before_going_home: Callable[[GameState, int, str], list[Step_t]] | None = None
    # (seat, drawer): steps once `drawer` has drawn cards from the deck (the Collector)
    after_draw: Callable[[GameState, int, int], list[Step_t]] | None = None
    # (seat): cards in hands that the power keeps face up for everyone now (the Aura)
    face_up: Callable[[GameState, int], Sequence[int]] | None = None
    # steps once the defense is known (after destiny, before the launch): the Changeling
    defense_known: Callable[[GameState, int], list[Step_t]] | None = None
    # -- the destiny deck (see "Destiny deck" above) --
    # (seat, drawer, handle): a destiny card `drawer` drew is face up; steps to push
    destiny_drawn: Callable[[GameState, int, int, int], list[Step_t]] | None = None
    # (seat, drawer, handle): does this power keep a destiny card `drawer` discards?
    keep_destiny: Callable[[GameState, int, int, int], bool] | None = None
    # (seat): steps once the destiny deck is newly shuffled (setup, reshuffles)
    destiny_shuffled: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, (off kind, def kind)) -> the kinds the two encounter cards count as (Empath)
    card_kinds: Callable[[GameState, int, tuple[str, str]], tuple[str, str]] | None = None
    # (seat, lander) -> may `lander` land its gate ships on the target when the offense
    # wins (the Filth keeps others off a planet holding its ships)
    landing: Callable[[GameState, int, int], bool] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # -- the shape of the turn and the alliance (see "Turn order, forced alliances") --
    # (seat, offense): must the offense take another encounter now, if it holds an
    # encounter card (the Zealot's attacks until it wins)?
    must_continue: Callable[[GameState, int, int], bool] | None = None
    # (seat, inviter, invited seats): steps once a main player has invited (Juggernaut)
    invited: Callable[[GameState, int, int, tuple[int, ...]], list[Step_t]] | None = None
    # (seat, ally, side): must this invited seat join a side rather than decline?
    must_join: Callable[[GameState, int, int, int], bool] | None = None
    # (seat, ended): steps after `ended`'s turn, before the next turn; they may name the
    # next offense (s.offense), which the flow has already moved clockwise (Queue)
    next_turn: Callable[[GameState, int, int], list[Step_t]] | None = None
    # (seat, committer, side): does `committer` put its ships on `side` just before the
    # reveal rather than at the launch or alliance (the Wavebender's side)?
    late_ships: Callable[[GameState, int, int, int], bool] | None = None


ALIENS: dict[str, Alien] = {}


def register(alien: Alien) -> Alien:
    if alien.name in ALIENS:
        raise ValueError(f"alien {alien.name!r} registered twice")
    ALIENS[alien.name] = alien
    return alien


def alien_of(s: GameState, seat: int) -> Alien | None:
    name = s.aliens[seat]
    return ALIENS.get(name) if name else None


def powered(s: GameState, hook: str) -> list[tuple[int, Alien, Callable[..., Any]]]:
    """(seat, alien, hook function) of every seat whose working power has this hook, in
    timing order."""
    if not any(s.aliens):
        return []
    out = []
    kept = s.extra.get("kept")
    for seat in s.timing_order():
        for name in (s.aliens[seat], *kept_powers(s, seat)) if kept else (s.aliens[seat],):
            a = ALIENS.get(name)
            if a is None:
                continue
            fn = getattr(a, hook)
            if fn is not None and s.has_power(seat):
                out.append((seat, a, fn))
    return out


def kept_powers(s: GameState, seat: int) -> tuple[str, ...]:
    """Powers a seat keeps beneath its current alien (the Reincarnator's own sheet stays
    under each alien it becomes). Stored as s.extra["kept"]: [[seat, name], ...]; their
    passive hooks run like the current alien's; they have no uses at windows."""
    return tuple(name for k, name in s.extra.get("kept", ())
                 if k == seat and name != s.aliens[seat])


# -- hook points the flow calls ----------------------------------------------------------------


def max_ships(s: GameState, seat: int, role: str, default: int = 4) -> int:
    """How many ships `seat` may commit as `role` (offense / ally)."""
    a = alien_of(s, seat)
    if a is not None and a.max_ships is not None and s.has_power(seat):
        limit = a.max_ships(s, seat, role)
        if limit is not None:
            return limit
    return default


UNINVITED = 99  # the option of the use that is joining a side uninvited (`may_ally`)


def may_ally(s: GameState, seat: int) -> list[int]:
    """Sides (0 offense, 1 defense) a seat may join without being invited. Joining so is a
    use of the power (option UNINVITED, args (side,)): the flow opens the Cosmic Zap
    window after the join, and a zapped use calls the alien's `on_zapped`."""
    a = alien_of(s, seat)
    if a is not None and a.may_ally is not None and s.has_power(seat):
        return list(a.may_ally(s, seat))
    return []


def adjust_card_values(s: GameState, off: int, dfn: int) -> tuple[int, int]:
    """The encounter cards' values (offense, defense) after powers that change them."""
    for seat, _, fn in powered(s, "card_values"):
        off, dfn = fn(s, seat, off, dfn)
    return off, dfn


def must_show(s: GameState, selector: int) -> bool:
    """Must `selector` turn its encounter card face up right after choosing it?"""
    return any(fn(s, seat, selector) for seat, _, fn in powered(s, "show_selected"))


def adjust_totals(s: GameState, off: int, dfn: int) -> tuple[int, int]:
    for seat, _, fn in powered(s, "totals"):
        off, dfn = fn(s, seat, off, dfn)
    return off, dfn


def decide(s: GameState, result: str) -> str:
    """The winner after the printed rules ("offense"/"defense"), as powers change it."""
    for seat, _, fn in powered(s, "decide"):
        result = fn(s, seat, result)
    return result


def regroup_count(s: GameState, seat: int) -> int:
    """Ships the offense retrieves in its regroup: one, or what a power or an effect
    played this encounter says (the flag "regroup3:SEAT", set by the Kamikaze's super
    flare, makes it three)."""
    base = 3 if s.enc is not None and s.enc.has_flag(f"regroup3:{seat}") else 1
    a = alien_of(s, seat)
    if a is not None and a.regroup is not None and s.has_power(seat):
        return max(base, a.regroup(s, seat))
    return base


def continue_turn(s: GameState, seat: int) -> bool:
    """May the offense have another encounter beyond the rules' limit?"""
    a = alien_of(s, seat)
    return bool(a is not None and a.continue_turn is not None and s.has_power(seat)
                and a.continue_turn(s, seat))


def after_resolution(s: GameState, steps: list[Step_t]) -> list[Step_t]:
    for seat, _, fn in powered(s, "after_resolution"):
        steps = fn(s, seat, steps)
    return steps


def after_warp(s: GameState, owner: int, count: int) -> list[Step_t]:
    """Steps that follow `count` of `owner`'s ships going to the warp (Zombie, Healer...)."""
    steps: list[Step_t] = []
    if count <= 0:
        return steps
    for seat, _, fn in powered(s, "after_warp"):
        steps += fn(s, seat, owner, count)
    return steps


def on_discard(s: GameState, handles: tuple[int, ...]) -> tuple[int, ...]:
    """Cards about to go to the discard pile; a power may take some (returns the rest)."""
    for seat, _, fn in powered(s, "on_discard"):
        handles = fn(s, seat, handles)
    return handles


def planning_order(s: GameState) -> tuple[int, ...] | None:
    for seat, _, fn in powered(s, "planning_order"):
        order: tuple[int, ...] | None = fn(s, seat)
        if order is not None:
            return order
    return None


def before_destiny(s: GameState) -> list[Step_t]:
    """Steps before the offense draws destiny (the Will may choose its defense instead)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "before_destiny"):
        steps += fn(s, seat)
    return steps


def encounter_end(s: GameState) -> list[Step_t]:
    """Steps when the encounter is over and its ships are home (the Reincarnator)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "encounter_end"):
        steps += fn(s, seat)
    return steps


def discarded(s: GameState, by: int, handles: tuple[int, ...], why: str) -> list[Step_t]:
    """Steps that follow `by` putting these cards (faces public) on the discard pile."""
    steps: list[Step_t] = []
    if handles:
        for seat, _, fn in powered(s, "discarded"):
            steps += fn(s, seat, by, handles, why)
    return steps


def held_for_others(s: GameState, holder: int) -> tuple[int, ...]:
    """Handles in `holder`'s hand that are not its own (the Demon's possessed cards):
    random takes, gifts and trades leave them alone. Asked even of a lost power."""
    out: tuple[int, ...] = ()
    for seat in range(s.n):
        for name in (s.aliens[seat], *_given_away(s, seat)):
            a = ALIENS.get(name)
            if a is not None and a.held is not None:
                out += a.held(s, seat, holder)
    return out


def encounter_cleanup(s: GameState) -> list[Step_t]:
    """Steps at the end of an encounter that undo a power's temporary effects (cards
    possessed by the Demon go home); run for every alien, whether its power works or not."""
    steps: list[Step_t] = []
    for seat in s.timing_order():
        for name in (s.aliens[seat], *_given_away(s, seat)):
            a = ALIENS.get(name)
            if a is not None and a.encounter_cleanup is not None:
                steps += a.encounter_cleanup(s, seat)
    s.extra.pop(GIVEN_AWAY, None)
    _return_aside(s)
    return steps


def deal_frees(s: GameState) -> tuple[int, int, int] | None:
    """(freer, freed, most): a main player whose power lets it free the other main
    player's ships from the warp as a term of their deal (a fifth deal term), if any."""
    e = s.enc
    if e is None:
        return None
    for seat, other in ((e.offense, e.defense), (e.defense, e.offense)):
        a = alien_of(s, seat)
        if a is not None and a.deal_frees is not None and s.has_power(seat):
            most = a.deal_frees(s, seat, other)
            if most > 0:
                return seat, other, most
    return None


def resolution_losses(s: GameState, lost: tuple[int, ...]) -> list[Step_t]:
    """Steps that follow the resolution's losses: `lost[seat]` ships of each seat went to
    the warp from the gate, the target planet or beside it (not the Plague's, nor any
    power's)."""
    steps: list[Step_t] = []
    if any(lost):
        for seat, _, fn in powered(s, "resolution_losses"):
            steps += fn(s, seat, lost)
    return steps


def before_going_home(s: GameState, why: str) -> list[Step_t]:
    """Steps before the ships of an encounter without a winner go home (why: "deal", both
    main players negotiating, or "aborted", the encounter called off)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "before_going_home"):
        steps += fn(s, seat, why)
    return steps


def after_draw(s: GameState, drawer: int) -> list[Step_t]:
    """Steps once `drawer` has drawn cards from the deck and holds them (the Collector)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "after_draw"):
        steps += fn(s, seat, drawer)
    return steps


def face_up_cards(s: GameState) -> tuple[int, ...]:
    """Cards that powers keep face up (the Aura's) and whose faces are not public yet."""
    out: list[int] = []
    for seat, _, fn in powered(s, "face_up"):
        out += [h for h in fn(s, seat) if h not in s.faces and h not in out]
    return tuple(out)


# -- powers changing hands, the defense and the target (rules 004: Changeling, Anarchy,
# Chameleon, Deflector; Chronos's cards set aside) ----------------------------------------

GIVEN_AWAY = "given_away"  # extra: [[seat, alien], ...] powers a seat held earlier this encounter
ASIDE = "aside"  # extra: [[owner, handle], ...] cards a power set aside until the encounter ends


def defense_known(s: GameState) -> list[Step_t]:
    """Steps as soon as the defense is known, before the launch (the Changeling's swap).
    Runs once, after destiny (or a power) named the defense; a later change of defense
    (`change_defense`) does not run it again."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "defense_known"):
        steps += fn(s, seat)
    return steps


def _given_away(s: GameState, seat: int) -> tuple[str, ...]:
    return tuple(name for k, name in s.extra.get(GIVEN_AWAY, ()) if k == seat)


def _note_given_away(s: GameState, seat: int, name: str) -> None:
    """Remember that `seat` held `name` during this encounter, so the power's tidying up
    (`encounter_cleanup`, `held`) still runs for that seat when the encounter ends."""
    if not name:
        return
    entries = [list(k) for k in s.extra.get(GIVEN_AWAY, ())]
    if [seat, name] not in entries:
        s.extra[GIVEN_AWAY] = sorted(entries + [[seat, name]])


def _set_aliens(s: GameState, aliens: list[str]) -> None:
    for seat, name in enumerate(aliens):
        if name != s.aliens[seat]:
            _note_given_away(s, seat, s.aliens[seat])
    s.aliens = tuple(aliens)


def swap_aliens(s: GameState, a: int, b: int) -> None:
    """Seats `a` and `b` exchange their current aliens (the power sheets, not what lies
    beneath: kept powers stay with their seats). Emits ("alien", seat, name) for both."""
    from .steps import emit  # steps imports this module
    aliens = list(s.aliens)
    aliens[a], aliens[b] = aliens[b], aliens[a]
    _set_aliens(s, aliens)
    emit(s, "alien", a, aliens[a])
    emit(s, "alien", b, aliens[b])


def take_all_aliens(s: GameState, seats: Sequence[int]) -> list[str]:
    """Gather the powers of these seats for a new deal: their current aliens and every
    power kept beneath them (s.extra["kept"]), sorted; the seats are left without an alien
    and nothing is kept beneath any more. The caller deals from the returned pool
    (engine.alien_deal `redeal_steps`)."""
    pool = {s.aliens[seat] for seat in seats if s.aliens[seat]}
    pool |= {name for k, name in s.extra.get("kept", ()) if k in seats}
    kept = [list(k) for k in s.extra.get("kept", ()) if k[0] not in seats]
    if kept:
        s.extra["kept"] = kept
    else:
        s.extra.pop("kept", None)
    aliens = list(s.aliens)
    for seat in seats:
        aliens[seat] = ""
    _set_aliens(s, aliens)
    return sorted(pool)


def set_aside(s: GameState, owner: int, handle: int) -> None:
    """Put a card of `owner`'s aside, out of every hand, under its own handle (its face
    stays as public or hidden as it was); it goes back to `owner`'s hand when the
    encounter ends (`encounter_cleanup`). The caller has taken it from where it was."""
    s.extra[ASIDE] = [list(k) for k in s.extra.get(ASIDE, ())] + [[owner, handle]]


def aside(s: GameState) -> tuple[int, ...]:
    """The handles set aside (a zone of their own until the encounter ends)."""
    return tuple(h for _, h in s.extra.get(ASIDE, ()))


def _return_aside(s: GameState) -> None:
    """Cards set aside go back to their owners' hands. A card never leaves its owner's
    knowledge while aside, so no delivery is needed."""
    for owner, h in s.extra.pop(ASIDE, ()):
        s.set_hand(owner, s.hands[owner] + (h,))


def aim(s: GameState, planet: int) -> None:
    """The offense must aim the gate at this planet (the Deflector's choice); read by the
    launch (engine.flow) as the encounter flag "aim:PLANET"."""
    assert s.enc is not None
    s.enc.flags = tuple(f for f in s.enc.flags if not f.startswith("aim:"))
    s.enc.add_flag(f"aim:{planet}")


def aimed_at(s: GameState) -> int | None:
    """The planet a power made the offense aim at, if any."""
    e = s.enc
    for f in e.flags if e is not None else ():
        if f.startswith("aim:"):
            return int(f[4:])
    return None


def change_defense(s: GameState, seat: int) -> None:
    """`seat` becomes the defensive main player of the encounter under way (its own power
    acts as the defense's from now on)."""
    from .steps import emit
    assert s.enc is not None
    s.enc.defense = seat
    emit(s, "new_defense", seat)


def join_defense(s: GameState, seat: int) -> None:
    """`seat`'s ships on the target planet count as the defense's from now on: in the
    defense's total, and lost with the defense's ships if the offense wins (the
    Chameleon's change of colour). Read by the flow through `co_defenders`."""
    assert s.enc is not None
    s.enc.add_flag(f"co_defense:{seat}")


def co_defenders(s: GameState) -> tuple[int, ...]:
    """Seats whose ships on the target count as the defense's (besides the defense)."""
    e = s.enc
    if e is None:
        return ()
    return tuple(sorted(int(f.split(":")[1]) for f in e.flags if f.startswith("co_defense:")
                        and int(f.split(":")[1]) != e.defense))


# -- the destiny deck ---------------------------------------------------------------------------

HELD_DESTINY = "destiny_held"  # s.extra key: [[seat, handle], ...], destiny cards held face up


def destiny_drawn(s: GameState, drawer: int, handle: int) -> list[Step_t]:
    """Steps that follow `drawer` turning up destiny card `handle` (its face is public)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "destiny_drawn"):
        steps += fn(s, seat, drawer, handle)
    return steps


def discard_destiny(s: GameState, drawer: int, handle: int) -> None:
    """Put the destiny card `drawer` drew on the destiny discard pile, unless a power keeps
    it (the first in timing order that wants it)."""
    for seat, _, fn in powered(s, "keep_destiny"):
        if fn(s, seat, drawer, handle):
            s.extra[HELD_DESTINY] = [*s.extra.get(HELD_DESTINY, []), [seat, handle]]
            s.events.append(("destiny_kept", seat, s.faces[handle]))
            return
    s.destiny_discard = s.destiny_discard + (handle,)


def held_destiny(s: GameState, seat: int) -> tuple[int, ...]:
    """The destiny cards `seat` holds, oldest first."""
    return tuple(h for k, h in s.extra.get(HELD_DESTINY, ()) if k == seat)


def release_destiny(s: GameState, seat: int, handle: int) -> None:
    """`seat` discards a destiny card it holds onto the destiny discard pile."""
    held = [[k, h] for k, h in s.extra.get(HELD_DESTINY, ()) if [k, h] != [seat, handle]]
    if held:
        s.extra[HELD_DESTINY] = held
    else:
        s.extra.pop(HELD_DESTINY, None)
    s.destiny_discard = s.destiny_discard + (handle,)


def gather_held_destiny(s: GameState) -> tuple[int, ...]:
    """Every held destiny card, taken back for a reshuffle (asked of no power: the cards
    go back even if their holder's power is lost or gone)."""
    held = tuple(h for _, h in s.extra.pop(HELD_DESTINY, ()))
    return held


def destiny_shuffled(s: GameState) -> list[Step_t]:
    """Steps once the destiny deck is newly shuffled (the Fate arranges it)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "destiny_shuffled"):
        steps += fn(s, seat)
    return steps


def adjust_card_kinds(s: GameState, kinds: tuple[str, str]) -> tuple[str, str]:
    """What the two encounter cards (offense, defense) count as, after powers that change
    it (the Empath)."""
    for seat, _, fn in powered(s, "card_kinds"):
        kinds = fn(s, seat, kinds)
    return kinds


def may_land(s: GameState, lander: int) -> bool:
    """May `lander` land its gate ships on the target planet when the offense wins? A
    power may keep it off (the Filth); its ships then stay on the gate."""
    return all(fn(s, seat, lander) for seat, _, fn in powered(s, "landing"))


# -- turn order, forced alliances, turns that go on (rules 004: Queue, Juggernaut, Zealot) --


def must_continue(s: GameState, offense: int) -> bool:
    """Must the offense go on to another encounter now (it may end its turn only without
    an encounter card: a recorded claim)? The Zealot's streak."""
    return any(fn(s, seat, offense) for seat, _, fn in powered(s, "must_continue"))


def invited(s: GameState, inviter: int, seats: tuple[int, ...]) -> list[Step_t]:
    """Steps once main player `inviter` has invited these seats (the Juggernaut's forced
    alliance is a use here)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "invited"):
        steps += fn(s, seat, inviter, seats)
    return steps


def must_join(s: GameState, ally: int, side: int) -> bool:
    """Must invited seat `ally`, if it joins no other side, join `side` (it may not
    decline)? Asked only while it has ships it could send."""
    return any(fn(s, seat, ally, side) for seat, _, fn in powered(s, "must_join"))


def next_turn(s: GameState, ended: int) -> list[Step_t]:
    """Steps between `ended`'s turn and the next; s.offense is already the next seat
    clockwise, and a step may name another (the Queue)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "next_turn"):
        steps += fn(s, seat, ended)
    return steps


def late_ships(s: GameState, committer: int, side: int) -> bool:
    """Does `committer`, launching (side 0) or allying with `side`, put its ships in just
    before the reveal instead of now?"""
    return any(fn(s, seat, committer, side) for seat, _, fn in powered(s, "late_ships"))


def play_for(s: GameState, seat: int, side: int) -> None:
    """The card `seat` put face down is `side`'s encounter card: `seat` reveals it (a
    power made another seat that side's main player after the cards were chosen)."""
    assert s.enc is not None
    s.enc.flags = tuple(f for f in s.enc.flags if not f.startswith(f"plays_for:{side}:"))
    s.enc.add_flag(f"plays_for:{side}:{seat}")


def revealer(s: GameState, side: int) -> int:
    """The seat that turns up `side`'s encounter card: its main player, unless a power
    said otherwise (`play_for`)."""
    e = s.enc
    assert e is not None
    for f in e.flags:
        if f.startswith(f"plays_for:{side}:"):
            return int(f.split(":")[2])
    return e.defense if side else e.offense
