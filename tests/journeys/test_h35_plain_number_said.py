"""In plain text (a pipe, a screen reader) a number picks a command from the list; the
log then says what it stood for, "2 means: keep quantum", as it says what a count of
ships chose. Picking an alien by number was followed only by "you keep your alien": the
player heard no word of which alien they had kept.

The game: `cosmic play --local --plain --players 2 --aliens choose`, the person keeping
the second alien dealt to them."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game


def test_a_number_picked_is_said_as_its_command(home: Path) -> None:
    proc = plain_game(home, "h35-number", 2, "--aliens", "choose")
    seen: list[str] = []
    second = said = ""
    try:
        for line in lines_of(proc, seen, 60):
            offered = re.match(r"\s+2\. (keep \S+)", line)
            if offered:
                second = offered.group(1)
            if line.startswith("Type a number") and second and not said:
                answer(proc, "2")
                said = "asked"
            if "means: keep" in line or "keep your alien" in line:
                said = line.strip()
                break
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert second, "\n".join(seen[-30:])
    assert said == f"2 means: {second}", "\n".join(seen[-30:])
