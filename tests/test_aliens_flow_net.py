"""Powers that change the shape of the turn and the encounter (Zealot, Juggernaut, Queue,
Worm, Paragon, Wavebender) in networked play, real crypto: their steps (the Queue's
choice of the next player, the Paragon's target, the Wavebender's late ships, the
Zealot's forced encounters and their claims) run through the card protocol, every seat
keeps the same public state, nobody learns a face it is not entitled to, and the
end-of-game audit checks every claim.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import engine
from bots import RandomBot
from protocol.cards_inprocess import InProcessGame

GROUP = ("zealot", "juggernaut", "queue", "worm", "paragon", "wavebender")
TAG = b"e"


def test_flow_powers_play_through_the_protocol() -> None:
    """One seeded game where each of these powers acts (the seed is chosen for that; it
    is checked)."""
    cfg = engine.Config(6, aliens=GROUP, planets=4, max_turns=14)
    names = [b"flow net" + TAG + bytes([i]) for i in range(6)]
    secret = [hashlib.sha256(b"secret " + n).digest() for n in names]
    game = InProcessGame(cfg, names, [RandomBot(n + b"bot") for n in names],
                         secret_seeds=secret)
    uses: Counter[str] = Counter()
    public: set[int] = set()

    def watch(g: InProcessGame) -> None:
        s = g.states[0]
        public.update(s.faces)
        uses.update(ev[2] for ev in s.events if ev[0] == "power")
        uses.update("wavebender" for ev in s.events if ev[0] == "late_ships")
        assert all(st.stack == s.stack and st.ships == s.ships for st in g.states)

    game.run(watch)
    faces = game.finish()  # raises on a false claim or a bad share
    for seat, src in enumerate(game.sources):
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        leaked = set(src.knowledge.faces) - game.entitled[seat] - public
        assert not leaked, f"seat {seat} learned faces it may not know: {sorted(leaked)}"
    assert set(uses) >= set(GROUP), uses
