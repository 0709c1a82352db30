"""The technology variant (rules 000, Technology; rules 001, Technology): the tech deck,
dealing and keeping, researching with ships, completing and abandoning, new techs instead
of another encounter, and the registry of tech effects (one module per printed tech).

Invariants and how it works:
- The tech deck is a deck of the card source, like the destiny deck: its cards are tech
  faces of the catalogue (engine.cosmic.cards.TECH_CARDS, from engine/cosmic/data/techs.toml), shuffled
  by a `shuffle` chance ("tech"), dealt face down by `deliver` (the holder alone learns the
  face) and turned up by `reveal_cards`. So the seeded local source and the networked
  card protocol answer it alike, and the engine cannot tell them apart.
- Public state in `extra`: TECH_DECK (handles, top last), TECH_DISCARD (face up, newest
  last) and TECHS, one row [seat, handle, ships researching, completed 0/1] per tech in
  front of a seat, in the order they were kept. Who holds which face-down tech (its
  handle) is public; its face is the holder's alone until completed or abandoned. While a
  seat chooses among techs just drawn they sit in the ("tech_keep", seat, handles) step.
  Every tech handle of the game is in exactly one of these places.
- Researching ships sit on a tech row: they count among their owner's ships
  (GameState.ships_total) and as in its home system (engine.research: a power taking
  ships from a home system may take them, the Belch's), and take part in no encounter
  (no step of the encounter looks at a row). Research moves one ship from a colony onto
  a face-down tech; settling a tech moves them all back to colonies of the owner's choice
  ("tech_return"), still counted on the row until they land, so the ship count holds at
  every decision.
- The moment (rules 000 and 001: at the start of every player's regroup phase, before
  the offense retrieves a ship): every seat holding a face-down tech (public) is asked in
  timing order to research, complete or abandon one tech, or pass. A completion with
  fewer ships than the research number abandons the tech (rules 000, Completing a Tech
  Card); a person's legal actions offer `complete` only when its knowledge says the
  ships suffice.
- A new tech instead of another encounter (`NewTech` at the second-encounter choice,
  Machine's later ones too; rules 000 note): draw foreign colonies + 1, keep one, the
  rest face up to the tech discard (named by the event "tech_discarded" once turned
  up), and the turn ends. An empty tech deck is made anew
  from the shuffled tech discard; with neither left, fewer are drawn.
- With four planets the techs of research 8 or more stay in the box
  (engine.cosmic.cards.tech_deck).
- A completed tech is used through the windows' `window_use` registry: each printed tech
  registers a `TechEffect` (the window it acts at, who may use it, what it does) in its
  own module, like an alien or an artifact. Both printed techs are discarded once used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..actions import (
    AbandonTech, Action, CompleteTech, KeepTech, Pass, Research, Ships, UseTech,
)
from ..choices import Dist, Fixed, Mapped
from ..state import GameState, Knowledge
from ..steps import (
    SeatStep, Step, colony_sources, emit, fail, pop, push, register, replace, to_warp,
)
from ..windows import WindowUse, window_use

Step_t = tuple[Any, ...]

__all__ = [
    "TECH_DECK", "TECH_DISCARD", "TECHS", "TechEffect", "tech_effect", "TECH_EFFECTS",
    "setup_steps", "moment_steps", "new_tech_steps", "rows", "face_down_techs",
    "completed_techs", "researching", "tech_face",
]

TECH_DECK = "tech_deck"
TECH_DISCARD = "tech_discard"
TECHS = "techs"
DEALT = 2  # techs dealt to each seat at setup (rules 000 and 001, Technology: Setup)


# -- public state -------------------------------------------------------------------------------


def rows(s: GameState, seat: int = -1) -> list[list[int]]:
    """The tech rows [seat, handle, ships, completed] (of one seat, or all)."""
    return [r for r in s.extra.get(TECHS, ()) if seat < 0 or r[0] == seat]


def _row(s: GameState, handle: int) -> list[int] | None:
    return next((r for r in s.extra.get(TECHS, ()) if r[1] == handle), None)


def face_down_techs(s: GameState, seat: int) -> list[int]:
    """Handles of `seat`'s face-down techs, in the order it kept them."""
    return [r[1] for r in rows(s, seat) if not r[3]]


