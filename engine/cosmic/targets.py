"""The encounter's target: a planet, or a place that is not a planet (rules 004 Gith).

Invariants:
- `Encounter.target` is a planet (>= 0), -1 before the launch, or a *site*: the warp of
  a seat, `warp_site(seat)` (<= SITE_BASE). A site belongs to the system of its seat.
- A site is never a planet: code that moves ships on or off the target planet asks
  `target_planet` (-1 for a site) and leaves a site alone; code that counts the ships
  defending there asks `ships_at` (a site's are its seat's ships in the warp).
- Sites are offered only by powers (`extra_targets`, engine.cosmic.powers), only when the gate
  is aimed at the defense's own home system (not when a power fixed the planet, nor when
  the offense drives a colony out of its own system); the launch records which power
  offered the site (encounter flag "site:NAME"), and that power settles the offense's
  win there (`site_won`) even if it has stopped working since: a target once aimed at
  stays that target.
- A power may make places other than planets count toward a seat's win, or make a seat
  unable to win (`win_places`); engine.cosmic.flow `check_win` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import powers as P
from .state import GameState

__all__ = ["SITE", "SITE_BASE", "warp_site", "site_seat", "is_site", "target_planet", "ships_at",
           "target_owner", "launched", "extra_targets", "record_site", "site_won",
           "win_places"]

Step_t = tuple[Any, ...]

SITE_BASE = -10  # warp_site(seat) = SITE_BASE - seat
SITE = "site:"  # encounter flag "site:NAME": the power that offered the target site


def warp_site(seat: int) -> int:
    """The target code of `seat`'s warp."""
    return SITE_BASE - seat


def is_site(target: int) -> bool:
    return target <= SITE_BASE


def site_seat(target: int) -> int:
    """The seat whose warp this site is, or -1 for a planet or no target."""
    return SITE_BASE - target if is_site(target) else -1


def launched(s: GameState) -> bool:
    """Has the gate been aimed (at a planet or a site)?"""
    return s.enc is not None and s.enc.target != -1


def target_planet(s: GameState) -> int:
    """The planet the gate points at, or -1 (no target yet, or a site)."""
    e = s.enc
    return e.target if e is not None and e.target >= 0 else -1


def target_owner(s: GameState) -> int:
    """The seat whose system holds the target, or -1 before the launch."""
    e = s.enc
    if e is None or e.target == -1:
        return -1
    return site_seat(e.target) if is_site(e.target) else s.planet_owner(e.target)


def ships_at(s: GameState, seat: int) -> int:
    """`seat`'s ships at the target: on the target planet, or, at a seat's warp, that
    seat's ships in the warp (nobody else's are there)."""
    e = s.enc
    if e is None or e.target == -1:
        return 0
    if is_site(e.target):
        return s.warp[seat] if seat == site_seat(e.target) else 0
    return s.on(e.target, seat)


# -- the hooks (engine.cosmic.powers Alien: extra_targets, site_won, win_places) -----------------------


def extra_targets(s: GameState) -> list[int]:
    """Sites the offense may aim at besides the defense's home planets, in timing order."""
    out: list[int] = []
    for seat, _, fn in P.powered(s, "extra_targets"):
        out += [t for t in fn(s, seat) if is_site(t) and t not in out]
    return out


def _offering(s: GameState, target: int) -> str:
    for seat, a, fn in P.powered(s, "extra_targets"):
        if target in fn(s, seat):
            return a.name
    return ""


def record_site(s: GameState, target: int) -> None:
    """The launch aimed at a site: remember the power that offered it."""
    assert s.enc is not None
    name = _offering(s, target)
    if name:
        s.enc.add_flag(SITE + name)


def site_won(s: GameState, landers: Sequence[int]) -> list[Step_t]:
    """The offense won at a site: the steps of the power that offered it (its landers:
    the seats that land, in timing order)."""
    e = s.enc
    assert e is not None
    for f in e.flags:
        if f.startswith(SITE):
            a = P.ALIENS.get(f[len(SITE):])
            if a is not None and a.site_won is not None:
                steps: list[Step_t] = a.site_won(s, site_seat(e.target), tuple(landers))
                return steps
    return []


def win_places(s: GameState) -> dict[int, tuple[int, ...] | None]:
    """Seats whose powers change what counts toward their win: the places (sites) that
    count as colonies besides their planets, or None when the seat cannot win now."""
    out: dict[int, tuple[int, ...] | None] = {}
    for seat, _, fn in P.powered(s, "win_places"):
        places = fn(s, seat)
        if places is None or out.get(seat, ()) is None:
            out[seat] = None
        else:
            out[seat] = tuple(out.get(seat) or ()) + tuple(places)
    return out
