"""`cosmic play --local --plain` as the Fate: placing a destiny card is said in the
Fate's own log, naming the card it placed (the Fate has seen the deck), where before no
line said it at all (the placing has no event of its own; the replay's line, in the
third person, says "a destiny card": nobody else knows it)."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game

ITEM = re.compile(r"^ +(\d+)\. power 1 \d+  \(put (destiny [a-z_]+) \(now (\d+\w\w) from "
                  r"the top\) next, from the top down \(fate\)\)$")


def test_the_fate_reads_the_card_it_placed(home: Path) -> None:
    proc = plain_game(home, "fate-own", 3, "--aliens", "fate,warlock,queue")
    seen: list[str] = []
    offered: list[tuple[str, str, str]] = []
    chosen: tuple[str, str, str] | None = None
    said = ""
    try:
        for line in lines_of(proc, seen, 60):
            if (m := ITEM.match(line)) is not None:
                offered.append((m.group(1), m.group(2), m.group(3)))
            elif line.startswith("Type a number") and chosen is None and offered:
                chosen = offered[len(offered) // 2]  # a card from the middle of the deck
                answer(proc, chosen[0])
            elif chosen is not None and line.strip().startswith("your Fate "):
                said = line.strip()
                answer(proc, "quit", "quit")
                break
            elif chosen is not None and line.startswith("Type a number"):
                answer(proc, "quit", "quit")
                break
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert chosen is not None, "\n".join(seen[-40:])
    assert said == (f"your Fate puts {chosen[1]} (now {chosen[2]} from the top) next, from "
                    "the top down"), "\n".join(seen[-40:])
