"""A refusal at the launch, in an 80x24 terminal, where every choice of ships is a
command: its closest commands keep to two rows with a count of the rest ("and 52
more"), never the three or four wrapped rows of ships that pushed the question away;
the first one listed is taken. The map game's refusals are counted the same way."""

from __future__ import annotations

import re
import time
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal
from test_play_network import DECISION, closest, decide, status_line


def _refusal(screen: str) -> list[str]:
    """The refusal's rows: from the one with "is not legal now" to the row before the
    status line."""
    rows = [r for r in screen.splitlines() if r.strip()]
    first = max(i for i, r in enumerate(rows) if "is not legal now" in r)
    return rows[first:len(rows) - 2]


def test_the_closest_ships_keep_to_two_rows(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "rows"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        for _ in range(60):  # play along to a launch of your own
            screen = term.wait_for(DECISION, timeout=60)
            if "(launch: " in status_line(screen):
                break
            decide(term)
            time.sleep(0.2)
        else:
            raise AssertionError(f"no launch of yours:\n{term.screen()}")
        term.type("launch x")
        screen = term.wait_for("'launch x' is not legal now", timeout=20)
        rows = _refusal(screen)
        said = " ".join(r.strip() for r in rows)
        assert 1 <= len(rows) <= 2, screen
        assert re.search(r"Closest: launch \S+ \S+.*, and \d+ more$", said), said
        first = closest(screen)
        assert first is not None and first.startswith("launch "), screen
        term.type(first)
        term.wait_for(lambda s: "(launch: " not in status_line(s), timeout=20)


def test_the_map_game_counts_the_rest_too(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--game", "worlds", "--local", "--players", "3",
            "--seed", "rows"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        term.wait_for("YOUR DECISION (setup: home)", timeout=60)
        term.type("move Q Z Q 9")
        screen = term.wait_for("'move Q Z Q 9' is not legal now", timeout=20)
        rows = _refusal(screen)
        said = " ".join(r.strip() for r in rows)
        assert 1 <= len(rows) <= 2 and re.search(r"Closest: home \w+.*, and \d+ more$",
                                                 said), screen
