"""The full-screen prompt's completion menu answers the keys as a shell's does, in a real
terminal: Tab completes the part the entries share ("k" becomes "keep "), then moves
through the entries (Shift-Tab back; past either end, back to what was typed); Right or
Enter takes the entry reached and closes the menu without running it; the next Enter
runs the line. (Tab used to take the first entry at once.)

The game: `cosmic play --local --aliens choose`, seed words1: red is offered the
Conscriptor and the Zero, so the menu of "k" is "keep conscriptor", "keep zero"."""

from __future__ import annotations

from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal

ASKED = "YOUR DECISION (setup: keep an alien)"


def _line(screen: str) -> str:
    return screen.splitlines()[-1].rstrip()


def _menu(screen: str) -> list[str]:
    """The menu's entries on the screen (rows above the prompt naming a 'keep' command:
    the panel beside the board names the aliens without it)."""
    return [e for e in ("keep conscriptor", "keep zero")
            if any(e in row for row in screen.splitlines()[:-1])]


def test_tab_completes_the_shared_part_then_moves(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "words1",
            "--aliens", "choose"]
    with Terminal(play, tmp_path, env=cosmic_env(home), width=80, height=24) as term:
        term.wait_for(ASKED, timeout=60)
        term.type("k", enter=False)
        term.wait_for(lambda s: _menu(s) == ["keep conscriptor", "keep zero"])
        term.press("Tab")  # the shared part, the menu still open
        screen = term.wait_for(lambda s: _line(s) == "> keep")
        assert _menu(term.settled()) == ["keep conscriptor", "keep zero"], screen
        term.press("Tab")  # nothing more shared: the first entry
        term.wait_for(lambda s: _line(s) == "> keep conscriptor")
        term.press("Tab")
        term.wait_for(lambda s: _line(s) == "> keep zero")
        term.press("Right")  # taken: the menu closes, nothing is run
        screen = term.wait_for(lambda s: not _menu(s))
        assert _line(screen) == "> keep zero" and ASKED in screen, screen

        term.press("C-u")
        term.wait_for(lambda s: _line(s) == ">")
        term.type("k", enter=False)
        term.wait_for(lambda s: _menu(s) == ["keep conscriptor", "keep zero"])
        term.press("Tab", "Tab")
        term.wait_for(lambda s: _line(s) == "> keep conscriptor")
        term.press("BTab")  # back before the first: what was typed
        term.wait_for(lambda s: _line(s) == "> keep")
        term.press("BTab")  # and round to the last
        term.wait_for(lambda s: _line(s) == "> keep zero")
        term.press("Enter")  # taken, not run
        screen = term.wait_for(lambda s: not _menu(s))
        screen = term.settled()
        assert _line(screen) == "> keep zero" and ASKED in screen, screen
        term.press("Enter")  # run
        screen = term.wait_for("you become the zero", timeout=60)
        assert "you become the conscriptor" not in screen, screen

        term.type("quit")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=60)
        assert term.exited() == 0, term.screen(history=True)
