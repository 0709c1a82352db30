"""A one-step lookahead for the worlds heuristic bot: what a race power would do, judged
by a position value, without any knowledge the seat lacks.

How it works: a candidate action is applied to the public state (`apply` works on a
clone; the state holds handles and public faces only), then the card source's steps
that carry no content are answered with their empty answers (a shuffle, a private
delivery, a hand shuffle, births onto a secret page: the answer says nothing, the faces
stay with the source), and the seat's own forced follow-up decisions (a target to pick,
a card to throw away: steps it cannot pass) are taken greedily, one level deep. The walk
stops at a step whose answer would carry facts (a revealed chit, a die, an opened page)
or at another seat's decision, and that position is valued.

Invariants: only `state` (public) and the seat's own `Knowledge` are read; the seat's
knowledge is never changed (a follow-up Select is not taken: the walk stops there);
values are integers, the larger the better for `seat`.

The value of a seat: worlds controlled, tokens (on the map and unseen), cards (the first
few count more; for the seat itself, the force of those it knows against a mean card),
its tempo (how early it plays in each round's order: only the Temporaneans change it),
worlds at risk or within reach of a capture, unexplored worlds near its larger stacks.
Where the walk ends with stacks standing elsewhere than before the action (a world moved:
Worldship, Planet Jumpers; tokens brought from world to world: the Gatherers, a
retreat, reinforcements), the
change of their reach is added: for each world held, the tokens each seat could bring to
it from worlds within 3 spaces, wherever those worlds now stand. Reach is measured only
then: counted in every position it changed how every other power was judged, and the
seat won fewer games (bench/worlds_bots.py, 140 seeds: 34 wins against 40).
A seat's value is its own score against the mean and the best of the other seats.
During a conflict the result is weighed by a rough chance of winning from the force
totals shown so far (and, for the seat itself, its best force card).
"""

from __future__ import annotations

from engine import worlds as W
from engine.worlds.conflict import totals
from engine.worlds.state import GRID, HAND_LIMIT, RANGE, WORLDS, distance

__all__ = ["position_value", "look", "opens_moves", "WORLD", "TOKEN"]

WORLD = 12  # a controlled world (the goal: 20 of them)
TOKEN = 2  # a token: force 1 in every conflict, and it holds worlds
CARD_FIRST, CARD_MORE, CARD_FEW = 3, 1, 4  # the first CARD_FEW cards count more
RISK = 4  # a world held against an equal or larger stack, or a capture in reach (on the
#          world itself; from stacks within RANGE too, for relocated stacks: `_reach`)
NEAR = 1  # an unexplored world within 3 spaces of a stack of two or more (at most 4)
TEMPO = 12  # playing first in each round rather than last: about a world (see `_scores`)
CARD_MEAN = 7  # what an unknown force card is worth, roughly
EMPTY_ANSWERS = {"shuffle": W.Shuffled, "deliver": W.Delivered, "show": W.Delivered,
                 "hand_shuffle": W.HandShuffled, "unseen_add": W.Delivered}
FOLLOW_DEPTH = 1  # own follow-up decisions taken greedily
FOLLOW_WIDTH = 12  # ... when they have at most this many options


