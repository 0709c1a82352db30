"""The prompt row at the bottom of a full screen, after a line longer than the terminal
is wide: it was left scrolled sideways, and "> " never came back (a networked game at
80x24 showed a blank row under the status for the rest of the game, and the journeys
that look for the prompt stalled)."""

from __future__ import annotations

from pathlib import Path

from _journal_games import short_game
from _journey import COSMIC, cosmic_env
from _tmux import Terminal

LONG = "invite " + "x" * 90  # longer than the 80 columns


def _prompt(term: Terminal) -> tuple[str, str]:
    """The bottom row and the cursor's column."""
    return term.screen().splitlines()[-1], term.info("#{cursor_x}")


def _type_long_line_and_see_the_prompt_again(term: Terminal) -> None:
    term.type(LONG, enter=False)
    screen = term.wait_for(lambda s: "xxxxxxxxxx" in s.splitlines()[-1])
    bottom = screen.splitlines()[-1]
    assert bottom.endswith("x") and len(bottom.rstrip()) <= 80, bottom  # scrolled to its end
    term.press("Enter")
    term.wait_for(lambda s: s.splitlines()[-1].rstrip() == ">", timeout=10)
    term.type("in", enter=False)
    term.wait_for(lambda s: s.splitlines()[-1].startswith("> in"), timeout=10)
    assert _prompt(term) == ("> in", "4")


def test_the_prompt_comes_back_after_a_line_longer_than_the_row(tmp_path: Path,
                                                                home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "prompt-row"]
    with Terminal(play, tmp_path, width=80, height=24, env=cosmic_env(home)) as term:
        term.wait_for(lambda s: s.splitlines()[-1].startswith(">"), timeout=60)
        _type_long_line_and_see_the_prompt_again(term)


def test_the_replays_prompt_comes_back_too(tmp_path: Path, home: Path) -> None:
    journal = tmp_path / "short.journal"
    journal.write_bytes(short_game().journal)
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path, width=80, height=24,
                  env=cosmic_env(home)) as term:
        term.wait_for(lambda s: s.splitlines()[-1].startswith(">"), timeout=60)
        _type_long_line_and_see_the_prompt_again(term)
