"""Unseen tokens (the Invisible Beings, rules 003: their tokens are not on the map, their
places are written down in secret). Each seat keeps a secret page (`Knowledge.hidden`:
world -> count); the public state knows only how many tokens each seat keeps there
(`GameState.unseen`).

The interface with whoever holds the page (the local source in one process; in networked
play the seat's own node, through the card protocol's page commitments, protocol/pages.py):
- births: the step ("unseen_born", seat, world, count) asks the chance
  Chance("unseen_add", seat, count, carry=(world,)): add them to the page at that
  (public) world; answered by Delivered; a claim "born" (world, count) records them for
  the audit;
- moves: at the end of its migration a seat with unseen tokens acts `select` at the
  step ("conceal", seat) with `conceal`, its page then being its new secret page (the moves of the
  turn, each token once within its range); a claim "page" is recorded with the map as
  it stands then (`Claim.pos`), and the audit checks every page against the one before
  on that map (`page_reachable`);
- openings, when the places matter: as a conflict starts on a world every seat with
  unseen tokens opens its count there, and at "conceal" a seat may bring its tokens on
  a world into view (Power of the race with the world): both ask the chance
  Chance("unseen_open", seat, carry=(world,)), answered by Revealed(((world, count),)),
  which the page must bear out (a claim "unveil" (world, count) for the audit). Opened
  tokens are put on the map: they are ordinary tokens from then on.
Public state and which seats are asked depend only on `unseen` counts, never on a page.
Invariants: a page's counts sum to the seat's `unseen`; births keep the letter's supply
(map and unseen) within SUPPLY.

The audit (`audit_pages`) is given every page a seat committed, in order (at the end of
a networked game the card protocol opens them, protocol/pages.py; a local journal
carries them in the clear) and replays the seat's claims: births add to the page, an
opening must find its count there and empties that world, each page must follow from
the one before by moves of at most RANGE spaces (`page_reachable`) and hold as many
tokens as the births left, and the last page must hold the seat's public `unseen`.
The moves of a page are judged on the map as it stood when the page was committed (its
claim's `pos`), never on the map at the end: the Planet Jumpers swap two worlds' squares
and the Worldship moves its world (both in their opportunity phase, before the
migration whose page follows), so two worlds 1 space apart when a page was written may
stand 4 apart at the end. A token goes only to a world on the map (a world set aside at
setup has no square) or stays where it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .actions import Action, Delivered, Power, Revealed, world_name
from .actions import Conceal as ConcealPage
from .board import explore_steps, settle_control
from .data import race_id
from .state import MOVES, RANGE, SUPPLY, WORLDS, Claim, GameState, Knowledge, distance
from .steps import Chance, SeatStep, Step, Step_t, emit, fail, pop, register, replace

__all__ = ["UNSEEN_RACE", "unseen_births", "unveil_steps", "page_reachable", "audit_pages",
           "PAGE_CLAIMS"]

PAGE_CLAIMS = ("born", "page", "unveil")  # the claims audit_pages checks

UNSEEN_RACE = race_id("invisible_beings")


def unseen_births(s: GameState, world: int, seat: int, count: int) -> list[Step_t]:
    """Steps for `count` births on `world` that go to seat's page, within the supply."""
    k = max(0, min(count, SUPPLY - s.born(world) - sum(s.unseen)))
    return [("unseen_born", seat, world, k)] if k else []


def unveil_steps(s: GameState, world: int, seats: list[int]) -> list[Step_t]:
    """Openings of these seats' unseen tokens on world (those that keep any)."""
    return [("unseen_open", p, world) for p in seats if s.unseen[p]]


def page_reachable(pos: Sequence[int], before: dict[int, int], after: dict[int, int],
                   reach: int = RANGE) -> bool:
    """Could the tokens of page `before` end as page `after`, each moving at most once,
    up to `reach` spaces, to a world on the map (pos: the worlds' squares, -1 for a world
    off the map, on the map the page is made on)? A small max-flow, for the audit."""
    if sum(before.values()) != sum(after.values()):
        return False
    src = sorted(w for w, k in before.items() if k)
    dst = sorted(w for w, k in after.items() if k)
    need = dict(after)
    flow: dict[tuple[int, int], int] = {}

    def augment(a: int, seen: set[int]) -> int:
        # find a destination for one more token of a, re-routing others if need be
        for b in dst:
            if b in seen or (b != a and (pos[a] < 0 or pos[b] < 0
                                         or distance(pos[a], pos[b]) > reach)):
                continue
            seen.add(b)
            if need[b] > 0:
                need[b] -= 1
                flow[a, b] = flow.get((a, b), 0) + 1
                return 1
            for a2 in src:
                if flow.get((a2, b), 0) and augment(a2, seen):
                    flow[a2, b] -= 1
                    flow[a, b] = flow.get((a, b), 0) + 1
                    return 1
        return 0

    return all(augment(a, set()) for a in src for _ in range(before[a]))


def _names(page: dict[int, int]) -> str:
    return ", ".join(f"{world_name(w)}:{k}" for w, k in sorted(page.items()) if k) or "empty"


def audit_pages(s: GameState, pages: Mapping[int, Sequence[Sequence[int]]]
                ) -> list[tuple[int, str]]:
    """Check every seat's secret pages (`pages`: seat -> its committed pages in order,
    each a count per world) against its public claims: births, openings, the rule of
    moves. One (seat, why) per seat whose pages break a rule (its first breach)."""
    out: list[tuple[int, str]] = []
    for seat in range(s.n):
        why = _audit_seat(s, seat, list(pages.get(seat, ())))
        if why is not None:
            out.append((seat, why))
    return out