def completed_techs(s: GameState, seat: int) -> list[int]:
    return [r[1] for r in rows(s, seat) if r[3]]


def researching(s: GameState, seat: int) -> int:
    """Ships of `seat` researching its techs (they count as in its home system)."""
    return sum(r[2] for r in rows(s, seat))


def tech_face(s: GameState, kn: Knowledge | None, handle: int) -> C.TechInfo | None:
    """The printed tech of a handle, if public or known to `kn`."""
    f = s.faces.get(handle)
    if f is None and kn is not None:
        f = kn.faces.get(handle)
    return C.tech_info(f) if f is not None else None


# -- setup and drawing -------------------------------------------------------------------------


def setup_steps(s: GameState) -> list[Step_t]:
    """After the normal setup: shuffle the tech deck, deal two to each seat, each keeps
    one (rules 000 and 001, Technology: Setup). None without the variant."""
    if not s.config.technology:
        return []
    faces = C.tech_deck(s.config.planets == 4)
    handles = s.new_handles(len(faces))
    s.extra[TECH_DECK] = list(handles)
    s.extra[TECH_DISCARD] = []
    s.extra[TECHS] = []
    return [("shuffle", "tech", tuple(sorted(faces)), handles, ()),
            *[("tech_draw", seat, DEALT, (), "setup") for seat in range(s.n)]]


def new_tech_steps(s: GameState, seat: int) -> list[Step_t]:
    """Instead of another encounter: draw foreign colonies + 1 techs and keep one."""
    count = s.foreign_colonies(seat) + 1
    emit(s, "new_tech", seat, count)
    return [("tech_draw", seat, count, (), "resolution")]


@register
class TechDraw(Step):
    """("tech_draw", seat, count, drawn, phase): draw `count` techs for `seat` to choose
    from (at setup, or in the resolution phase instead of another encounter); an empty
    tech deck is made anew from the shuffled discard pile (rules 000, Getting New Tech
    Cards)."""

    name = "tech_draw"

    def phase_of(self, st: Step_t) -> str:
        return str(st[4])

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, count, drawn, phase = st
        deck = list(s.extra[TECH_DECK])
        if len(drawn) < count and not deck and s.extra[TECH_DISCARD]:
            discard = s.extra[TECH_DISCARD]
            faces = tuple(sorted(s.own_faces().pop(h) for h in discard))
            handles = s.new_handles(len(faces))
            s.extra[TECH_DECK] = list(handles)
            s.extra[TECH_DISCARD] = []
            emit(s, "reshuffle_tech", len(handles))
            push(s, ("shuffle", "tech", faces, handles, ()))
            return True
        got = min(count - len(drawn), len(deck))
        new = tuple(reversed(deck[len(deck) - got:])) if got else ()
        s.extra[TECH_DECK] = deck[:len(deck) - got]
        drawn = tuple(drawn) + new
        if len(drawn) < count and s.extra[TECH_DECK]:
            replace(s, ("tech_draw", seat, count, drawn, phase))
            return True
        if not drawn:
            pop(s)
            return True
        emit(s, "tech_drawn", seat, len(drawn))
        replace(s, ("deliver", seat, drawn), ("tech_keep", seat, drawn, phase))
        return True


@register
class TechKeep(SeatStep):
    """("tech_keep", seat, handles, phase): keep one tech face down, the others go face
    up to the tech discard pile. With one there is nothing to choose."""

    name, kinds = "tech_keep", ("keeptech",)

    def phase_of(self, st: Step_t) -> str:
        return str(st[3])

    def auto(self, s: GameState, st: Step_t) -> bool:
        if len(st[2]) == 1:
            _keep(s, st[1], st[2], st[2][0])
            return True
        return False

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Fixed([KeepTech(seat, h) for h in st[2]])

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, KeepTech)
        if a.handle not in st[2]:
            fail(s, a, f"keep one of the techs just dealt: {', '.join(map(str, st[2]))}")
        _keep(s, st[1], st[2], a.handle)


def _keep(s: GameState, seat: int, handles: Sequence[int], kept: int) -> None:
    others = tuple(h for h in handles if h != kept)
    s.extra[TECHS] = s.extra[TECHS] + [[seat, kept, 0, 0]]
    s.extra[TECH_DISCARD] = s.extra[TECH_DISCARD] + list(others)
    emit(s, "tech_kept", seat, kept, len(others))
    if others:
        replace(s, ("reveal_cards", others), ("tech_discarded", seat, others))
    else:
        pop(s)


