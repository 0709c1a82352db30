"""The full-screen client and the replay viewer stopped from the shell and continued
(`kill -STOP`, then `kill -CONT`, as Ctrl-Z and `fg` do), in a real terminal: while the
program is stopped its shell takes the terminal back (cooked mode, echo on) and writes
over the screen; continued, the program puts its terminal back in raw mode and draws its
whole screen again, without a key pressed. The hand of the game's client names its cards
as the log says them ("artifact force field", never "force_field"), a flare this game
never plays marked "(held only)"."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from _journal_games import short_game
from _journey import COSMIC, cosmic_env
from _tmux import Terminal

SHELL_LINES = "\r\n[1]+  Stopped                 cosmic play\r\n$ fg\r\n"


def _program_pid(term: Terminal) -> int:
    """The program the pane's `sh -c` runs (its one child)."""
    shell = term.info("#{pane_pid}")
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", shell], capture_output=True,
                         text=True, timeout=10).stdout.split()
    assert len(out) == 1, out
    return int(out[0])


def _modes(tty: str) -> list[str]:
    words = subprocess.run(["stty", "-a", "-F", tty], capture_output=True, text=True,
                           timeout=10).stdout.split()
    return [w for w in words if w.lstrip("-") in ("icanon", "echo")]


def _stop_as_a_shell_does(term: Terminal) -> None:
    """Stop the program; do to its terminal what a shell does then (its own cooked,
    echoing mode; its lines over the screen); continue the program."""
    pid, tty = _program_pid(term), term.info("#{pane_tty}")
    assert _modes(tty) == ["-icanon", "-echo"]  # raw, as the client keeps it
    os.kill(pid, signal.SIGSTOP)
    subprocess.run(["stty", "-F", tty, "sane"], check=True, timeout=10)
    with open(tty, "w") as out:
        out.write(SHELL_LINES)
    term.wait_for("Stopped", timeout=10)
    assert _modes(tty) == ["icanon", "echo"]
    os.kill(pid, signal.SIGCONT)


def test_the_game_is_whole_again_after_a_stop(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "1", "--flares"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        term.wait_for("YOUR DECISION (setup: keep an alien)", timeout=60)
        term.type("keep mind")
        term.wait_for("YOUR DECISION (launch", timeout=60)
        before = term.settled()
        hand = [row.split("|", 1)[1].strip() for row in before.splitlines() if "|" in row]
        assert "artifact force field" in hand and "artifact cosmic zap" in hand, before
        assert "flare ghoul (held only)" in hand, before
        assert not any("_" in row for row in hand), before

        _stop_as_a_shell_does(term)
        # no key pressed: the screen as it was, the shell's lines gone, raw mode again
        term.wait_for(lambda s: s == before, timeout=10)
        assert _modes(term.info("#{pane_tty}")) == ["-icanon", "-echo"]
        term.type("quit")  # and it still takes what is typed
        term.wait_for("Type 'quit' again", timeout=10)


def test_the_replay_viewer_is_whole_again_after_a_stop(tmp_path: Path, home: Path) -> None:
    journal = tmp_path / "short.journal"
    journal.write_bytes(short_game().journal)
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path,
                  env=cosmic_env(home)) as term:
        term.wait_for("Record 0 of 84", timeout=60)
        term.press("n")
        before = term.wait_for("Record 1 of 84", timeout=10)
        before = term.settled()
        _stop_as_a_shell_does(term)
        term.wait_for(lambda s: s == before, timeout=10)
        assert _modes(term.info("#{pane_tty}")) == ["-icanon", "-echo"]
        term.press("n")
        term.wait_for("Record 2 of 84", timeout=10)
