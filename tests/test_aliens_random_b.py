"""Random-bot playouts with the second batch of aliens in play (Mind, Trader, Filch, Fido,
Vulch, Demon, Philanthropist, Mutant, Hate): no crash, no stuck state, the engine's
invariants hold (checked every few actions and at the end; they include the Demon's
possession lasting one encounter), every game ends with a reason, and every one of these
powers is used.

Each chunk deals all nine aliens (its games cover three rotations of the batch) and
checks its own power uses, so a chunk run alone (-k, or on any xdist worker) proves as
much as the whole run.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import cosmic as engine
from bots import RandomBot
from node.local import LocalGame, game_seed
from test_invariants import check_invariants

BATCH = ("mind", "trader", "filch", "fido", "vulch", "demon", "philanthropist", "mutant",
         "hate")
GAMES = 90
CHUNKS = 3


def _aliens(i: int) -> tuple[str, ...]:
    k = i % len(BATCH)
    return tuple(BATCH[(k + 2 * j) % len(BATCH)] for j in range(5))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_with_batch_b_aliens(chunk: int) -> None:
    uses: Counter[str] = Counter()
    dealt: set[str] = set()
    for i in range(chunk, GAMES, CHUNKS):
        dealt.update(_aliens(i))
        seed = game_seed("aliens-b", i)
        g = LocalGame(engine.Config(5, aliens=_aliens(i), max_turns=60), seed,
                      [RandomBot(seed + bytes([k])) for k in range(5)])
        steps = 0
        while g.state.outcome is None:
            p = engine.pending(g.state)
            assert p.seats, f"game {i}: nobody can act at {g.state.step()}"
            for ev in g.step():
                if ev[0] == "power":
                    uses[ev[2]] += 1
            steps += 1
            if steps % 3 == 0:
                check_invariants(g.state)
        check_invariants(g.state)
        assert g.state.outcome.reason in ("colonies", "turn_limit")
    assert dealt == set(BATCH)
    unused = [name for name in BATCH if uses[name] == 0]
    assert not unused, f"never used in chunk {chunk}: {unused} (uses: {dict(uses)})"