@register
class TechDiscarded(Step):
    """("tech_discarded", seat, handles): the techs `seat` did not keep are face up on
    the tech discard pile; the event names them (event "tech_discarded": seat, faces)."""

    name, phase = "tech_discarded", "cards"

    def auto(self, s: GameState, st: Step_t) -> bool:
        emit(s, "tech_discarded", st[1], tuple(s.faces[h] for h in st[2]))
        pop(s)
        return True


# -- the regroup moment -------------------------------------------------------------------------


def moment_steps(s: GameState) -> list[Step_t]:
    """The tech moment at the start of a regroup phase; none without the variant."""
    return [("tech_moment", None, 0)] if s.config.technology else []


def _colony_moves(s: GameState, seat: int) -> list[int]:
    """Planets `seat` may move a researching ship from (its colonies it may leave)."""
    return [p for p, c in colony_sources(s, seat, moving=True) if c > 0]


def _enough(s: GameState, kn: Knowledge, handle: int) -> bool:
    """May the holder complete this tech, by what it knows? (Unknown face: offer it.)"""
    info = tech_face(s, kn, handle)
    r = _row(s, handle)
    return info is None or (r is not None and r[2] >= info.research)


@register
class TechMoment(Step):
    """("tech_moment", seats, turn): each seat holding a face-down tech, in timing order,
    researches, completes or abandons one, or passes (rules 000, Using Technology)."""

    name, phase, kinds = "tech_moment", "regroup", ("pass", "research", "complete", "abandon")

    def auto(self, s: GameState, st: Step_t) -> bool:
        seats, turn = st[1], st[2]
        if seats is None:
            seats = tuple(x for x in s.timing_order() if face_down_techs(s, x))
            replace(s, ("tech_moment", seats, 0))
            return True
        if turn >= len(seats):
            pop(s)
            return True
        if not face_down_techs(s, seats[turn]):  # lost them since: nothing to ask
            replace(s, ("tech_moment", seats, turn + 1))
            return True
        return False

    def actors(self, s: GameState, st: Step_t) -> tuple[int, ...]:
        return (st[1][st[2]],)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        down = face_down_techs(s, seat)
        planets = _colony_moves(s, seat)
        out: list[Action] = [Pass(seat)]
        out += [Research(seat, h, p) for h in down for p in planets]
        out += [CompleteTech(seat, h) for h in down if _enough(s, kn, h)]
        out += [AbandonTech(seat, h) for h in down]
        return Fixed(out)

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        seats, turn = st[1], st[2]
        seat = seats[turn]
        after = ("tech_moment", seats, turn + 1)
        if isinstance(a, Pass):
            replace(s, after)
            return
        handle = getattr(a, "handle", -1)
        if handle not in face_down_techs(s, seat):
            fail(s, a, f"tech {handle} is not one of your face-down techs")
        r = _row(s, handle)
        assert r is not None
        if isinstance(a, Research):
            if a.planet not in _colony_moves(s, seat):
                fail(s, a, f"planet {a.planet} is not a colony you can move a ship from")
            s.ships[a.planet * s.n + seat] -= 1
            r[2] += 1
            emit(s, "research", seat, handle, a.planet, r[2])
            replace(s, after)
        else:
            complete = isinstance(a, CompleteTech)
            emit(s, "tech_turned", seat, handle, int(complete))
            replace(s, ("reveal_cards", (handle,)),
                    ("tech_settle", seat, handle, int(complete)), after)


@register
class TechSettle(Step):
    """("tech_settle", seat, handle, complete): the face is up. With ships enough (and
    `complete` asked) the tech is completed, else abandoned; either way its ships go
    home first ("tech_return")."""

    name, phase = "tech_settle", "regroup"

    def auto(self, s: GameState, st: Step_t) -> bool:
        _, seat, handle, complete = st
        r = _row(s, handle)
        assert r is not None
        done = bool(complete) and r[2] >= C.tech_info(s.faces[handle]).research
        replace(s, ("tech_return", seat, handle, int(done)))
        return True


