"""Powers that move powers, defenses and cards (Anarchy, Changeling, Chronos, Chameleon,
Deflector) in networked play, real crypto: every chance they ask (Anarchy's redeal is a
run of `new_alien` chances, the Chronos's look at a last card a `show`) is answered by
the card protocol, every seat keeps the same public state, every seat learns only the
faces it is entitled to (its own hands, cards shown to it, public cards), and the
end-of-game audit checks every hidden claim (the Chronos's "last card" included).
"""

from __future__ import annotations

import hashlib
from collections import Counter

import engine
from bots import RandomBot
from protocol.cards_inprocess import InProcessGame

GROUP = ("anarchy", "changeling", "chronos", "chameleon", "deflector")


def test_group_powers_play_through_the_protocol() -> None:
    """One seeded game where the Anarchy redeals, the Chronos replays, the Changeling
    exchanges and the Deflector deflects (the seeds are chosen for that; it is checked)."""
    tag = b"a"
    cfg = engine.Config(5, aliens=GROUP, planets=4, max_turns=8)
    names = [b"powers net" + tag + bytes([i]) for i in range(5)]
    secret = [hashlib.sha256(b"secret " + n).digest() for n in names]
    game = InProcessGame(cfg, names, [RandomBot(n + b"bot") for n in names],
                         secret_seeds=secret)
    uses: Counter[str] = Counter()
    public: set[int] = set()

    def watch(g: InProcessGame) -> None:
        s = g.states[0]
        public.update(s.faces)
        uses.update(ev[2] for ev in s.events if ev[0] == "power")

    game.run(watch)
    faces = game.finish()  # raises on a false claim or a bad share
    for seat, src in enumerate(game.sources):
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        leaked = set(src.knowledge.faces) - game.entitled[seat] - public
        assert not leaked, f"seat {seat} learned faces it may not know: {sorted(leaked)}"
    assert set(uses) >= {"anarchy", "chronos", "changeling", "deflector"}, uses
