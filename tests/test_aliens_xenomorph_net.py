"""The Xenomorph in networked play, real crypto: its draws are public `new_alien` chances
answered by the card protocol, and the powers it draws act through it (a Mind's look is a
`show` only its seat learns). Checked as every networked alien game is
(tests/_secret_games.py): the same public state at every seat, the audit, and no face
beyond what a seat is entitled to.
"""

from __future__ import annotations

from collections import Counter

from engine import cosmic as engine

from _secret_games import play_secret_game

ALIENS = ("xenomorph", "mind", "human", "oracle", "will")
WANTED = {"draw", "trade"}  # a change after a use, and a trade at the start of its turn
MAX_GAMES = 4


def _play(tag: bytes) -> Counter[str]:
    """Play one seeded game through the protocol (checked); return the Xenomorph's
    changes by kind."""
    changes: Counter[str] = Counter()
    play_secret_game(engine.Config(5, aliens=ALIENS, max_turns=8), b"xenomorph net" + tag,
                     lambda s: changes.update(ev[3] for ev in s.events
                                              if ev[0] == "shapeshift"))
    return changes


def test_the_xenomorph_changes_powers_through_the_protocol() -> None:
    """Seeded games until the Xenomorph has changed power after a use and traded one at
    the start of its turn (at most MAX_GAMES): the seeds are not tuned, so the test plays
    on until both happened rather than betting on one game."""
    changes: Counter[str] = Counter()
    for k in range(MAX_GAMES):
        changes += _play(bytes([ord("a") + k]))
        if set(changes) >= WANTED:
            break
    assert set(changes) >= WANTED, f"in {MAX_GAMES} games the Xenomorph made only {dict(changes)}"
