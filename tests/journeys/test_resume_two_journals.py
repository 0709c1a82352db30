"""`cosmic resume` given two journals, as a glob does that matches a game of each day
(`cosmic resume ~/.cosmic/games/*/seat-1.journal`): it says that it takes one journal,
your seat's of one game, and names those it was given, instead of argparse's
"unrecognized arguments" with the second path alone."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_two_journals_are_refused_in_words_naming_both(home: Path) -> None:
    made = cosmic("simulate", "--players", "2", "--games", "2", "--seed", "two",
                  "--max-turns", "2", "--journal-dir", "games", home=home)
    assert made.returncode == 0, made.stderr
    first, second = sorted(str(j) for j in (home / "games").glob("*.journal"))
    said = cosmic("resume", first, second, home=home)
    assert said.returncode == 2, said.stdout + said.stderr
    assert "unrecognized arguments" not in said.stderr, said.stderr
    assert "cosmic resume: one journal at a time" in said.stderr, said.stderr
    assert "you named 2:" in said.stderr and first in said.stderr, said.stderr
    assert second in said.stderr and said.stdout == "", said
