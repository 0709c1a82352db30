"""The end-of-game audit of hidden claims: once every face is known, was each claim true?
And under hidden powers, was every alien sheet kept face down a real one (`audit_sheets`)?"""

from __future__ import annotations

from collections.abc import Mapping

from . import cards as C
from .state import GameState

__all__ = ["audit_claims", "audit_sheets"]


def audit_claims(state: GameState, faces: Mapping[int, int]) -> list[str]:
    """Check every recorded claim against the true faces; return one line per false claim.

    Raises KeyError if a face needed for a claim is missing from `faces`.
    """
    false = []
    for c in state.claims:
        kinds = [C.CATALOGUE[faces[h]].kind for h in c.hand]
        enc = any(k in C.ENCOUNTER_KINDS for k in kinds)
        if c.kind == "has_encounter":
            ok = enc
        elif c.kind == "no_encounter":
            ok = not enc
        elif c.kind.startswith("none_of:"):
            ok = c.kind.split(":", 1)[1] not in kinds
        elif c.kind.startswith("has_all:"):  # a card of each of these kinds (Collector)
            ok = all(k in kinds for k in c.kind.split(":", 1)[1].split(","))
        elif c.kind.startswith("lacks_any:"):  # no card of one of these kinds at least
            ok = not all(k in kinds for k in c.kind.split(":", 1)[1].split(","))
        elif c.kind.startswith("facedown:"):  # a card kept face down (the Gambler's bluff):
            ok = len(kinds) == 1 and kinds[0] in C.ENCOUNTER_KINDS  # any encounter card
        elif c.kind.startswith("playable:"):  # no encounter card keeps these rules
            ok = not any(_keeps(c.kind.split(":", 1)[1], faces[h]) for h in c.hand)
        else:
            ok = False
        if not ok:
            false.append(f"seat {c.seat} claimed {c.kind} at action {c.serial}, "
                         f"holding {', '.join(C.CATALOGUE[faces[h]].label() for h in c.hand)}")
    return false


def audit_sheets(state: GameState, faces: Mapping[int, int]) -> list[str]:
    """Hidden powers (engine.hidden): every sheet that lay face down to the end, waits in
    the pile or was let go face down opens to a flare card, and no alien was held by two
    seats at once at the end (face up or down). One line per problem; [] without the
    variant. Raises KeyError if a sheet's face is missing from `faces`."""
    from .hidden import ALIEN_PILE, FACE_DOWN, OUT, alien_of_flare
    down = state.extra.get(FACE_DOWN)
    if down is None:
        return []
    problems = []
    sheets = [h for h in down if h >= 0] + list(state.extra.get(ALIEN_PILE, ())) + list(
        state.extra.get(OUT, ()))
    for h in sheets:
        if C.CATALOGUE[faces[h]].kind != "flare":
            problems.append(f"the alien sheet {h} opens to {C.CATALOGUE[faces[h]].label()}")
    held = [a for a in state.aliens if a] + [
        alien_of_flare(faces[h]) for h in down if h >= 0 and C.CATALOGUE[faces[h]].kind == "flare"]
    twice = sorted({a for a in held if held.count(a) > 1})
    if twice:
        problems.append(f"held by two seats at once: {', '.join(twice)}")
    return problems


def _keeps(rules: str, face: int) -> bool:
    """Is this an encounter card keeping every rule ("is:FACE", "kind:K", "not:K", joined
    by ";") that a power put on the card to play (engine.cosmic.powers `bind_card`)?"""
    info = C.CATALOGUE[face]
    if not info.is_encounter:
        return False
    for rule in rules.split(";"):
        what, _, arg = rule.partition(":")
        if what == "is":
            named = C.CATALOGUE[int(arg)]
            ok = (info.kind, info.value) == (named.kind, named.value)
        elif what == "kind":
            ok = info.kind == arg
        elif what == "not":
            ok = info.kind != arg
        else:
            ok = False
        if not ok:
            return False
    return True