def _audit_seat(s: GameState, seat: int, pages: list[Sequence[int]]) -> str | None:
    page: dict[int, int] = {}
    made = 0
    for c in s.claims:
        if c.seat != seat or c.kind not in PAGE_CLAIMS:
            continue
        if c.kind == "born":
            w, k = c.hand
            page[w] = page.get(w, 0) + k
        elif c.kind == "unveil":
            w, k = c.hand
            if page.get(w, 0) != k:
                return (f"seat {seat} opened {k} unseen token(s) on world {world_name(w)} "
                        f"at action {c.serial}; its page held {page.get(w, 0)} there")
            page[w] = 0
        else:
            if made >= len(pages):
                return f"seat {seat}'s page of action {c.serial} was never opened"
            counts = pages[made]
            made += 1
            if len(counts) != WORLDS or any(type(k) is not int or k < 0 for k in counts):
                return f"seat {seat}'s page of action {c.serial} is not a count per world"
            after = {w: k for w, k in enumerate(counts) if k}
            held, due = sum(after.values()), sum(page.values())
            if held != due:
                return (f"seat {seat}'s page of action {c.serial} holds {held} unseen "
                        f"token(s); its births and openings left {due}")
            board = c.pos or s.pos  # the map the page was made on (the last, for a claim
            # written without one, by hand)
            if not page_reachable(board, page, after):
                return (f"seat {seat}'s page of action {c.serial} ({_names(after)}) cannot "
                        f"follow its page before ({_names(page)}) by moves of at most "
                        f"{RANGE} spaces on the map of that action")
            page = after
    if made != len(pages):
        return f"seat {seat} opened {len(pages)} page(s) for {made} page claim(s)"
    if sum(page.values()) != s.unseen[seat]:
        return (f"seat {seat}'s last page holds {sum(page.values())} unseen token(s), "
                f"not its {s.unseen[seat]}")
    return None


@register
class UnseenBorn(Step):
    """("unseen_born", seat, world, count): births that go to the seat's secret page."""

    name = "unseen_born"
    phase = "genesis"
    kinds = ("delivered",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("unseen_add", seat=st[1], count=st[3], carry=(st[2],))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if not isinstance(a, Delivered):
            fail(s, a, "expected delivered")
        s.add_unseen(st[1], st[3])
        s.claims = s.claims + (Claim(st[1], "born", (st[2], st[3]), s.serial),)
        emit(s, "born_unseen", st[2], st[1], st[3])
        pop(s)


@register
class UnseenOpen(Step):
    """("unseen_open", seat, world): the seat opens how many unseen tokens it has on world;
    they are put on the map there (exploring it if need be)."""

    name = "unseen_open"
    phase = "cards"
    kinds = ("revealed",)

    def chance(self, s: GameState, st: Step_t) -> Chance | None:
        return Chance("unseen_open", seat=st[1], carry=(st[2],))

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        seat, world = st[1], st[2]
        if not isinstance(a, Revealed) or len(a.cards) != 1 or a.cards[0][0] != world:
            fail(s, a, f"expected the count on world {world}")
            return
        count = a.cards[0][1]
        if not 0 <= count <= s.unseen[seat]:
            fail(s, a, f"seat {seat} keeps only {s.unseen[seat]} unseen token(s)")
        s.claims = s.claims + (Claim(seat, "unveil", (world, count), s.serial),)
        emit(s, "unveiled", seat, world, count)
        pop(s)
        if count:
            s.add_unseen(seat, -count)
            origin = s.native.index(UNSEEN_RACE) if UNSEEN_RACE in s.native else world
            s.set_tokens(world, seat, s.tokens(world, seat) + (origin * MOVES,) * count)
            settle_control(s, world)
            s.stack = s.stack + tuple(reversed(explore_steps(s, world)))


@register
class Conceal(SeatStep):
    """("conceal", seat): after its migration a seat keeping unseen tokens commits its new
    secret page (`conceal`; a "page" claim), and may first bring the tokens it keeps on a
    world into view (Power of the Invisible Beings with the world)."""

    name = "conceal"
    phase = "migration"
    kinds = ("power", "conceal")

    def needed(self, s: GameState, st: Step_t) -> bool:
        return s.unseen[st[1]] > 0

    def options(self, s: GameState, st: Step_t, seat: int, kn: Knowledge) -> list[Action]:
        out: list[Action] = [Power(seat, UNSEEN_RACE, (w,)) for w in sorted(kn.hidden)
                             if kn.hidden[w] > 0]
        return out + [ConcealPage(seat)]

    def accept(self, s: GameState, st: Step_t, a: Action) -> None:
        if isinstance(a, ConcealPage):
            # the map the page's moves are judged on (worlds may move later: unseen.py)
            s.claims = s.claims + (Claim(a.seat, "page", (), s.serial, tuple(s.pos)),)
            pop(s)
            return
        if not isinstance(a, Power) or a.race != UNSEEN_RACE or len(a.args) != 1 \
                or not 0 <= a.args[0] < WORLDS:
            fail(s, a, "bring unseen tokens into view on one world, or commit the page")
            return
        s.stack = s.stack + (("unseen_open", a.seat, a.args[0]),)
