"""Ships researching techs (the technology variant, engine.techs), seen from the ship
moves: they count as in their owner's home system (rules 000, Losing Researching Ships),
so a power that takes ships from a home system may take them from a tech card too; the
gate can never be aimed at one.

A tech card is a ship location in a `Ships` choice: TECH_LOCATION - handle (below every
other location code: planets are >= 0, the gate, the warp and beside the target -1..-3).
Pure helpers over `extra["techs"]` rows [seat, handle, ships, completed]; no import of
engine.techs, so the alien modules may use them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .state import GameState

__all__ = ["TECH_LOCATION", "tech_location", "tech_handle", "researching_places",
           "home_system", "take_researching"]

TECH_LOCATION = -1000


def tech_location(handle: int) -> int:
    """The ship location code of the tech card `handle`."""
    return TECH_LOCATION - handle


def tech_handle(location: int) -> int | None:
    """The tech handle a location code names, or None for another location."""
    return TECH_LOCATION - location if location <= TECH_LOCATION else None


def researching_places(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(location, ships) of `seat`'s ships researching its techs."""
    return [(tech_location(r[1]), r[2]) for r in s.extra.get("techs", ())
            if r[0] == seat and r[2] > 0]


def home_system(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(location, ships) of `seat`'s ships in its home system, in location order: its
    tech cards (researching ships count as there) and its home planets."""
    return sorted(researching_places(s, seat) +
                  [(p, s.on(p, seat)) for p in s.home_planets(seat) if s.on(p, seat)])


def take_researching(s: GameState, seat: int,
                     pairs: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Take ships off `seat`'s tech cards for the tech locations among `pairs` (checked:
    raises ValueError naming the problem); returns the other pairs, untouched."""
    rest = []
    for loc, count in pairs:
        h = tech_handle(loc)
        if h is None:
            rest.append((loc, count))
            continue
        row = next((r for r in s.extra.get("techs", ()) if r[1] == h and r[0] == seat), None)
        if row is None or not 0 < count <= row[2]:
            raise ValueError(f"seat {seat} has no {count} ships on tech {h}")
        row[2] -= count
    return rest