def _scores(s: W.GameState) -> list[int]:
    """Every seat's score from the public state."""
    n = s.n
    sc = [WORLD * s.controlled(p) + TOKEN * s.unseen[p] for p in range(n)]
    for p in range(n):
        k = len(s.hands[p])
        # the ordinary limit: races rarely change it, and the lookup is dear
        sc[p] += CARD_FIRST * min(k, CARD_FEW) \
            + CARD_MORE * max(0, min(k, HAND_LIMIT) - CARD_FEW)
    # tempo: a seat i places into the round's order is (n-1-i)/n of a turn ahead of the
    # last one at every moment, on average; a turn is worth about a world. The order only
    # changes as a round begins (the Temporaneans), so elsewhere the term is a constant.
    if len(s.order) == n:
        for i, p in enumerate(s.order):
            sc[p] += TEMPO * (n - 1 - i) // n
    near = [0] * n
    stacks = s.stacks
    open_sq = [s.pos[v] for v in range(WORLDS) if s.native[v] < 0 and s.pos[v] >= 0
               and not any(stacks[v * n:(v + 1) * n])]
    for w in range(WORLDS):
        counts = [len(t) for t in stacks[w * n:(w + 1) * n]]
        if not any(counts):
            continue
        ctl = s.control[w]
        top = sorted(counts)
        reach = -1  # unexplored empty worlds within range of w, counted once
        for p in range(n):
            mine = counts[p]
            if not mine:
                continue
            sc[p] += TOKEN * mine
            others = top[-2] if mine == top[-1] else top[-1]  # the largest other stack
            if ctl == p and others >= mine:
                sc[p] -= RISK
            elif ctl >= 0 and ctl != p and mine > counts[ctl] + 1:
                sc[p] += RISK
            if mine >= 2 and near[p] < 4 and open_sq:
                if reach < 0:
                    here = s.pos[w]
                    reach = sum(1 for sq in open_sq if distance(here, sq) <= RANGE)
                near[p] = min(4, near[p] + reach)
    return [sc[p] + NEAR * near[p] for p in range(n)]


def _reach(s: W.GameState) -> list[int]:
    """Every seat's reach: for each world held, the tokens each other seat could bring to
    it, from its stack there and the tokens it can spare (all but one on a world it
    holds) on worlds within RANGE, wherever those worlds stand now. The holder loses RISK
    when another seat can bring as many tokens as hold it (an empty world held: one); a
    seat that can bring two more than that gains RISK, a capture in reach."""
    n = s.n
    sc = [0] * n
    stacks = s.stacks
    counts = [[len(t) for t in stacks[w * n:(w + 1) * n]] for w in range(WORLDS)]
    occupied = [w for w in range(WORLDS) if s.pos[w] >= 0 and any(counts[w])]
    spare = {u: [k - (s.control[u] == p) if k else 0 for p, k in enumerate(counts[u])]
             for u in occupied}
    xy = {u: divmod(s.pos[u], GRID) for u in occupied}
    for w in range(WORLDS):
        ctl = s.control[w]
        if ctl < 0 or s.pos[w] < 0:
            continue
        force = counts[w][:]
        x, y = divmod(s.pos[w], GRID)
        for u in occupied:
            ux, uy = xy[u]
            if u != w and abs(ux - x) <= RANGE and abs(uy - y) <= RANGE:
                su = spare[u]
                for p in range(n):
                    force[p] += su[p]
        held = counts[w][ctl]
        if max(f for p, f in enumerate(force) if p != ctl) >= max(1, held):
            sc[ctl] -= RISK
        for p in range(n):
            if p != ctl and force[p] > held + 1:
                sc[p] += RISK
    return sc


def _relocated(before: W.GameState, after: W.GameState) -> bool:
    """Do stacks stand elsewhere in `after`: a world moved, or a seat's tokens left one
    world and came onto another (a gathering, a move)?"""
    if before.pos != after.pos:
        return True
    n = before.n
    for p in range(n):
        gained = lost = False
        for w in range(WORLDS):
            d = len(after.stacks[w * n + p]) - len(before.stacks[w * n + p])
            gained, lost = gained or d > 0, lost or d < 0
        if gained and lost:
            return True
    return False


def _against(sc: list[int], seat: int) -> int:
    """seat's score against the others': 2(n-1) own minus (n-1) best minus their sum."""
    others = [x for p, x in enumerate(sc) if p != seat]
    if not others:
        return sc[seat]
    m = len(others)
    return 2 * m * sc[seat] - m * max(others) - sum(others)


def _card_hint(s: W.GameState, seat: int, kn: W.Knowledge) -> int:
    """What seat's own force card will add against an unknown one: its chosen card, or
    the best force card it holds (the heuristic plays its best), minus a mean card."""
    faces = [kn.faces.get(h, s.faces.get(h)) for h in s.hands[seat]]
    if kn.selected is not None and kn.selected in s.hands[seat]:
        faces = [kn.faces.get(kn.selected)]
    best = max((W.card(f).value for f in faces if f is not None
                and W.card(f).kind == "force"), default=0)
    return best - CARD_MEAN


