"""Choosing one's alien (`--aliens choose`) on the full screen: the two aliens dealt are in
the hand panel, each with what its power does, before the player keeps one; once kept, the
panel is the hand again and the board names the alien kept."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal

from cli.power_words import alien_words
from engine.cosmic.aliens import names as alien_names

HEADER = "Aliens dealt to you (keep one):"


def _panel(screen: str) -> str:
    """The hand panel: the right-hand column of the screen's top rows, joined."""
    rows = [line.split("|", 1)[1] for line in screen.splitlines() if "|" in line]
    return " ".join(row.strip() for row in rows)


def test_the_aliens_dealt_are_shown_with_their_powers_until_one_is_kept(
        tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "pick", "--aliens",
            "choose"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        screen = term.wait_for(HEADER, timeout=60)
        panel = _panel(screen)
        dealt = re.findall(r"\* ([a-z_]+): ", panel.split("Your hand")[0])
        assert len(dealt) == 2 and all(a in alien_names() for a in dealt), panel
        for name in dealt:
            words = alien_words(name)
            assert words is not None
            assert f"* {name}: {' '.join(words.split()[:3])}" in panel, (name, panel)
        term.type(f"keep {dealt[1]}")
        kept = re.compile(rf"^red +\d+ .*\b{dealt[1]}\b", re.M)  # the board, once revealed
        screen = term.wait_for(lambda s: HEADER not in s and "Your hand (red)" in s
                               and kept.search(s) is not None, timeout=30)
        term.type("quit")
        term.wait_for("Type 'quit' again")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=15)
        assert term.exited() == 0
