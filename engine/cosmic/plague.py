"""The discard a Plague forces: one card of each type the victim holds, shown face up,
and a recorded claim of holding none of each type it does not discard."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from . import cards as C
from .actions import Action, Discard
from .artifacts import KIND_CODES
from .choices import Fixed
from .state import GameState, Knowledge
from .powers import discarded
from .steps import (
    SeatStep,     claim, emit, face_down, fail, learn, pop, push, register, take_from_hand,
)

Step_t = tuple[Any, ...]


@register
class PlagueDiscard(SeatStep):
    name, phase, kinds = "plague_discard", "window", ("discard",)

    def needed(self, s: GameState, st: Step_t) -> bool:
        return bool(s.hands[st[1]])

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        by_kind: dict[int, list[tuple[int, int]]] = {}
        down = face_down(s, seat, kn)
        for h in s.hands[seat]:
            f = kn.faces.get(h, s.faces.get(h))
            if f is None or h == down:
                continue
            by_kind.setdefault(KIND_CODES.index(C.CATALOGUE[f].kind), []).append((h, f))
        kinds = sorted(by_kind)
        missing = tuple(k for k in range(len(KIND_CODES)) if k not in by_kind)
        return Fixed([Discard(seat, tuple(combo), missing)
                      for combo in product(*(by_kind[k] for k in kinds))])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Discard)
        seen: set[int] = set()
        for h, face in a.cards:
            code = KIND_CODES.index(learn(s, a, h, face).kind)
            if code in seen:
                fail(s, a, "discard one card of each type, not two of one")
            seen.add(code)
        if sorted(set(a.none_of)) != [k for k in range(len(KIND_CODES)) if k not in seen]:
            fail(s, a, "claim to hold none of exactly the types you do not discard")
        take_from_hand(s, a, a.seat, [h for h, _ in a.cards])
        s.discard = s.discard + tuple(h for h, _ in a.cards)
        for k in a.none_of:
            claim(s, a.seat, f"none_of:{KIND_CODES[k]}")
        emit(s, "discard", a.seat, tuple(f for _, f in a.cards))
        pop(s)
        push(s, *discarded(s, a.seat, tuple(h for h, _ in a.cards), "plague"))
