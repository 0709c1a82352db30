"""Worlds games dealt only the conflict races of the first race batch (Spies, Anarchists,
Precogs, Second Chances, Escapists, ...): random and heuristic bots play them; legal
actions never depend on another seat's hand, every card stays in one zone, the supply
holds, and the powers' own steps and events do happen."""

from __future__ import annotations

from collections import Counter

from bots.worlds import HeuristicWorldsBot, RandomWorldsBot
from engine import worlds as W
from engine.worlds.state import SUPPLY, WORLDS

POOL = ("space_vampires", "jinxers", "limitators", "reanimators", "neutralizers",
        "eliminationists", "spies", "feedbacks", "boobytrappers", "mind_controllers",
        "reinforcers", "escapists", "martyrs", "precogs", "anarchists", "minimalists",
        "pacifists", "second_chances", "projectors", "confusers", "teasers")


def test_games_of_the_conflict_races_keep_the_invariants() -> None:
    seen: Counter[str] = Counter()
    for k in range(8):
        seats, seed = 2 + k % 3, b"conflict-races%d" % k
        src = W.LocalSource(seed, seats)
        bot = RandomWorldsBot if k % 2 else HeuristicWorldsBot
        bots = [bot(seed + bytes([i])) for i in range(seats)]
        s = W.new_game(W.Config(seats, max_turns=50, race_pool=POOL))
        for _ in range(3000):
            if W.outcome(s) is not None:
                break
            p = W.pending(s)
            seen[p.step] += 1
            if p.chance is None:
                for seat in p.seats:
                    own = src.knowledge[seat]
                    everything = W.Knowledge(seat, dict(src.truth), own.selected)
                    assert W.legal_actions(s, seat, own) == W.legal_actions(s, seat, everything)
            if s.order:
                played = s.conf.cards[0] + s.conf.cards[1] if s.conf is not None else ()
                shuffling = [h for st in s.stack if st[:2] == ("shuffle", "cards") for h in st[2]]
                zones = [h for hand in s.hands for h in hand] + list(s.deck) \
                    + list(s.discard) + list(played) + shuffling
                assert len(zones) == len(set(zones)) == len(W.CARDS)
                assert all(s.born(w) <= SUPPLY for w in range(WORLDS))
            if p.chance is not None:
                s, events = W.apply(s, src.answer(p.chance))
            else:
                s, events = W.apply(s, bots[p.seats[0]].choose(s, p.seats[0],
                                                               src.knowledge[p.seats[0]]))
            seen.update(e[0] for e in events)
    for what in ("show", "shed", "escape", "trap", "refight", "reanimated", "power"):
        assert seen[what] > 0, what
