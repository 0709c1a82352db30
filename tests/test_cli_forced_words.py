"""A move of the map game made for a person as the only one open is told in words to
them ("you end your migration", "you pay your race's price: force 1, ..."), never as
the command typed for it (`done`, `discard force1,force3`). Drives the installed
`cosmic` in plain text, every question answered '1'."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

COSMIC = Path(sys.executable).parent / "cosmic"
FORCED = re.compile(r"^   \(only one move was possible, made for you: (.*)\)$", re.M)


def _forced(seed: str) -> list[str]:
    r = subprocess.run([str(COSMIC), "play", "--local", "--plain", "--game", "worlds",
                        "--players", "3", "--seed", seed], input="1\n" * 3000,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr, r.stderr[-2000:]
    return FORCED.findall(r.stdout)


def test_a_map_game_move_made_for_you_is_said_in_words() -> None:
    """Seeds until a forced move names cards (a price paid, a hand cut): those are named
    as cards ("force 5"), not as the command's handles ("force5")."""
    said: list[str] = []
    for n in range(12):
        said += _forced(f"forced-words-{n}")
        if any(re.search(r"\bforce \d+\b", line) for line in said):
            break
    else:
        raise AssertionError(f"no seed of 12 made a move naming cards for you: {said}")
    for line in said:
        assert line.startswith("you "), said
        assert not re.search(r"\b(force|tech)\d|,\S", line), said


def test_a_cosmic_move_made_for_you_is_said_in_words() -> None:
    """Cosmic's moves made for a person are told in words too ("you discard your own
    colour and draw again", not `drawagain`), a card put face down by its name ("you put
    attack 10 face down": the public words say only "a card")."""
    said: list[str] = []
    for n in range(1, 7):
        r = subprocess.run([str(COSMIC), "play", "--local", "--plain", "--players", "3",
                            "--seed", f"forced-c{n}"], input="1\n" * 3000,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr, r.stderr[-2000:]
        said += FORCED.findall(r.stdout)
    assert any(line.startswith("you put ") for line in said), said
    for line in said:
        assert line.startswith("you "), said
        assert not re.search(r"\b(select|drawagain|newhand|noencounter)\b|=", line), said
    faced = [line for line in said if line.startswith("you put ")]
    assert all(re.fullmatch(r"you put [\w -]+ \d* ?face down", line) for line in faced), faced
