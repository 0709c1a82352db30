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
TAGS = b"bcdefghi"  # games are tried in this order until every power has acted


def _play(cfg: engine.Config, tag: bytes, seen: Counter[str], tortured: list[int]) -> None:
    """One networked game over the real card protocol: every seat keeps the same public
    state; nobody learns a face it may not know; the end-of-game audit holds. Counts the
    powers used and events (`seen`) and the cards tortured away, which must be turned up."""
    names = [b"flow net3" + tag + bytes([i]) for i in range(cfg.seats)]
    secret = [hashlib.sha256(b"secret " + n).digest() for n in names]
    game = InProcessGame(cfg, names, [RandomBot(n + b"bot") for n in names],
                         secret_seeds=secret)
    public: set[int] = set()
    mine: list[int] = []

    def watch(g: InProcessGame) -> None:
        s = g.states[0]
        public.update(s.faces)
        seen.update(ev[2] if ev[0] == "power" else ev[0] for ev in s.events)
        for ev in s.events:
            if ev[0] == "torture" and ev[3] == "card":
                mine.append(s.discard[-1])
        assert all(st.stack == s.stack and st.ships == s.ships and st.discard == s.discard
                   and st.hands == s.hands for st in g.states)

    game.run(watch)
    faces = game.finish()  # raises on a false claim or a bad share
    for seat, src in enumerate(game.sources):
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        leaked = set(src.knowledge.faces) - game.entitled[seat] - public
        assert not leaked, f"seat {seat} learned faces it may not know: {sorted(leaked)}"
    assert all(h in public for h in mine), "a tortured card is turned up for all"
    tortured += mine


def test_flow_powers_play_through_the_protocol() -> None:
    """Games until each of these powers has acted, the Paradigm moving the encounter to
    another seat's system."""
    cfg = engine.Config(6, aliens=GROUP, planets=4, max_turns=14)
    seen: Counter[str] = Counter()
    wanted = ("paradigm", "paradigm_shift", "queue", "late_ships", "zealot")
    for tag in TAGS:
        _play(cfg, bytes([tag]), seen, [])
        if all(seen[k] for k in wanted):
            break
    assert all(seen[k] for k in wanted), {k: seen[k] for k in wanted}


def test_wrack_random_card_goes_through_the_protocol() -> None:
    """The Wrack's torture of a card: the victim's hand is shuffled by the card protocol
    and the first card turned up on the discard pile; nobody chose it, nobody learns
    more than its face. Games are tried until a card is tortured away."""
    cfg = engine.Config(4, aliens=("wrack", "", "", ""), planets=4, max_turns=10)
    tortured: list[int] = []
    for tag in TAGS:
        _play(cfg, b"d" + bytes([tag]), Counter(), tortured)
        if tortured:
            break
    assert tortured, "no card was tortured away in any game"
