"""`cosmic verify` given a game's folder (what `cosmic demo --dir D` and `play --dir D`
fill) instead of its journals: it says the path is a folder and what to type,
`cosmic verify D/*.journal`, not only "Is a directory"; a folder with no journal says
so. --json keeps its shape for a file it cannot read."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic


def test_a_folder_given_to_verify_says_what_to_type(home: Path) -> None:
    made = cosmic("simulate", "--players", "2", "--games", "2", "--seed", "folder",
                  "--max-turns", "1", "--journal-dir", "games", home=home)
    assert made.returncode == 0, made.stderr
    r = cosmic("verify", "games", home=home)
    assert r.returncode == 2, r.stdout + r.stderr
    assert ("games: CANNOT READ: a folder, not a journal: name its journals, "
            "`cosmic verify games/*.journal` (2 there)") in r.stderr, r.stderr
    (home / "empty").mkdir()
    r = cosmic("verify", "empty", "--json", home=home)
    data = json.loads(r.stdout)
    assert r.returncode == 2 and data["exit"] == 2 and data["error"]["check"] == "file"
    assert data["error"]["message"] == "a folder, not a journal: it holds no journal " \
        "(*.journal)", data
