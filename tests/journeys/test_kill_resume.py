"""kill -9 of any seat mid-game, then `cosmic resume` of that seat's journal: a bot seat
of a demo game this time (the person's seat of `cosmic play` is in test_play_network).
The killed seat comes back with nothing but its journal, the game ends, and every
journal verifies and holds the same envelopes."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env
from protocol.journal import parse_journal
from test_play_network import bots_of, until


def kill_a_seat_and_resume_it(tmp_path: Path, home: Path, *demo_args: str) -> Path:
    """Run `cosmic demo` with these arguments (3 seats), kill -9 seat 1's node mid-game,
    resume it from its journal alone; the game ends, nothing in the journal is taken
    back, every journal verifies and all three hold the same bytes. Returns the game's
    directory."""
    game = tmp_path / "game"
    demo = subprocess.Popen(
        [str(COSMIC), "demo", "--players", "3", "--dir", str(game), *demo_args],
        env=cosmic_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        journal = game / "seat-1.journal"
        # Mid-game: well past the deck setup (about 25 records), well before the end.
        until("the game under way", lambda: journal.exists()
              and len(parse_journal(journal.read_bytes()).records) >= 60, timeout=90)
        victim = [p for p in bots_of(game) if "seat-1.journal" in
                  Path(f"/proc/{p}/cmdline").read_text().replace("\0", " ")]
        assert len(victim) == 1
        os.kill(victim[0], signal.SIGKILL)
        kept = journal.read_bytes()
        # A person resumes first, reads where the game was, and leaves again at once.
        person = cosmic("resume", str(journal), "--plain", home=home, timeout=120,
                        stdin="quit\nquit\n")
        assert person.returncode == 0, person.stdout[-2000:] + person.stderr[-2000:]
        said = person.stdout
        assert f"Before you left (the whole game: cosmic replay {journal}):" in said, said
        recap = said.split("Before you left")[1].splitlines()[1:13]
        assert len(recap) == 12 and all(line.startswith("  ") for line in recap), recap
        assert said.index("Resumed from") < said.index("Before you left") < said.index(
            "You are"), said
        back = cosmic("resume", str(journal), "--bot", "--plain", home=home, timeout=180)
        assert back.returncode == 0, back.stdout[-2000:] + back.stderr[-2000:]
        assert "Game over:" in back.stdout
        demo.communicate(timeout=120)
    finally:
        if demo.poll() is None:
            demo.kill()
    assert journal.read_bytes().startswith(kept[:len(kept) // 2])  # nothing taken back
    assert len({(game / f"seat-{k}.journal").read_bytes() for k in range(3)}) == 1
    # Byte for byte one file: one verification holds for every seat's copy.
    v = cosmic("verify", str(journal), home=home)
    assert v.returncode == 0 and f"{journal}: OK" in v.stdout, v.stdout + v.stderr
    return game


def test_kill_a_demo_seat_and_resume_it(tmp_path: Path, home: Path) -> None:
    kill_a_seat_and_resume_it(tmp_path, home, "--seed", "kill", "--max-turns", "4")