def _hand_quality(s: W.GameState, seat: int, kn: W.Knowledge) -> int:
    """How much better seat's own force cards are than unknown ones: half a point a force
    point above (below) a mean card, for the cards whose faces it knows (its own or
    public ones); a card it has not seen counts as a mean one."""
    q = 0
    for h in s.hands[seat]:
        f = kn.faces.get(h, s.faces.get(h))
        if f is not None and W.card(f).kind == "force":
            q += W.card(f).value - CARD_MEAN
    return q // 2


def position_value(s: W.GameState, seat: int, kn: W.Knowledge) -> int:
    """The value of a position to `seat` (scaled by 16: a conflict under way weighs both
    results by a chance of winning in sixteenths)."""
    sc = _scores(s)
    sc[seat] += _hand_quality(s, seat, kn)
    c = s.conf
    side = c.side_of(seat) if c is not None else -1
    if c is None or side < 0 or c.result >= 0 or "ended" in c.flags:
        return 16 * _against(sc, seat)
    t = totals(s)
    margin = t[side] - t[1 - side]
    shown = bool(c.cards[0] or c.cards[1])
    if not shown:
        margin += _card_hint(s, seat, kn)
    wins = margin > 0 or (margin == 0 and side == 1)  # ties go to the defender
    if shown:
        p16 = 15 if wins else 1
    else:
        p16 = max(1, min(15, 8 + margin if side == 0 else 9 + margin))
    value = 0
    for k, weight in ((side, p16), (1 - side, 16 - p16)):
        after = sc[:]
        for q in c.seats(1 - k):  # the losers' stacks on the world are destroyed
            after[q] -= TOKEN * s.count(c.world, q)
        if k == 0:  # a winning attacker takes control
            old = s.control[c.world]
            if old != c.primary[0]:
                if old >= 0:
                    after[old] -= WORLD
                after[c.primary[0]] += WORLD
        value += weight * _against(after, seat)
    return value


def _walk(s: W.GameState, seat: int, kn: W.Knowledge, depth: int,
          start: W.GameState) -> int:
    """The value of `s` once content-free chances are answered and seat's own small
    follow-up decisions taken greedily; where stacks were relocated since `start`, plus
    the change of their reach (`_reach`)."""
    for _ in range(64):
        if W.outcome(s) is not None:
            o = W.outcome(s)
            assert o is not None
            return 1 << 30 if seat in o.winners else -(1 << 30) if o.winners else 0
        p = W.pending(s)
        if p.chance is not None:
            answer = EMPTY_ANSWERS.get(p.chance.kind)
            if answer is None:
                break
            s, _ = W.apply(s, answer(W.SOURCE))
            continue
        if depth <= 0 or p.seats != (seat,) or p.simultaneous or "select" in p.kinds \
                or "done" in p.kinds or "decline" in p.kinds:
            break  # someone else's turn to act, or a window the seat may leave
        options = W.legal_actions(s, seat, kn)
        if not options or len(options) > FOLLOW_WIDTH or any(
                isinstance(a, (W.Done, W.Decline)) for a in options):
            break
        return max(_walk(W.apply(s, a)[0], seat, kn, depth - 1, start) for a in options)
    value = position_value(s, seat, kn)
    if _relocated(start, s):
        value += 16 * (_against(_reach(s), seat) - _against(_reach(start), seat))
    return value


def look(s: W.GameState, seat: int, kn: W.Knowledge, a: W.Action) -> int:
    """The value to `seat` of taking action `a` now (see the module's comment)."""
    after, _ = W.apply(s, a)
    return _walk(after, seat, kn, FOLLOW_DEPTH, s)


def opens_moves(s: W.GameState, seat: int, a: W.Action) -> bool:
    """Does action `a` hand the seat a window of moves of its own (the Strategists' second
    migration)? What it gains there only its move rules can say, so the value of the
    position right after shows nothing."""
    after, _ = W.apply(s, a)
    for _ in range(64):
        p = W.pending(after)
        answer = EMPTY_ANSWERS.get(p.chance.kind) if p.chance is not None else None
        if answer is None:
            break
        after, _ = W.apply(after, answer(W.SOURCE))
    p = W.pending(after)
    return p.chance is None and p.seats == (seat,) and "move" in p.kinds \
        and p.step != s.step()[0]
