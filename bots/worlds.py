"""Bots for worlds (engine.worlds): a random one and a simple heuristic one, and a loop
that plays a whole game with the local card source.

Both choose only among `legal_actions` of their own seat, computed with their own
seat's knowledge; the heuristic reads the public state and its own hand's faces only.
The heuristic expands to unexplored worlds, attacks where its stack is stronger,
draws at every fate phase and plays its best force card; once every world is held and
its own worlds yield no more tokens, it gathers stacks on the front until together they
outnumber a neighbour (else such games went on for ever). Race powers it judges by a
one-step lookahead (bots.worlds_look): a power is used when the position after it is
worth more to the seat than the position now; a power whose effect does not show yet
(a passive one, or one whose result a card source must still reveal) keeps the fixed
rules below (a conflict power that costs no token is used).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.rng import Stream
from engine.worlds.races import impl, production, world_races
from engine import worlds as W
from engine.worlds.state import RANGE, SUPPLY, WORLDS, distance
from engine.worlds.unseen import UNSEEN_RACE

from .worlds_look import look, opens_moves, position_value

__all__ = ["WorldsBot", "RandomWorldsBot", "HeuristicWorldsBot", "play_game"]


class WorldsBot(Protocol):
    def choose(self, state: W.GameState, seat: int, kn: W.Knowledge) -> W.Action:
        """Pick one of the seat's legal actions; for a Select, also put the chosen force
        card in `kn.selected` (None: none)."""
        ...


def _force_cards(state: W.GameState, seat: int, kn: W.Knowledge) -> list[tuple[int, int]]:
    out = []
    for h in state.hands[seat]:
        f = kn.faces.get(h, state.faces.get(h))  # its own faces and the public ones
        if f is not None and W.card(f).kind == "force":
            out.append((W.card(f).value, h))
    return sorted(out)


class RandomWorldsBot:
    def __init__(self, seed: bytes) -> None:
        self.stream = Stream(seed, "worlds-random-bot")

    def choose(self, state: W.GameState, seat: int, kn: W.Knowledge) -> W.Action:
        options = W.legal_actions(state, seat, kn)
        if not options:
            raise RuntimeError(f"seat {seat} has no legal action at {state.step()[0]}")
        a = options[self.stream.below(len(options))]
        if isinstance(a, W.Select):
            cards = _force_cards(state, seat, kn)  # a force card must be shown if held
            kn.selected = cards[self.stream.below(len(cards))][1] if cards else None
        elif isinstance(a, W.Conceal):  # each unseen token: stays, or goes somewhere near
            kn.hidden = _hide(state, kn.hidden, lambda near: near[self.stream.below(len(near))])
        return a


def _near(state: W.GameState, world: int) -> list[int]:
    """The worlds an unseen token on `world` may go to (itself first): on the map,
    within RANGE spaces."""
    return [world] + [w for w in range(WORLDS) if w != world and state.pos[w] >= 0
                      and distance(state.pos[world], state.pos[w]) <= RANGE]


def _hide(state: W.GameState, page: dict[int, int],
          pick: Callable[[list[int]], int]) -> dict[int, int]:
    """A new secret page: each unseen token moves once at most, to `pick` of the worlds
    near it (engine.worlds.unseen.page_reachable holds by construction)."""
    out: dict[int, int] = {}
    for w, k in sorted(page.items()):
        for _ in range(k):
            to = pick(_near(state, w))
            out[to] = out.get(to, 0) + 1
    return out


def _stalled(state: W.GameState, seat: int) -> bool:
    """Has the seat nothing left to wait for? Every world on the map is held (no expansion
    left) and none of the seat's worlds yields a token at its genesis any more (the
    supply of its letter is spent, on the map or, for the Invisible Beings, unseen):
    waiting no longer makes any stack of its stronger."""
    if any(state.control[w] < 0 for w in range(WORLDS) if state.pos[w] >= 0):
        return False
    for w in range(WORLDS):
        if state.control[w] != seat or state.native[w] < 0 or not production(state, w, seat):
            continue
        spent = state.born(w) + (sum(state.unseen) if UNSEEN_RACE in world_races(state, w)
                                 else 0)
        if spent < SUPPLY:
            return False
    return True


def _strength(state: W.GameState, world: int, seat: int) -> int:
    from engine.worlds.races import token_force
    return sum(token_force(state, c, 0) for c in state.tokens(world, seat))


LOOK_WIDTH = 60  # race power options judged by lookahead at one decision (more: a spread)


class HeuristicWorldsBot:
    """Expands and attacks; ties broken by the first option (a fixed order). With
    `powers` (the default) race powers are judged by lookahead; without, by the fixed
    rules alone (the bot before the lookahead, kept to measure against)."""

    def __init__(self, seed: bytes = b"", powers: bool = True) -> None:
        self.stream = Stream(seed, "worlds-heuristic-bot")
        self.powers = powers

    def choose(self, state: W.GameState, seat: int, kn: W.Knowledge) -> W.Action:
        options = W.legal_actions(state, seat, kn)
        if not options:
            raise RuntimeError(f"seat {seat} has no legal action at {state.step()[0]}")
        first = options[0]
        if isinstance(first, W.Select):
            cards = _force_cards(state, seat, kn)
            kn.selected = cards[-1][1] if cards else None
            return first
        if any(isinstance(a, W.Conceal) for a in options):
            # Bring unseen tokens into view where they outnumber the holder of a world
            # that is not ours (to take it); else keep them hidden: they fight where a
            # conflict starts, so on our own worlds, the one with the fewest of our
            # tokens in view first (else where they are).
            for a in options:
                if isinstance(a, W.Power) and len(a.args) == 1 and 0 <= a.args[0] < WORLDS:
                    w = a.args[0]
                    holder = state.control[w]
                    if holder != seat and kn.hidden.get(w, 0) > (
                            len(state.tokens(w, holder)) if holder >= 0 else 0):
                        return a
            def guard(near: list[int]) -> int:
                ours = [w for w in near if state.control[w] == seat]
                return min(ours, key=lambda w: (len(state.tokens(w, seat)), w)) if ours \
                    else near[0]
            kn.hidden = _hide(state, kn.hidden, guard)
            return next(a for a in options if isinstance(a, W.Conceal))
        if self.powers and any(isinstance(a, W.Power) for a in options):
            picked, options = self._judge_powers(state, seat, kn, options)
            if picked is not None:
                return picked
        best, best_score = options[-1], 0
        for a in self._candidates(options):
            sc = self._score(state, seat, kn, a)
            if sc > best_score:
                best, best_score = a, sc
        if best_score == 0 and isinstance(first, W.Move) and _stalled(state, seat):
            gather = self._gather(state, seat, options)
            if gather is not None:
                return gather
        if best_score == 0 and isinstance(first, (W.Home, W.Keep, W.Discard, W.Reveal)):
            return options[self.stream.below(len(options))] if isinstance(
                first, (W.Keep,)) else self._fallback(state, seat, options)
        return best

    @staticmethod
    def _judge_powers(state: W.GameState, seat: int, kn: W.Knowledge,
                      options: list[W.Action]) -> tuple[W.Action | None, list[W.Action]]:
        """(the power to use, or None; the options left for the fixed rules). The best
        power by lookahead is used if it gains, or if the seat must pick one; else one
        that changes nothing visible but opens a window of moves of the seat's own; powers
        that lose are dropped; the others are left to the rules."""
        now = position_value(state, seat, kn)
        powers = [i for i, a in enumerate(options) if isinstance(a, W.Power)]
        if len(powers) > LOOK_WIDTH:  # an even spread of them (a new turn order: 719)
            powers = [powers[j * len(powers) // LOOK_WIDTH] for j in range(LOOK_WIDTH)]
        judged = [(look(state, seat, kn, options[i]) - now, i) for i in powers]
        gain, i = max(judged, key=lambda g: (g[0], -g[1]))
        forced = all(isinstance(a, W.Power) for a in options)
        if gain > 0 or forced:
            return options[i], options
        if gain == 0:  # more moves of its own: the move rules make use of them
            tried: set[int] = set()
            for g, j in judged:
                a = options[j]
                assert isinstance(a, W.Power)
                if g == 0 and a.race not in tried:
                    tried.add(a.race)
                    if opens_moves(state, seat, a):
                        return a, options
        drop = {j for g, j in judged if g < 0}
        return None, [a for j, a in enumerate(options) if j not in drop]

    @staticmethod
    def _candidates(options: list[W.Action]) -> list[W.Action]:
        """The options worth scoring: of the moves of one origin between two worlds, only
        one token, all of them, or all but one (the scores prefer one of those: explore
        with one, attack with as many as can go while one stays)."""
        if not isinstance(options[0], W.Move):
            return options
        most: dict[tuple[int, int, int], int] = {}
        for a in options:
            if isinstance(a, W.Move):
                most[(a.src, a.dst, a.origin)] = a.count  # counts come in increasing order
        return [a for a in options if not isinstance(a, W.Move) or a.count == 1
                or a.count >= most[(a.src, a.dst, a.origin)] - 1]

    @staticmethod
    def _gather(state: W.GameState, seat: int, options: list[W.Action]) -> W.Move | None:
        """When no single move is worth making and the seat has nothing to wait for
        (`_stalled`): the first move of stacks that together outnumber another seat's
        stack on a world it holds (each source keeps a token; the moves that follow
        score by `_move_score`, the tokens already there counting, and the conflict
        phase attacks); else the biggest move to a world of its own nearer the other
        seats' worlds (its stacks on the front grow until one outnumbers a neighbour).
        Without it, once every world was held and every stack stood at its supply, no
        stack alone outnumbered a neighbour and the heuristic bots passed for ever (`cosmic
        simulate --game worlds --bots heuristic --players 3 --seed 2`, its seventh game)."""
        movable: dict[tuple[int, int], int] = {}  # (src, dst) -> tokens that may go
        most: dict[tuple[int, int, int], int] = {}
        for a in options:
            if isinstance(a, W.Move):
                most[(a.src, a.dst, a.origin)] = max(most.get((a.src, a.dst, a.origin), 0),
                                                     a.count)
        for (src, dst, _), k in sorted(most.items()):
            movable[(src, dst)] = movable.get((src, dst), 0) + k
        reach: dict[int, int] = {}
        for (src, dst), k in sorted(movable.items()):
            holder = state.control[dst] if dst < WORLDS else -1  # deep space: nobody's
            if holder < 0 or holder == seat:
                continue
            reach[dst] = reach.get(dst, 0) + min(k, state.count(src, seat) - 1)
        best: tuple[int, int] | None = None  # (margin, -world)
        for dst, k in sorted(reach.items()):
            margin = state.count(dst, seat) + k - state.count(dst, state.control[dst]) - 1
            if margin > 0 and (best is None or (margin, -dst) > best):
                best = (margin, -dst)
        if best is not None:
            dst = -best[1]
            moves = [a for a in options if isinstance(a, W.Move) and a.dst == dst
                     and state.count(a.src, seat) - a.count >= 1]
            return max(moves, key=lambda a: a.count, default=None)
        # None yet: bring tokens to a world of its own nearer the other seats' worlds
        # (the most that may go, each source keeping one), so that its stacks on the
        # front grow and a later turn's outnumber a neighbour
        foes = [state.pos[w] for w in range(WORLDS)
                if state.pos[w] >= 0 and state.control[w] not in (-1, seat)]
        if not foes:
            return None

        def front(w: int) -> int:  # spaces to the nearest world another seat holds
            return min(distance(state.pos[w], q) for q in foes)

        step: W.Move | None = None
        key: tuple[int, int] = (0, 0)
        for a in options:
            if isinstance(a, W.Move) and a.dst < WORLDS and a.src < WORLDS \
                    and state.control[a.dst] == seat and state.count(a.src, seat) > a.count:
                rank = (a.count, front(a.src) - front(a.dst))
                if rank[1] > 0 and rank > key:
                    step, key = a, rank
        return step

    def _fallback(self, state: W.GameState, seat: int, options: list[W.Action]) -> W.Action:
        return options[0]

    def _score(self, s: W.GameState, seat: int, kn: W.Knowledge, a: W.Action) -> int:
        if isinstance(a, W.Home):
            return 1 + sum(1 for v in range(WORLDS) if v != a.world
                           and distance(s.pos[a.world], s.pos[v]) <= 3)
        if isinstance(a, W.Draw):
            return 1
        if isinstance(a, W.Discard):
            f = a.cards[0][1]
            info = W.card(f)
            return 100 - (info.value if info.kind == "force" else 6)
        if isinstance(a, W.Move):
            return self._move_score(s, seat, a)
        if isinstance(a, W.Attack):
            mine = _strength(s, a.world, seat)
            theirs = _strength(s, a.world, a.target)
            return max(0, 5 + mine - theirs) if mine >= theirs or s.control[a.world] == a.target \
                and mine + 6 > theirs else 0
        if isinstance(a, W.Power):
            return self._power_score(s, seat, a)
        if isinstance(a, W.Play):
            return self._play_score(s, seat, a)
        return 0

    def _power_score(self, s: W.GameState, seat: int, a: W.Power) -> int:
        key = W.RACES[a.race].key
        if key == "assassins":
            w, other = a.args[0], a.args[1]
            return 3 + (5 if s.control[w] == other and s.count(w, other) == 1 else 0)
        if key == "fanatics":
            w, other = a.args[1], a.args[2]
            return 4 if s.control[w] == other and s.count(w, other) == 1 else 0
        c = s.conf
        if c is not None and key in ("berserkers", "rearguard"):
            side = c.primary.index(seat)
            mine = _strength(s, c.world, seat)
            theirs = _strength(s, c.world, c.primary[1 - side])
            if key == "berserkers":
                return 6 if mine <= theirs + 4 else 0
            return 6 if theirs > mine + 10 else 0
        if c is not None and seat in c.primary and not impl(a.race).sacrifice:
            return 2  # a conflict power that costs no token: its own side gains by it
        return 0

    def _move_score(self, s: W.GameState, seat: int, a: W.Move) -> int:
        left = s.count(a.src, seat) - a.count
        ctl = s.control[a.dst]
        if ctl < 0 and s.native[a.dst] < 0 and not s.occupants(a.dst):
            return 20 - a.count if left >= 1 or s.control[a.src] == seat else 0
        if ctl >= 0 and ctl != seat:
            there = s.count(a.dst, ctl)
            if s.count(a.dst, seat) + a.count > there + 1 and left >= 1:
                return 12 + a.count
        return 0

    def _play_score(self, s: W.GameState, seat: int, a: W.Play) -> int:
        info = W.card(a.card)
        if info.key == "revolution":
            return 15
        if info.key == "temporal_nexus":
            return 10
        if info.key in ("population_explosion",):
            return 10 if s.control[a.args[0]] == seat else 0
        if info.key == "power_up":
            c = s.conf
            return 10 if c is not None and a.args[0] in c.cards[c.side_of(seat)] else 0
        if info.key == "supernova":
            w = a.args[0]
            mine = s.count(w, seat)
            foe = sum(s.count(w, p) for p in range(s.n) if p != seat)
            return 8 if not mine and foe >= 4 else 0
        if info.key == "worm_hole":
            src, dst = a.args
            return 6 if s.control[dst] < 0 and s.native[dst] < 0 and s.count(src, seat) > 2 \
                else 0
        if info.key == "use_the_force":
            return 5
        return 0


def play_game(seed: bytes, seats: int, bots: list[WorldsBot] | None = None,
              max_turns: int = 0, race_pool: tuple[str, ...] = (),
              max_actions: int = 200_000) -> tuple[W.GameState, W.LocalSource, int]:
    """Play one game with the local source; returns (final state, source, actions)."""
    cfg = W.Config(seats, max_turns=max_turns, race_pool=race_pool)
    src = W.LocalSource(seed, seats)
    bots = bots if bots is not None else [HeuristicWorldsBot(seed + bytes([i]))
                                          for i in range(seats)]
    s = W.new_game(cfg)
    n = 0
    while W.outcome(s) is None and n < max_actions:
        p = W.pending(s)
        if p.chance is not None:
            s, _ = W.apply(s, src.answer(p.chance))
        else:
            for seat in p.seats:
                a = bots[seat].choose(s, seat, src.knowledge[seat])
                src.check(a)
                s, _ = W.apply(s, a)
                if p.simultaneous:
                    continue
                break
        n += 1
    return s, src, n
