"""`cosmic replay --plain` of a map game says what Cosmic's says: the turn while the game
goes on, and at its end who won and why, above the map."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import cosmic


def test_plain_replay_of_the_map_game_names_the_turn_and_the_winner(home: Path) -> None:
    for seed in range(1, 9):  # bots play until one game is won on worlds
        sim = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1",
                     "--seed", str(seed), "--journal-dir", f"j{seed}", home=home)
        assert sim.returncode == 0, sim.stderr
        won = re.search(r"game 1: (\w+) \(worlds\)", sim.stdout)  # simulate says who
        if won:
            break
    assert won, sim.stdout
    journal = str(home / f"j{seed}" / "game-0000.journal")
    end = cosmic("replay", journal, "--plain", home=home)
    assert end.returncode == 0, end.stderr
    lines = end.stdout.splitlines()
    assert lines[1] == f"GAME OVER: {won.group(1)} won (20 worlds).", lines[:3]
    assert lines[2].startswith("Worlds controlled: ")
    middle = cosmic("replay", journal, "--to", "40", home=home)
    assert middle.returncode == 0, middle.stderr
    assert re.fullmatch(r"Turn \d+: (red|blue|-)", middle.stdout.splitlines()[1]), \
        middle.stdout[:300]
