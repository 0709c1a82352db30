"""The Ambush keeping another seat's destiny card is said as the draw was ("blue keeps
destiny yellow (the Ambush)"), naming the power, not "blue keeps the destiny card destiny
yellow" (the card's name said twice, and no word of why blue keeps it).

The game: `cosmic play --plain --local --players 3 --seed 1 --aliens -,ambush,-` (blue
the Ambush), its answers piped in: the first command offered, every time."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic_env


def test_the_ambush_keeps_a_destiny_card_in_words(home: Path) -> None:
    done = subprocess.run([str(COSMIC), "play", "--plain", "--local", "--players", "3",
                           "--seed", "1", "--aliens=-,ambush,-"],
                          input="1\n" * 400, env=cosmic_env(home), cwd=home,
                          capture_output=True, text=True, timeout=120)
    kept = [line.strip() for line in done.stdout.splitlines() if " keeps " in line]
    assert "blue keeps destiny yellow (the Ambush)" in kept, done.stdout[-3000:]
    assert not any("destiny card destiny" in line for line in kept), kept
