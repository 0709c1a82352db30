"""Powers that give, take and mix hidden hands (rules 004: Doppleganger, Enigma).

The Doppleganger is dealt no hand at setup (the flow's `setup_hand` step asks its power)
and borrows or draws a hand as a main player; in networked play the borrowed cards move by
`deliver`, so only the borrower and the lender ever see them, and the end-of-game audit
checks every claim.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import engine
from bots import RandomBot
from engine import cards as C
from node.local import LocalGame, game_seed
from protocol.cards_inprocess import InProcessGame


def _after_setup(aliens: tuple[str, ...]) -> engine.GameState:
    seats = len(aliens)
    seed = game_seed("hand-powers", seats)
    g = LocalGame(engine.Config(seats, aliens=aliens), seed,
                  [RandomBot(seed + bytes([k])) for k in range(seats)])
    while g.state.offense < 0:
        g.step()
    return g.state


def test_doppleganger_gets_no_hand_at_setup() -> None:
    s = _after_setup(("", "doppleganger", ""))
    assert [len(h) for h in s.hands] == [C.HAND_SIZE, 0, C.HAND_SIZE]
    # The whole deck is still accounted for: the eight cards were never dealt.
    assert len(s.deck) == len(s.config.cosmic_deck) - 2 * C.HAND_SIZE


def test_doppleganger_dealt_at_random_gets_no_hand_either() -> None:
    """With aliens dealt at random, the deal is asked once they are known."""
    for n in range(3, 40):
        seed = game_seed("hand-powers-random", n)
        g = LocalGame(engine.Config(4, aliens=("?",) * 4), seed,
                      [RandomBot(seed + bytes([k])) for k in range(4)])
        while g.state.offense < 0:
            g.step()
        s = g.state
        if "doppleganger" in s.aliens:
            seat = s.aliens.index("doppleganger")
            assert s.hands[seat] == ()
            assert all(len(h) == C.HAND_SIZE for k, h in enumerate(s.hands) if k != seat)
            return
    raise AssertionError("no seed dealt the Doppleganger")


def _net_game(aliens: tuple[str, ...], tag: bytes, turns: int) -> tuple[Counter[str], InProcessGame]:
    seats = len(aliens)
    cfg = engine.Config(seats, aliens=aliens, planets=4, max_turns=turns)
    names = [b"hand powers" + tag + bytes([i]) for i in range(seats)]
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
    faces = game.finish()  # raises on a false claim, a bad share or a bad face-down card
    for seat, src in enumerate(game.sources):
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        leaked = set(src.knowledge.faces) - game.entitled[seat] - public
        assert not leaked, f"seat {seat} learned faces it may not know: {sorted(leaked)}"
    return uses, game


def test_doppleganger_haunts_through_the_card_protocol() -> None:
    uses, game = _net_game(("doppleganger", "", ""), b"d", 4)
    assert uses["doppleganger"] >= 2, uses
