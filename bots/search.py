"""A search bot: information-set Monte Carlo tree search over determinizations.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): each iteration deals the
cards hidden from this seat at random, consistently with what the seat knows
(engine.determinize: its own knowledge and the public state, never another seat's
hidden faces), then walks one tree of this seat's decisions with UCB1 over the actions
available in that deal (availability counts; progressive widening, the heuristic bot's
pick first), adds one node, and plays on with (a fast variant of) the heuristic bot for
every seat up to a horizon: the end of the game, or the end of the encounter after the
one under way (full games are long), where a position is scored from colonies, home
planets and cards. The other seats are modelled by the heuristic bot (their decisions are not tree
nodes); chance steps are answered by the deal's seeded local source.

Invariants:
- It sees only (state, seat, knowledge), like any controller, and returns one of the
  seat's legal actions (an encounter card choice is one of `encounter_card_options`).
- A decision with one legal action costs nothing. Otherwise the search runs for a time
  budget (seconds) or, for reproducible runs (simulate), a number of iterations; with the
  same seed and an iteration budget the choice is the same on every machine.
- Where the position cannot be dealt (the setup) or the search fails, the heuristic
  bot decides.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import cosmic as engine
from engine.cosmic.determinize import Undeterminable, determinize
from engine.cosmic.local import LocalSource, Stream

from .heuristic import HeuristicBot

__all__ = ["SearchBot", "DEFAULT_BUDGET_S"]

DEFAULT_BUDGET_S = 1.0
WIDTH = 12  # candidate actions per tree node: the heuristic's pick and a sample of others
ENCOUNTERS_AHEAD = 1  # the horizon: encounters played after the one under way
WIDEN = 4  # progressive widening: one more candidate per this many visits of a node
MAX_PLAYOUT = 600  # actions in one playout, whatever happens (a safety net)
EXPLORE = 0.7  # UCB1's constant for rewards in [0, 1]
DEAL_PROPOSALS = 8  # as node.local: the stand-in for the deal's one-minute timer

# What a playout may run into in a deal the public record rules out after all (a seat
# dealt no encounter card for a choice that needs one, a card with no face): the
# playout ends there and the position reached is scored.
_DEAD_ENDS = (IndexError, KeyError, RuntimeError, engine.IllegalAction)

# A move: the action, and for a Select the handle put face down (else -1).
Move = tuple[engine.Action, int]


@dataclass(slots=True)
class _Node:
    visits: int = 0
    avail: int = 0
    reward: float = 0.0
    children: dict[Move, _Node] = field(default_factory=dict)


SAMPLE = 24  # the fast policy weighs at most this many of a long list of options


def _sample(options: Sequence[engine.Action], stream: Stream) -> list[engine.Action]:
    """All the options, or where there are many (ship choices run to hundreds) the first,
    the last and a uniform sample of the rest, in their order."""
    n = len(options)
    if n <= SAMPLE:
        return list(options)
    picked = {0, n - 1}
    while len(picked) < SAMPLE:
        picked.add(stream.below(n))
    return [options[i] for i in sorted(picked)]


class _FastPolicy(HeuristicBot):
    """The heuristic bot's rules of thumb over a sample of a long list of options: the
    playouts' policy (weighing every ship choice was four fifths of a playout's time)."""

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        options = _sample(engine.legal_sequence(state, seat, kn), self.stream)
        if not options:
            raise RuntimeError(f"seat {seat} has no legal action at {state.step()[0]}")
        if len(options) == 1:
            action = options[0]
        else:
            pick = getattr(self, "_" + state.step()[0], None)
            action = pick(state, seat, kn, options) if pick else self._default(options)
        if isinstance(action, engine.Select):
            kn.selected = self._card(state, seat, kn)
        return action


def _moves(state: engine.GameState, seat: int, kn: engine.Knowledge,
           options: Sequence[engine.Action]) -> list[Move]:
    out: list[Move] = []
    for a in options:
        if isinstance(a, engine.Select):
            out += [(a, h) for h in engine.encounter_card_options(state, seat, kn)]
        else:
            out.append((a, -1))
    return out


def score(state: engine.GameState, seat: int) -> float:
    """A position's worth to a seat, colonies first: foreign colonies, home colonies
    (the power needs them), then cards in hand and ships on planets."""
    hand = len(state.hands[seat])
    return (4.0 * state.foreign_colonies(seat) + 1.0 * state.home_colonies(seat)
            + 0.3 * min(hand, 8) + 0.05 * state.ships_on_planets(seat))


def reward(state: engine.GameState, seat: int) -> float:
    """1 for a win and 0 for a loss at the end; before it, the seat's lead over the best
    other seat, squashed into (0, 1)."""
    out = state.outcome
    if out is not None:
        return 1.0 if seat in out.winners else 0.0
    mine = score(state, seat)
    best = max(score(state, o) for o in range(state.n) if o != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / 3.0))


class SearchBot:
    """ISMCTS within `budget_s` seconds a decision, or `iterations` iterations if given
    (reproducible)."""

    def __init__(self, seed: bytes, budget_s: float = DEFAULT_BUDGET_S,
                 iterations: int = 0) -> None:
        if budget_s <= 0 and iterations <= 0:
            raise ValueError("the search needs a time budget or a number of iterations")
        self.stream = Stream(seed, "search-bot")
        self.seed = seed
        self.fallback = HeuristicBot(seed)
        self.budget_s = budget_s
        self.iterations = iterations
        self.decisions = 0
        self.last_iterations = 0  # iterations of the last searched decision (for bench)

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        options = list(engine.legal_sequence(state, seat, kn))
        if not options:
            raise RuntimeError(f"seat {seat} has no legal action at {state.step()[0]}")
        moves = _moves(state, seat, kn, options)
        if len(moves) <= 1:
            return self.fallback.choose(state, seat, kn)
        self.decisions += 1
        try:
            move = self._search(state, seat, kn, moves)
        except Undeterminable:
            return self.fallback.choose(state, seat, kn)
        action, handle = move
        if isinstance(action, engine.Select):
            kn.selected = handle
        return action

    # -- the search --------------------------------------------------------------------------

    def _candidates(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
                    moves: list[Move], policy: HeuristicBot) -> list[Move]:
        """At most WIDTH moves: the heuristic's own pick first, then the others (a sample
        of them where there are many)."""
        probe = engine.Knowledge(kn.seat, kn.faces, kn.selected)
        pick = policy.choose(state, seat, probe)
        first: Move = (pick, probe.selected if isinstance(pick, engine.Select) and
                       probe.selected is not None else -1)
        if first not in moves:
            first = moves[0]
        rest = [m for m in moves if m != first]
        if len(moves) <= WIDTH:
            return [first] + rest
        order = self.stream.permutation(len(rest))
        return [first] + [rest[k] for k in order[: WIDTH - 1]]

    def _search(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
                moves: list[Move]) -> Move:
        root = _Node()
        roots = self._candidates(state, seat, kn, moves, self.fallback)
        if len(roots) == 1:
            return roots[0]
        deadline = time.monotonic() + self.budget_s
        done = 0
        while (done < self.iterations if self.iterations > 0
               else (done == 0 or time.monotonic() < deadline)):
            self._iterate(state, seat, kn, root, roots)
            done += 1
        self.last_iterations = done
        return max(roots, key=lambda m: (root.children[m].visits if m in root.children else 0,
                                         -roots.index(m)))

    def _iterate(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
                 root: _Node, roots: list[Move]) -> None:
        """One iteration. The move at the root is chosen first (the root's moves are the
        same in every deal), and the deal and the playouts' seed are those of that
        move's visit number: the k-th try of every root move sees the same deal and the
        same luck (common random numbers), so that the moves are compared on equal terms
        rather than on who drew the better deals."""
        move, node, expanded = self._tree_step(root, roots)
        path = [root, node]
        sub = self.seed + self.decisions.to_bytes(8, "big") + node.visits.to_bytes(8, "big")
        src = determinize(state, kn, sub)
        policy = _FastPolicy(sub)
        horizon = state.encounters + ENCOUNTERS_AHEAD
        s, proposals = state, 0
        a, handle = move
        mine = src.knowledge[seat]
        if isinstance(a, engine.Select):
            mine.selected = handle
        try:
            s, _ = engine.apply(s, a)
            proposals = 1 if isinstance(a, engine.Propose) else 0
            if isinstance(a, engine.Reveal):
                mine.selected = None
        except engine.IllegalAction:
            pass  # not expected: the root's moves are legal; score the position as it is
        for _ in range(MAX_PLAYOUT if s is not state else 0):
            try:
                s, proposals, node, expanded, over = self._advance(
                    s, src, seat, policy, node, path, expanded, proposals, horizon)
            except _DEAD_ENDS:
                break  # a deal the public record rules out after all: score what was reached
            if over:
                break
        r = reward(s, seat)
        for n in path:
            n.visits += 1
            n.reward += r

    def _advance(self, s: engine.GameState, src: LocalSource, seat: int,
                 policy: HeuristicBot, node: _Node, path: list[_Node], expanded: bool,
                 proposals: int, horizon: int
                 ) -> tuple[engine.GameState, int, _Node, bool, bool]:
        """One decision of the playout (after the chance steps before it): down the tree
        for this seat until a node is added, the playout policy after that and for the
        other seats. Returns the new state, the proposals in a row, the tree node, whether
        a node was added, and whether the playout is over."""
        s = _settle(s, src)
        if s.outcome is not None or s.encounters > horizon:
            return s, proposals, node, expanded, True
        p = engine.pending(s)
        actor = p.seats[0]
        actor_kn = src.knowledge[actor]
        if p.step == "deal" and proposals >= DEAL_PROPOSALS:
            move: Move = (engine.NoDeal(actor), -1)
        elif actor == seat and not expanded:
            here = self._candidates(
                s, seat, actor_kn,
                _moves(s, seat, actor_kn,
                       _sample(engine.legal_sequence(s, seat, actor_kn), policy.stream)),
                policy)
            move, node, expanded = self._tree_step(node, here)
            path.append(node)
        else:
            a = policy.choose(s, actor, actor_kn)
            down = actor_kn.selected
            move = (a, down if isinstance(a, engine.Select) and down is not None else -1)
        a, handle = move
        if isinstance(a, engine.Select) and handle >= 0:
            actor_kn.selected = handle
        s, _ = engine.apply(s, a)
        if isinstance(a, engine.Reveal):
            actor_kn.selected = None
        proposals = proposals + 1 if isinstance(a, engine.Propose) else 0
        return s, proposals, node, expanded, False

    def _tree_step(self, node: _Node, moves: list[Move]) -> tuple[Move, _Node, bool]:
        """UCB1 with availability counts among the moves available in this deal; the
        first untried one is added (and the walk down the tree ends there). Progressive
        widening: a node weighs its first two candidates (the heuristic's pick first),
        and one more each WIDEN visits, so that a small budget is not spread over a
        dozen moves tried once each."""
        moves = moves[: 2 + node.visits // WIDEN]
        fresh = None
        for m in moves:
            child = node.children.get(m)
            if child is None:
                fresh = fresh or m
                continue
            child.avail += 1
        if fresh is not None:
            child = node.children[fresh] = _Node(avail=1)
            return fresh, child, True
        best, best_value = moves[0], -1.0
        for m in moves:
            c = node.children[m]
            value = c.reward / c.visits + EXPLORE * math.sqrt(math.log(c.avail) / c.visits) \
                if c.visits else math.inf
            if value > best_value:
                best, best_value = m, value
        return best, node.children[best], False


def _settle(s: engine.GameState, src: LocalSource) -> engine.GameState:
    """Answer chance steps from the deal until a seat must decide (or the game ends)."""
    while s.outcome is None:
        p = engine.pending(s)
        if p.chance is None:
            return s
        s, _ = engine.apply(s, src.answer(p.chance))
    return s
