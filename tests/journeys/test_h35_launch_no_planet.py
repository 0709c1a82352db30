"""`launch blue.9 2` (a planet that does not exist: five a home system) is refused with
the reason, "there is no planet blue.9", before the closest commands. It was refused
with no reason at all, only the closest commands ("launch blue.5 red.5:2, ..."), which
left the player guessing what was wrong."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game


def test_a_launch_at_no_planet_says_so(home: Path) -> None:
    proc = plain_game(home, "h35-launch", 2)
    seen: list[str] = []
    refused = ""
    aim = ""
    try:
        for line in lines_of(proc, seen, 60):
            found = re.match(r"\s+\d+\. launch (\w+)\.1 ", line)
            if found and not aim:
                aim = found.group(1)
            if line.startswith("Type a number") and aim:
                answer(proc, f"launch {aim}.9 2")
                aim = "asked"
            if line.startswith("!! "):
                refused = line
                break
            if line.startswith("Type a number") and aim != "asked":
                answer(proc, "1")  # (not yet asked to launch: the first choice)
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert refused, "\n".join(seen[-30:])
    target = re.search(r"'launch (\w+)\.9 2' is not legal now: there is no planet \1\.9\. "
                       r"Closest: launch \1\.", refused)
    assert target is not None, refused
