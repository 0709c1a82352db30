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
WANTED = {"anarchy", "chronos", "changeling", "deflector"}
MAX_GAMES = 6


def _play(tag: bytes) -> Counter[str]:
    """Play one seeded game through the protocol, check every seat's knowledge and the
    audit; return its power uses."""
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
    return uses


def test_group_powers_play_through_the_protocol() -> None:
    """Seeded games, until the Anarchy has redealt, the Chronos replayed, the Changeling
    exchanged and the Deflector deflected across them (checked; at most MAX_GAMES). The
    seeds are not tuned: any change to the card catalogue (a new flare) changes every
    shuffle, so the test plays on until each power has acted rather than betting on one
    game."""
    uses: Counter[str] = Counter()
    for k in range(MAX_GAMES):
        uses += _play(bytes([ord("a") + k]))
        if set(uses) >= WANTED:
            break
    assert set(uses) >= WANTED, uses
