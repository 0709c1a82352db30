"""Plain play (`cosmic play --plain`) ends with its verdict on one line: who won and why,
said once and last. A ten-seat game shared by many winners has a long one: whole on one
line to a pipe, and in a terminal broken between its words at the terminal's width (less
a column), never at the 46 columns of the full screen's board beside a hand."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from _journey import COSMIC, answer, lines_of, plain_game
from _tmux import Terminal

VERDICT = re.compile(r"Game over: \w+( \(you\))?(, \w+( \(you\))?)* won \(5 foreign colonies\)\.")
ASKED = re.compile(r"^Type a number|how many ships \(")


def _piped(home: Path, seed: str) -> list[str]:
    """A ten-seat local game in plain text on a pipe, every question answered with its
    first choice (and a count of 1); every line it printed."""
    proc = plain_game(home, seed, 10)
    seen: list[str] = []
    try:
        for line in lines_of(proc, seen, 120):
            if ASKED.search(line):
                try:
                    answer(proc, "1")
                except BrokenPipeError:
                    pass
        assert proc.wait(timeout=30) == 0, "\n".join(seen[-40:])
    finally:
        if proc.poll() is None:
            proc.kill()
    return seen


def _in_terminal(tmp_path: Path, home: Path, seed: str, width: int) -> list[str]:
    """The same game in a terminal `width` columns wide (the answers typed ahead): the
    rows after the last one the log printed, up to the program's end."""
    play = shlex.join([str(COSMIC), "play", "--plain", "--local", "--players", "10",
                       "--seed", seed])
    with Terminal(["sh", "-c", f"yes 1 | head -n 20000 | {play}"], tmp_path, width=width,
                  height=50, env={"COSMIC_HOME": str(home), "NO_COLOR": "1"}) as term:
        term.wait_for("[exit status", timeout=120)
        rows = [r.rstrip() for r in term.screen(history=True).splitlines() if r.strip()]
    end = rows.index("[exit status 0]")
    start = max(i for i in range(end) if rows[i].startswith("Game over: "))
    return rows[start:end]


def test_plain_play_ends_with_a_long_verdict_on_one_line(tmp_path: Path, home: Path) -> None:
    for seed in range(1, 7):
        said = _piped(home, f"ten{seed}")
        if len(said[-1]) >= 64:
            break
    else:
        pytest.fail("no ten-seat game of six ended with a verdict of 64 columns or more")
    verdict = said[-1]
    assert VERDICT.fullmatch(verdict), said[-20:]  # one line, last
    assert sum(1 for line in said if re.search("game over", line, re.I)) == 1, said[-20:]
    rows = _in_terminal(tmp_path, home, f"ten{seed}", 60)
    assert len(rows) == 2 and all(len(r) <= 59 for r in rows), rows
    assert len(rows[0]) > 46 and rows[1].startswith("  "), rows  # at 59 columns, not 46
    assert " ".join(r.strip() for r in rows) == verdict, rows
