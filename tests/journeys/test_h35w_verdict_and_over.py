"""A game that ended at its turn limit, as `cosmic replay` (text) and `cosmic resume` and
`cosmic node` of its finished journal tell it.

The replay's board is not beside a hand: its verdict is one line on a pipe ("Game over:
nobody won (the turn limit was reached)"), not broken at the 46 columns the full screen's
board has. A finished game, resumed or started again as a node, says how to check it and
how to watch it again, as the end of a game does (cli/rows.py journal_words)."""

from __future__ import annotations

import shlex
from pathlib import Path

from _journey import COSMIC, cosmic
from _tmux import Terminal

WATCH = "watch it again: cosmic replay seat-{0}.journal, or as a web page: " \
        "cosmic replay seat-{0}.journal --html game.html)."


def test_a_game_over_at_its_turn_limit_replayed_and_resumed(tmp_path: Path,
                                                            home: Path) -> None:
    r = cosmic("demo", "--players", "2", "--seed", "h35w", "--max-turns", "1", "--quiet",
               "--dir", "game", home=home, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    game = home / "game"
    replay = cosmic("replay", "seat-0.journal", home=home, cwd=game)
    assert replay.returncode == 0, replay.stderr
    rows = replay.stdout.splitlines()
    assert rows[1] == "Game over: nobody won (the turn limit was reached)", replay.stdout
    assert rows[2].lstrip().startswith("col "), replay.stdout  # the board's table next
    command = f"cd {shlex.quote(str(game))} && exec {shlex.quote(str(COSMIC))} replay " \
              "seat-0.journal --plain"  # in a terminal: broken at its width (less a column)
    with Terminal(["sh", "-c", command], tmp_path, width=41, height=60,
                  env={"COSMIC_HOME": str(home), "NO_COLOR": "1"}) as term:
        term.wait_for("[exit status", timeout=60)
        screen = term.screen(history=True).splitlines()
    at = next(i for i, row in enumerate(screen) if row.startswith("Game over:"))
    assert screen[at:at + 2] == ["Game over: nobody won (the turn limit",
                                 "  was reached)"], screen

    again = cosmic("resume", "seat-0.journal", "--key", "seat-0.key", home=home, cwd=game)
    assert again.returncode == 0, again.stderr
    said = again.stdout.strip()  # a pipe: one line
    assert said.startswith("This game is over; your journal holds it to the end. "
                           "Nothing to resume. Your journal: seat-0.journal (check it: "
                           "cosmic verify seat-0.journal; "), said
    assert said.endswith(WATCH.format(0)), said

    node = cosmic("node", "--genesis", "genesis.bin", "--key", "seat-1.key", "--seat", "1",
                  "--journal", "seat-1.journal", home=home, cwd=game, timeout=60)
    assert node.returncode == 0, node.stderr
    said = node.stdout.strip()
    assert said.startswith("This game is over; your journal holds it to the end. "
                           "Nothing to play. Your journal: seat-1.journal (check it: "
                           "cosmic verify seat-1.journal; "), said
    assert said.endswith(WATCH.format(1)), said
