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
    "adjust_card_values", "must_show", "adjust_card_kinds", "may_land",
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
    extra: dict[str, Any] = field(default_factory=dict)
    # (seat, (off kind, def kind)) -> the kinds the two encounter cards count as (Empath)
    card_kinds: Callable[[GameState, int, tuple[str, str]], tuple[str, str]] | None = None
    # (seat, lander) -> may `lander` land its gate ships on the target when the offense
    # wins (the Filth keeps others off a planet holding its ships)
    landing: Callable[[GameState, int, int], bool] | None = None


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


def may_ally(s: GameState, seat: int) -> list[int]:
    """Sides (0 offense, 1 defense) a seat may join without being invited."""
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
        a = ALIENS.get(s.aliens[seat])
        if a is not None and a.held is not None:
            out += a.held(s, seat, holder)
    return out


def encounter_cleanup(s: GameState) -> list[Step_t]:
    """Steps at the end of an encounter that undo a power's temporary effects (cards
    possessed by the Demon go home); run for every alien, whether its power works or not."""
    steps: list[Step_t] = []
    for seat in s.timing_order():
        a = ALIENS.get(s.aliens[seat])
        if a is not None and a.encounter_cleanup is not None:
            steps += a.encounter_cleanup(s, seat)
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
