"""Small helpers shared by alien modules: sides, roles and flags of the encounter."""

from __future__ import annotations

from ..state import GameState
from ..windows import role

__all__ = ["side_of", "is_main", "is_main_or_ally", "flag", "has", "set_flag", "role",
           "side_ships", "opponent"]


def side_of(s: GameState, seat: int) -> int | None:
    """0 for the offense's side (offense, offensive allies), 1 for the defense's, None."""
    e = s.enc
    if e is None:
        return None
    if seat == e.offense or seat in e.allies[0]:
        return 0
    if seat == e.defense or seat in e.allies[1]:
        return 1
    return None


def is_main(s: GameState, seat: int) -> bool:
    return s.enc is not None and seat in (s.enc.offense, s.enc.defense)


def is_main_or_ally(s: GameState, seat: int) -> bool:
    return side_of(s, seat) is not None


def flag(name: str, seat: int) -> str:
    """The encounter flag a power sets when it is used ('human:2')."""
    return f"{name}:{seat}"


def has(s: GameState, name: str, seat: int) -> bool:
    return s.enc is not None and s.enc.has_flag(flag(name, seat))


def set_flag(s: GameState, name: str, seat: int) -> None:
    if s.enc is not None:
        s.enc.add_flag(flag(name, seat))


def opponent(s: GameState, seat: int) -> int:
    """The other main player of the encounter (seat must be a main player)."""
    assert s.enc is not None
    return s.enc.defense if seat == s.enc.offense else s.enc.offense


def side_ships(s: GameState, side: int) -> tuple[int, int]:
    """(main player's own ships, its allies' ships) counted for side 0 (offense: the gate)
    or side 1 (defense: the target planet, and the allies beside it)."""
    e = s.enc
    assert e is not None
    if side == 0:
        own = s.gate[e.offense]
        return own, sum(s.gate) - own
    return s.on(e.target, e.defense), sum(s.beside)
