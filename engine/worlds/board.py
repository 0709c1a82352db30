"""Board helpers of worlds: control, births, moving tokens, exploring, playing a card.

Invariants: control changes only through `settle_control` (and a won attack, a
Revolution); births never exceed SUPPLY tokens of one world letter; a card played leaves
the hand face up, its face checked against what is public.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Play
from .data import card
from .state import MOVES, RANGE, WORLDS, GameState, distance
from .steps import emit, fail, learn, take_from_hand

__all__ = ["settle_control", "born_tokens", "explore_steps", "move_tokens", "play_card",
           "hand_cards", "retreat_worlds", "retreat"]


def settle_control(s: GameState, world: int) -> None:
    """Rules 003, migration: the only seat with tokens on a world controls it; a
    controller keeps an empty world; a controller who has left a world others hold loses
    it to the one with most tokens there (ties: the first of them in turn order from the
    active seat; docs/worlds-rules.md, choice 5). A race may claim control outright for
    the one seat holding it there (the Politicians: `races.control_claim`)."""
    from .races import control_claim  # the races import this module
    if world >= WORLDS:  # deep space is nobody's
        return
    occ = s.occupants(world)
    old = s.control[world]
    claim = control_claim(s, world)
    if claim >= 0:
        new = claim
    elif len(occ) == 1:
        new = occ[0]
    elif not occ or old in occ:
        new = old
    else:
        most = max(s.count(world, p) for p in occ)
        new = next(p for p in s.seat_order_from_active() if p in occ and s.count(world, p) == most)
    if new != old:
        s.control[world] = new
        emit(s, "control", world, new)


def born_tokens(s: GameState, world: int, seat: int, count: int, origin: int = -1) -> int:
    """Add up to `count` new tokens of `origin`'s letter (default: the world's own) to
    seat's stack on `world` (the supply holds SUPPLY of each letter, or what the race
    says: `races.supply_of`). Returns how many
    were born."""
    from .races import supply_of  # here: the race modules import this module
    origin = world if origin < 0 else origin
    k = max(0, min(count, supply_of(s, origin) - s.born(origin)))
    if k:
        s.set_tokens(world, seat, s.tokens(world, seat) + (origin * MOVES,) * k)
        emit(s, "born", world, seat, k)
    return k


def explore_steps(s: GameState, world: int) -> list[tuple[Any, ...]]:
    """Steps that draw a race chit for an unexplored world and reveal it (rules 003:
    the native race is found when the world is first explored). None if the pile is
    empty: the world then stays unexplored."""
    if world >= WORLDS or s.chit[world] >= 0 or not s.race_pile:
        return []
    h = s.race_pile[-1]
    s.race_pile = s.race_pile[:-1]
    s.chit[world] = h
    return [("reveal", (h,)), ("explore", world)]


def move_tokens(s: GameState, seat: int, src: int, dst: int, codes: list[int],
                spend: bool) -> list[tuple[Any, ...]]:
    """Move these tokens (codes of seat's stack on src) to dst; `spend`: each uses one of
    its moves. A seat entering an unexplored, uncontrolled world takes control of it and
    draws its race. Copying tokens keep the race they act as (`races.carry_copies`).
    Returns the exploring steps."""
    from .races import carry_copies  # the races import this module
    stack = list(s.tokens(src, seat))
    for c in codes:
        stack.remove(c)
    s.set_tokens(src, seat, stack)
    arrived = [c + 1 if spend else c for c in codes]
    s.set_tokens(dst, seat, s.tokens(dst, seat) + tuple(arrived))
    carry_copies(s, seat, src, dst, codes)
    emit(s, "moved", seat, src, dst, len(codes))
    settle_control(s, src)
    settle_control(s, dst)
    return explore_steps(s, dst)


def retreat_worlds(s: GameState, seat: int, world: int) -> list[int]:
    """Worlds seat may retreat to from `world` (rules 003, Retreat: a friendly world within
    3 spaces; friendly = controlled by the seat), and whose race admits every token of the
    seat's stack there (the Purists' world admits only its own)."""
    from .races import admits  # races import the board
    here = s.pos[world]
    stack = s.tokens(world, seat)
    return [w for w in range(len(s.control)) if s.control[w] == seat and w != world
            and distance(s.pos[w], here) <= RANGE
            and all(admits(s, w, code) for code in stack)]


def retreat(s: GameState, seat: int, world: int, dst: int,
            codes: list[int] | None = None) -> list[tuple[Any, ...]]:
    """Move seat's tokens on `world` (all, or these codes) back to `dst`, a world from
    `retreat_worlds`; the moves are not spent. Returns the steps that follow."""
    emit(s, "retreat", seat, world, dst)
    return move_tokens(s, seat, world, dst, list(s.tokens(world, seat)) if codes is None
                       else codes, spend=False)


def hand_cards(s: GameState, seat: int, faces: dict[int, int], kind: str = "",
               key: str = "") -> list[tuple[int, int]]:
    """(handle, face) of seat's cards whose face is known (to the seat), filtered."""
    out = []
    for h in s.hands[seat]:
        f = faces.get(h, s.faces.get(h))
        if f is None:
            continue
        info = card(f)
        if (not kind or info.kind == kind) and (not key or info.key == key):
            out.append((h, f))
    return out


def play_card(s: GameState, a: Action) -> tuple[str, int]:
    """Take a played card out of the hand face up into the discard pile; returns its
    (event key or "force", value)."""
    if not isinstance(a, Play):
        fail(s, a, "expected a card")
        raise AssertionError
    take_from_hand(s, a, a.seat, (a.handle,))
    learn(s, a, a.handle, a.card)
    s.discard = s.discard + (a.handle,)
    info = card(a.card)
    emit(s, "played", a.seat, a.card)
    return (info.key if info.kind == "event" else "force", info.value)
