"""The map game says its cards' names as people read them, with spaces ("Population
Explosion", "Use the Force"), never the engine's keys with underscores
("population_explosion"): the hand of plain-text play shows them. Its commands keep their
words (`play use-the-force`)."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic_env

ENTRY = re.compile(r"^\s+(\d+)\. (.+)$")
EVENTS = ("mutation", "revolution", "supernova", "population", "power", "temporal",
          "universal", "use", "worm")
EVENT_IN_HAND = re.compile(r"^Your hand \(red\): .*\b(" + "|".join(EVENTS) + ")", re.I)


def _hand_with_an_event(home: Path) -> str:
    """Play red, drawing cards whenever it may (else done, else the first choice), until
    its hand holds an event card: that hand's line."""
    proc = subprocess.Popen([str(COSMIC), "play", "--game", "worlds", "--local", "--plain",
                             "--players", "2", "--seed", "cards"], env=cosmic_env(home),
                            cwd=home, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []
    entries: dict[str, str] = {}
    deadline = time.monotonic() + 90
    try:
        for line in proc.stdout:
            seen.append(line)
            assert time.monotonic() < deadline, "".join(seen[-40:])
            if EVENT_IN_HAND.search(line):
                proc.stdin.write("quit\nquit\n")
                proc.stdin.flush()
                return line.rstrip("\n")
            m = ENTRY.match(line)
            if m:
                entries[m.group(2).strip()] = m.group(1)
            elif line.startswith("Type a number"):
                pick = entries.get("draw") or entries.get("done") or \
                    next(iter(entries.values()), "1")
                proc.stdin.write(pick + "\n")
                proc.stdin.flush()
                entries = {}
        raise AssertionError("no event card came to red's hand: " + "".join(seen[-40:]))
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


def test_the_map_game_hand_says_card_names_with_spaces(home: Path) -> None:
    line = _hand_with_an_event(home)
    assert "_" not in line, line
    assert re.search(r"\b(Mutation|Revolution|Supernova|Population Explosion|Power Up|"
                     r"Temporal Nexus|Universal Peace|Use the Force|Worm Hole)\b", line), line
