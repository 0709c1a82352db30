"""Small helpers shared by alien modules: sides, roles and flags of the encounter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..state import GameState, pair_with
from ..targets import ships_at
from ..windows import role

__all__ = [
    "both_attack", "both_chosen", "once_per_encounter","side_of", "is_main", "is_main_or_ally", "flag", "has", "set_flag", "role",
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
    return ships_at(s, e.defense), sum(s.beside)


def both_attack(s: GameState) -> bool:
    """Both encounter cards are revealed and count as attacks."""
    from ..flow import card_types  # the flow decides what a card counts as
    e = s.enc
    return e is not None and min(e.cards) >= 0 and card_types(s) == ("attack", "attack")


def revealed_kinds(s: GameState, seat: int) -> tuple[str, str] | None:
    """(what this main player's card counts as, what its opponent's does) once both
    cards are face up; None before, or for a seat on neither side."""
    from ..flow import card_types
    e = s.enc
    side = side_of(s, seat)
    if e is None or side is None or min(e.cards) < 0:
        return None
    kinds = card_types(s)
    return kinds[side], kinds[1 - side]


def reveals_last(s: GameState, seat: int, window: str, name: str) -> bool:
    """May this main player's power act at the flow's last reveal (its own card still
    face down, no Sorcerer's switch, not yet used this encounter)? The Gambler's and
    the Angel's choice instead of turning the card up."""
    from ..flow import LAST_REVEAL
    e = s.enc
    side = side_of(s, seat)
    return not (window != LAST_REVEAL or e is None or side is None or not is_main(s, seat)
                or has(s, name, seat) or e.has_flag("switched") or e.cards[side] >= 0)


def both_chosen(s: GameState, seat: int) -> bool:
    """Both main players have put their cards face down."""
    return s.enc is not None and len(s.enc.selected) == 2


def once_per_encounter(name: str, window: str,
                       when: Callable[[GameState, int], bool]) -> Callable[..., list[Any]]:
    """The options of a main player's power used at most once an encounter, at one
    window, when `when` holds: its flag (`set_flag(name)`) marks the use."""
    def options(s: GameState, seat: int, w: str) -> list[tuple[int, tuple[int, ...]]]:
        if w == window and is_main(s, seat) and not has(s, name, seat) and when(s, seat):
            return [(0, ())]
        return []
    return options


def attack_for_a_side(who: Callable[[GameState, int], bool],
                      on_play: Callable[[GameState, int], None] | None = None
                      ) -> Callable[[GameState, int, int, tuple[int, ...]], None]:
    """An attack card played face up for a side, as a use of a power (the Flak's, the
    Reserve's): at the reveal window, when both cards count as attacks, a seat `who`
    allows plays it (`play @attack08 offense`); once the card is down the power is used (a
    Cosmic Zap may answer, spending the card for nothing), and the use adds the printed
    value to that side's total as a reinforcement would. Registers the card effect;
    returns the power's `use`. `on_play` marks the play (a once-per-encounter flag)."""
    from ..cards import CATALOGUE
    from ..steps import push
    from ..windows import CardEffect, card_effect, power_step

    def targets(s: GameState, seat: int) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,)) if both_attack(s) else ()

    def play(s: GameState, seat: int, handle: int, face: int, args: tuple[int, ...]) -> None:
        if on_play is not None:
            on_play(s, seat)
        push(s, *power_step(s, seat, 0, (args[0], CATALOGUE[face].value), "reveal"))

    def use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
        side, value = args
        if s.enc is not None:
            e = s.enc
            e.reinforce = pair_with(e.reinforce, side, e.reinforce[side] + value)

    card_effect(CardEffect("attack", "", ("reveal",), who, targets, play, respondable=False,
                           after="played"))
    return use