@register
class TechReturn(SeatStep):
    """("tech_return", seat, handle, completed): the ships on the tech go to colonies of
    the owner's choice (with no colony, to the warp); then the tech stays face up as
    completed, or goes to the tech discard pile."""

    name, phase, kinds = "tech_return", "regroup", ("ships",)

    def _count(self, s: GameState, st: Step_t) -> int:
        r = _row(s, st[2])
        return r[2] if r is not None else 0

    def auto(self, s: GameState, st: Step_t) -> bool:
        count = self._count(s, st)
        cols = s.colonies(st[1])
        if count and len(cols) > 1:
            return False
        if count and cols:
            self._land(s, st, ((cols[0], count),))
        else:
            steps = self._finish(s, st)
            if count:  # nowhere to go: the warp (as engine.zones PlaceStep)
                steps = to_warp(s, st[1], count) + steps
            replace(s, *steps)
        return True

    def _dist(self, s: GameState, st: Step_t) -> Dist:
        count = self._count(s, st)
        return Dist([(p, count) for p in s.colonies(st[1])], count, count)

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> Sequence[Action]:
        return Mapped(self._dist(s, st), lambda d: Ships(seat, d))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        assert isinstance(a, Ships)
        if not self._dist(s, st).contains(a.ships):
            fail(s, a, "put every researching ship on your colonies (sorted planet:count)")
        self._land(s, st, a.ships)

    def _land(self, s: GameState, st: Step_t, pairs: Sequence[tuple[int, int]]) -> None:
        for p, c in pairs:
            s.ships[p * s.n + st[1]] += c
        emit(s, "return", st[1], sum(c for _, c in pairs))
        replace(s, *self._finish(s, st))

    def _finish(self, s: GameState, st: Step_t) -> list[Step_t]:
        _, seat, handle, done = st
        r = _row(s, handle)
        assert r is not None
        r[2] = 0
        if done:
            r[3] = 1
            emit(s, "tech_completed", seat, s.faces[handle])
        else:
            s.extra[TECHS] = [x for x in s.extra[TECHS] if x[1] != handle]
            s.extra[TECH_DISCARD] = s.extra[TECH_DISCARD] + [handle]
            emit(s, "tech_abandoned", seat, s.faces[handle])
        return []


# -- completed techs at windows -----------------------------------------------------------------


@dataclass(frozen=True)
class TechEffect:
    """What a completed tech does. `window`: the window it acts at; `who(s, seat)`: the
    role bar (and anything else that must hold for a use to mean something);
    `resolve(s, seat)`: the effect. `discard`: the tech goes to the tech discard pile
    when used (both printed techs say so)."""

    name: str
    window: str
    who: Callable[[GameState, int], bool]
    resolve: Callable[[GameState, int], None]
    discard: bool = True


TECH_EFFECTS: dict[str, TechEffect] = {}


def tech_effect(effect: TechEffect) -> TechEffect:
    if effect.name not in C.TECHS:
        raise ValueError(f"no printed tech {effect.name!r} (engine/cosmic/data/techs.toml)")
    TECH_EFFECTS[effect.name] = effect
    return effect


def _offers(s: GameState, seat: int, name: str) -> Sequence[Action]:
    out: list[Action] = []
    for h in completed_techs(s, seat):
        effect = TECH_EFFECTS.get(C.CATALOGUE[s.faces[h]].name)
        if effect is not None and effect.window == name and effect.who(s, seat):
            out.append(UseTech(seat, h))
    return out


def _use(s: GameState, a: Action, name: str) -> None:
    assert isinstance(a, UseTech)
    if a not in _offers(s, a.seat, name):
        fail(s, a, f"you have no completed tech {a.handle} to use at the {name} window")
    info = C.CATALOGUE[s.faces[a.handle]]
    effect = TECH_EFFECTS[info.name]
    if effect.discard:
        s.extra[TECHS] = [x for x in s.extra[TECHS] if x[1] != a.handle]
        s.extra[TECH_DISCARD] = s.extra[TECH_DISCARD] + [a.handle]
    emit(s, "tech_used", a.seat, info.id)
    effect.resolve(s, a.seat)


window_use(WindowUse("usetech", lambda cfg: cfg.technology, _offers, _use))

from . import enigma_device as _enigma_device, warpspace_key as _warpspace_key  # noqa: E402,F401
