"""Random-bot games with Amoeba, Anti-Matter, Calculator, Gambler, Mirror, Oracle,
Pacifist, Sorcerer and Virus in play (issue 7, Tests).

Five seats, the nine aliens rotated so that every pair meets (Oracle with Sorcerer, the
Gambler with the Sorcerer it should not play with...). At every step the engine's
invariants hold and the game goes on; at the end, every Gambler's kept card was an
encounter card (the audit of its "facedown:" claims), and across the run each of the nine
powers was used, and the Gambler's bluff was both believed and challenged.
"""

from __future__ import annotations

from collections import Counter

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic.audit import audit_claims
from node.local import LocalGame, game_seed

from test_invariants import check_invariants

ALIENS = ("amoeba", "anti_matter", "calculator", "gambler", "mirror", "oracle", "pacifist",
          "sorcerer", "virus")
GAMES = 36
MAX_TURNS = 25


def test_batch_aliens_random_games() -> None:
    uses: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for i in range(GAMES):
        seed = game_seed("aliens-batch-c", i)
        aliens = tuple(ALIENS[(i + k * (1 + i % 4)) % len(ALIENS)] for k in range(5))
        g = LocalGame(engine.Config(5, aliens=aliens, max_turns=MAX_TURNS), seed,
                      [RandomBot(seed + bytes([k])) for k in range(5)])
        while g.state.outcome is None:
            for ev in g.step():
                if ev[0] == "power":
                    uses[ev[2]] += 1
                events[ev[0]] += 1
            check_invariants(g.state)
        kept = [x for x in audit_claims(g.state, g.source.truth) if "facedown:" in x]
        assert not kept, kept
    print(dict(uses))
    assert set(uses) >= set(ALIENS), f"never used: {sorted(set(ALIENS) - set(uses))}"
    assert events["bluff_believed"] and events["bluff_challenged"]
