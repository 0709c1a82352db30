"""`cosmic demo --dir PATH` where PATH is a file: it says the path is a file, not a
folder (it said "File exists", which reads as if a game were there), exit status 2,
and the file is left as it was."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_a_file_given_for_the_demos_folder_is_named_a_file(home: Path) -> None:
    (home / "notes.txt").write_text("mine\n")
    r = cosmic("demo", "--players", "2", "--dir", "notes.txt", home=home, timeout=30)
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.strip() == ("cosmic demo: cannot use notes.txt for the game: a file, "
                                "not a folder"), r.stderr
    assert (home / "notes.txt").read_text() == "mine\n"
