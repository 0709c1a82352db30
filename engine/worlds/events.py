"""The nine event cards of rules 003 (data/cards.toml), as argument lists and effects.

Each event names the phase it is played in (`timing` in the data): opportunity, genesis
and migration events are played by the active seat in that phase's window; conflict
events by a primary player in the conflict's windows. `event_args` lists the arguments
allowed now (every Play is checked against it); `event_effect` carries the event out
after the card left the hand, and returns the steps that follow.
Invariant: an event's legality depends on public state only (never on a hand).
"""

from __future__ import annotations

from typing import Any

from .board import born_tokens, explore_steps, move_tokens
from .data import CARDS, card
from .races import undying
from .state import WORLDS, GameState
from .steps import emit

__all__ = ["event_args", "event_effect"]

Steps = list[tuple[Any, ...]]


def _explored(s: GameState) -> list[int]:
    return [w for w in range(WORLDS) if s.native[w] >= 0]


def event_args(s: GameState, seat: int, key: str) -> list[tuple[int, ...]]:
    """The argument tuples `key` may be played with by seat now (empty: not now)."""
    c = s.conf
    if key == "mutation":
        return [(w,) for w in _explored(s)] if s.race_pile else []
    if key == "universal_peace":
        return [] if "peace" in s.flags else [()]
    if key == "temporal_nexus":
        return [] if "nexus" in s.flags else [()]
    if key == "supernova":
        return [(w,) for w in range(WORLDS) if s.occupants(w)]
    if key == "revolution":
        return [(w,) for w in range(WORLDS) if s.count(w, seat) and s.control[w] != seat]
    if key == "population_explosion":
        return [(w,) for w in range(WORLDS) if s.control[w] >= 0 and s.native[w] >= 0]
    if key == "worm_hole":  # a world whose race refuses a token of the stack is closed
        from .races import admits  # (the Purists'); races import the board, as this does
        return [(src, dst) for src in range(WORLDS) if s.count(src, seat)
                for dst in range(WORLDS) if dst != src
                and all(admits(s, dst, code) for code in s.tokens(src, seat))]
    if key == "use_the_force":
        if c is None:
            return []
        side = c.side_of(seat)
        return [()] if seat in c.primary and f"force2:{side}" not in c.flags else []
    if key == "power_up":
        if c is None:
            return []
        return [(h,) for side in (0, 1) for h in c.cards[side] if f"double:{h}" not in c.flags]
    return []


def event_effect(s: GameState, seat: int, key: str, args: tuple[int, ...]) -> Steps:
    c = s.conf
    if key == "mutation":
        # rules 003: the world's race chit is replaced; its tokens take the new race
        w = args[0]
        s.race_out = s.race_out + (s.chit[w],) + s.gifts[w]  # the Gifted's two go too
        s.chit[w] = -1
        s.gifts[w] = ()
        s.native[w] = -1
        return explore_steps(s, w)
    if key == "universal_peace":
        s.add_flag("peace")
        return []
    if key == "temporal_nexus":
        s.add_flag("nexus")
        return []
    if key == "supernova":
        w = args[0]
        for p in range(s.n):
            s.set_tokens(w, p, [c for c in s.tokens(w, p) if undying(s, c)])
        emit(s, "supernova", w)
        return []
    if key == "revolution":
        s.control[args[0]] = seat
        emit(s, "control", args[0], seat)
        return []
    if key == "population_explosion":
        w = args[0]
        born_tokens(s, w, s.control[w], 5)
        return []
    if key == "worm_hole":
        src, dst = args
        return move_tokens(s, seat, src, dst, list(s.tokens(src, seat)), spend=False)
    if key == "use_the_force" and c is not None:
        c.add_flag(f"force2:{c.side_of(seat)}")
        return []
    if key == "power_up" and c is not None:
        c.add_flag(f"double:{args[0]}")
        return []
    raise ValueError(f"no effect for event {key!r}")


def is_event(face: int, timing: str) -> str:
    """The event key of a card face played at `timing`, or "" (also for no card at all)."""
    if not 0 <= face < len(CARDS):
        return ""
    info = card(face)
    return info.key if info.kind == "event" and info.timing == timing else ""
