"""The full screen at 80x24 with a long hand (seven cards got in a deal: thirteen): the
log above the prompt keeps six rows (it kept three, one of them a line's second half),
the board stays whole, and the hand is all there: a card held twice on one row
("negotiate x4") and the counts adding up to the board's, or the rows below the pane
said (F2)."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal
from test_play_network import DECISION, decide

RULE = "-- you are red;"


def hand_count(screen: str) -> int:
    """The cards red holds, by the board's 'hnd' column."""
    found = re.search(r"^red +\d+ +(\d+) ", screen, re.M)
    return int(found.group(1)) if found else 0


def test_log_keeps_its_share_beside_a_long_hand(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "7"]
    with Terminal(play, tmp_path, env=cosmic_env(home), width=80, height=24) as term:
        term.wait_for(DECISION, timeout=60)
        for _ in range(20):
            decide(term)
            screen = term.wait_for(lambda s: DECISION in s and "Closest:" not in s
                                   and "YOUR DECISION" in s, timeout=30)
            if hand_count(screen) >= 12:
                break
        else:
            raise AssertionError(f"red's hand never grew to 12 cards:\n{term.screen()}")
        term.type("zz")  # a refusal takes rows too
        screen = term.wait_for("Closest:", timeout=20)
        screen = term.settled()
    rows = screen.splitlines()
    rule = next(i for i, r in enumerate(rows) if r.startswith(RULE))
    refusal = next(i for i, r in enumerate(rows) if "'zz' is not legal now" in r)
    log = [r for r in rows[rule + 1:refusal] if r.strip()]
    assert len(log) >= 6, screen
    top = rows[:rule]
    board = [r.split("|")[0] for r in top]
    for colour in ("red", "blue", "yellow"):
        assert any(b.startswith(colour + " ") for b in board), screen
    assert any(b.startswith("deck ") for b in board), screen
    panel = [r.split("|", 1)[1].strip() for r in top if "|" in r]
    if any("more row" in p or "F2" in p for p in panel):
        return  # the rest of the hand is a page away, and said so
    start = next(i for i, p in enumerate(panel) if p.startswith("Your hand ("))
    cards = [p.lstrip("* ") for p in panel[start + 1:] if not p.startswith("* playable now")
             and p]
    held = sum(int(m.group(1)) if (m := re.search(r" x(\d+)$", c)) else 1 for c in cards)
    assert held == hand_count(screen), screen
