"""The last words of a networked game in the terminal say who won and how in the words
the screen and the replay use ("won (the turn limit was reached)"), never the engine's
code for it ("won (turn_limit)"); the seat that won is marked "(you)"."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port


def test_a_lan_game_ends_in_the_words_of_its_replay(tmp_path: Path) -> None:
    port = str(free_port())
    common = ["--port", port, "--target", "127.255.255.255", "--yes", "--bot", "--plain",
              "--timeout", "60"]
    (tmp_path / "ann").mkdir()
    (tmp_path / "bob").mkdir()
    ann = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "ann",
                            "--max-turns", "2", *common, "--dir", str(tmp_path / "a")],
                           env=cosmic_env(tmp_path / "ann"), stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        hosting(ann)  # the host announces before bob looks (for two seconds)
        bob = cosmic("join", "--name", "bob", *common, "--dir", str(tmp_path / "b"),
                     home=tmp_path / "bob", timeout=180)
        out, err = ann.communicate(timeout=120)
    finally:
        if ann.poll() is None:
            ann.kill()
    assert bob.returncode == 0 and ann.returncode == 0, bob.stderr + err
    for said, folder in ((out, "a"), (bob.stdout, "b")):
        end = [line for line in said.splitlines() if line.startswith("Game over:")]
        assert len(end) == 1, said[-2000:]
        assert not re.search(r"\((colonies|turn_limit)\)", end[0]), end[0]
        journal = next((tmp_path / folder).rglob("seat-*.journal"))
        replay = cosmic("replay", str(journal), home=tmp_path / "ann")
        assert replay.returncode == 0, replay.stderr
        rows = replay.stdout.splitlines()  # the verdict: one line to a pipe (its rows
        # were once wrapped at the board's 46 columns; joined again below if ever so)
        at = next(k for k, row in enumerate(rows) if row.startswith("Game over: "))
        more = [row.strip() for row in rows[at + 1:at + 3] if re.match(r"  \S", row)]
        verdict = " ".join([rows[at], *more])
        assert end[0].replace(" (you)", "") == verdict + ".", (end[0], verdict)
        winners = verdict.partition(": ")[2].partition(" won (")[0].split(", ")
        seat = int(journal.stem.split("-")[1])
        colour = ("red", "blue")[seat]
        assert (f"{colour} (you)" in end[0]) == (colour in winners), (end[0], colour)
