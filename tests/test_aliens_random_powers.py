"""Random-bot playouts with the aliens that use, lend, silence or pass on powers (rules
004: Insect, Plant, Null, Pentaform, Zephyr, Xenomorph) among aliens they interact with
(the Oracle, Human, Reincarnator, Will, Changeling, Mind): no crash, no stuck state, the
engine's invariants hold, every game ends with a reason, and each of the batch's powers
is used (counted from the engine's "power" events, whatever power the event names for a
seat that started with a batch alien: a copied or drawn power's use is that sheet's use),
and the Xenomorph trades a power it has used for a new one.

Each chunk deals every batch alien (its games rotate the batch), so a chunk run alone
proves as much as the whole run.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import cosmic as engine
from bots import RandomBot
from node.local import LocalGame, game_seed
from test_invariants import check_invariants

BATCH = ("insect", "plant", "null", "zephyr", "pentaform", "xenomorph")
PARTNERS = ("oracle", "human", "reincarnator", "will", "changeling", "mind")
SEATS = 5
GAMES = 36
CHUNKS = 3


def _aliens(i: int) -> tuple[str, ...]:
    k = i // CHUNKS  # each chunk's games rotate through the whole batch
    mine = [BATCH[(k + j) % len(BATCH)] for j in range(min(3, len(BATCH)))]
    others = [PARTNERS[(i + j) % len(PARTNERS)] for j in range(SEATS - len(mine))]
    return tuple(mine + others)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_with_power_moving_aliens(chunk: int) -> None:
    uses: Counter[str] = Counter()
    dealt: set[str] = set()
    shifts = 0  # the Xenomorph drew a new power after using one
    for i in range(chunk, GAMES, CHUNKS):
        aliens = _aliens(i)
        dealt.update(aliens)
        seed = game_seed("aliens-powers", i)
        g = LocalGame(engine.Config(SEATS, aliens=aliens, max_turns=40), seed,
                      [RandomBot(seed + bytes([k])) for k in range(SEATS)])
        steps = 0
        while g.state.outcome is None:
            p = engine.pending(g.state)
            assert p.seats, f"game {i}: nobody can act at {g.state.step()}"
            for ev in g.step():
                if ev[0] == "power" and aliens[ev[1]] in BATCH:
                    uses[aliens[ev[1]]] += 1
                elif ev[0] == "shapeshift" and ev[3] == "draw":
                    shifts += 1
            steps += 1
            if steps % 3 == 0:
                check_invariants(g.state)
        check_invariants(g.state)
        assert g.state.outcome.reason in ("colonies", "turn_limit")
    assert set(BATCH) <= dealt
    unused = [name for name in BATCH if uses[name] == 0]
    assert not unused, f"never used in chunk {chunk}: {unused} (uses: {dict(uses)})"
    assert shifts, f"the Xenomorph never changed power after a use in chunk {chunk}"
