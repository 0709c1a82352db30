"""A networked `cosmic play --plain` as its decks are set up: the card protocol's
progress is said once for each thing waited for, not a line for every message that
comes in (ten lines of "... 4 messages, next from blue", "... 7 messages, ...")."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal

PROGRESS = re.compile(r": \d+ messages?(, next from [a-z]+)?"
                      r"| \(card protocol \d+/\d+(, next from [a-z]+)?\)")


def test_setup_progress_said_once_a_step(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--plain", "--players", "3", "--seed", "setup-lines",
            "--dir", str(tmp_path / "game"), "--patience", "5"]
    with Terminal(play, tmp_path, env=cosmic_env(home), width=80, height=40) as term:
        term.wait_for("Type a number", timeout=90)
        said = term.screen(history=True)
        term.type("quit")
        term.type("quit")
        term.wait_for("[exit status 0]", timeout=60)
    statuses = [row for row in said.splitlines() if row.startswith("-- ")]
    progress = [row for row in statuses if PROGRESS.search(row)]
    assert progress and progress[0].startswith("-- setting up: registering the keys ")
    for before, after in zip(statuses, statuses[1:]):  # each line says something new
        assert PROGRESS.sub("", before) != PROGRESS.sub("", after), statuses
