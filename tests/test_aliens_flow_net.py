"""Powers that change the shape of the turn and the encounter in networked play, real
crypto: the Paradigm's destiny draw during planning (a `reveal` the card protocol
answers) and its face-down card turned up for the seat that took over the defense, the
Queue's choice of the next player, the Wavebender's late ships and the Zealot's forced
encounters (their claims audited) run through the card protocol; every seat keeps the
same public state, nobody learns a face it is not entitled to, and the end-of-game audit
checks every claim. (The Juggernaut, Worm and Paragon act on public facts only.)
"""

from __future__ import annotations

import hashlib
from collections import Counter

import engine
from bots import RandomBot
from protocol.cards_inprocess import InProcessGame

GROUP = ("paradigm", "queue", "wavebender", "zealot", "", "")
TAG = b"b"


def test_flow_powers_play_through_the_protocol() -> None:
    """One seeded game where each of these powers acts, the Paradigm moving the encounter
    to another seat's system (the seed is chosen for that; it is checked)."""
    cfg = engine.Config(6, aliens=GROUP, planets=4, max_turns=14)
    names = [b"flow net2" + TAG + bytes([i]) for i in range(6)]
    secret = [hashlib.sha256(b"secret " + n).digest() for n in names]
    game = InProcessGame(cfg, names, [RandomBot(n + b"bot") for n in names],
                         secret_seeds=secret)
    seen: Counter[str] = Counter()
    public: set[int] = set()

    def watch(g: InProcessGame) -> None:
        s = g.states[0]
        public.update(s.faces)
        seen.update(ev[2] if ev[0] == "power" else ev[0] for ev in s.events)
        assert all(st.stack == s.stack and st.ships == s.ships for st in g.states)

    game.run(watch)
    faces = game.finish()  # raises on a false claim or a bad share
    for seat, src in enumerate(game.sources):
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        leaked = set(src.knowledge.faces) - game.entitled[seat] - public
        assert not leaked, f"seat {seat} learned faces it may not know: {sorted(leaked)}"
    wanted = ("paradigm", "paradigm_shift", "queue", "late_ships", "zealot")
    assert all(seen[k] for k in wanted), {k: seen[k] for k in wanted}


def test_wrack_random_card_goes_through_the_protocol() -> None:
    """The Wrack's torture of a card: the victim's hand is shuffled by the card protocol
    and the first card turned up on the discard pile; nobody chose it, nobody learns
    more than its face (the seed is chosen for a game where it happens; it is checked)."""
    cfg = engine.Config(4, aliens=("wrack", "", "", ""), planets=4, max_turns=10)
    names = [b"flow net2" + b"d" + bytes([i]) for i in range(4)]
    secret = [hashlib.sha256(b"secret " + n).digest() for n in names]
    game = InProcessGame(cfg, names, [RandomBot(n + b"bot") for n in names],
                         secret_seeds=secret)
    tortured: list[int] = []
    public: set[int] = set()

    def watch(g: InProcessGame) -> None:
        s = g.states[0]
        public.update(s.faces)
        for ev in s.events:
            if ev[0] == "torture" and ev[3] == "card":
                tortured.append(s.discard[-1])
        assert all(st.discard == s.discard and st.hands == s.hands for st in g.states)

    game.run(watch)
    faces = game.finish()
    assert tortured, "no card was tortured away in this game"
    assert all(h in public for h in tortured), "a tortured card is turned up for all"
    for seat, src in enumerate(game.sources):
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        leaked = set(src.knowledge.faces) - game.entitled[seat] - public
        assert not leaked, f"seat {seat} learned faces it may not know: {sorted(leaked)}"
