"""Powers that give, take and mix hidden hands (rules 004: Doppleganger, Enigma).

The Doppleganger is dealt no hand at setup (the flow's `setup_hand` step asks its power)
and borrows or draws a hand as a main player; in networked play the borrowed cards move by
`deliver`, so only the borrower and the lender ever see them, and the end-of-game audit
checks every claim.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from node.local import LocalGame, game_seed

from _secret_games import play_secret_game


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
    for n in range(3, 400):  # about one game in twenty deals it, among ~95 aliens
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


def _net_game(aliens: tuple[str, ...], tag: bytes, turns: int) -> Counter[str]:
    """Play one seeded networked game (real crypto, checked); return the events seen, by
    kind, and each alien's uses as "power:NAME"."""
    seen: Counter[str] = Counter()

    def watch(s: engine.GameState) -> None:
        seen.update(ev[0] for ev in s.events)
        seen.update("power:" + ev[2] for ev in s.events if ev[0] == "power")

    play_secret_game(engine.Config(len(aliens), aliens=aliens, planets=4, max_turns=turns),
                     b"hand powers" + tag, watch)
    return seen

def _net_games(aliens: tuple[str, ...], tag: bytes, turns: int,
               enough: Callable[[Counter[str]], bool]) -> Counter[str]:
    """Seeded networked games, each checked, until together they show `enough` (so a
    change of the rules data, which reshuffles every game, still finds it)."""
    seen: Counter[str] = Counter()
    for k in range(6):
        seen.update(_net_game(aliens, tag + bytes([k]), turns))
        if enough(seen):
            break
    return seen


def test_doppleganger_haunts_through_the_card_protocol() -> None:
    seen = _net_games(("doppleganger", "", ""), b"d", 4,
                      lambda x: bool(x["haunt"] and x["unhaunt"] >= 2))
    assert seen["haunt"] and seen["unhaunt"] >= 2, seen


def test_enigma_mixes_through_the_card_protocol() -> None:
    """The mix is a random take from each named hand (no delivery), a shuffle by every
    seat of the hidden cards, and one delivery to each holder: nobody learns a card it was
    not dealt, the opponent's new face-down card is committed again, and the audit checks
    every claim and every face-down card."""
    seen = _net_games(("enigma", "", "", ""), b"h", 8,
                      lambda x: x["enigma_mix"] >= 2 and x["enigma_play"] >= 2)
    assert seen["enigma_mix"] >= 2 and seen["enigma_play"] >= 2, seen
