"""Powers that move powers, defenses and cards (Anarchy, Changeling, Chronos, Chameleon,
Deflector) in networked play, real crypto: every chance they ask (Anarchy's redeal is a
run of `new_alien` chances, the Chronos's look at a last card a `show`) is answered by
the card protocol, every seat keeps the same public state, every seat learns only the
faces it is entitled to (its own hands, cards shown to it, public cards), and the
end-of-game audit checks every hidden claim (the Chronos's "last card" included).
"""

from __future__ import annotations

from collections import Counter

from engine import cosmic as engine

from _secret_games import play_secret_game

GROUP = ("anarchy", "changeling", "chronos", "chameleon", "deflector")
WANTED = {"anarchy", "chronos", "changeling", "deflector"}
MAX_GAMES = 6


def _play(tag: bytes) -> Counter[str]:
    """Play one seeded game through the protocol (checked: every seat's knowledge and the
    audit); return its power uses."""
    uses: Counter[str] = Counter()
    play_secret_game(engine.Config(5, aliens=GROUP, planets=4, max_turns=8),
                     b"powers net" + tag,
                     lambda s: uses.update(ev[2] for ev in s.events if ev[0] == "power"))
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
