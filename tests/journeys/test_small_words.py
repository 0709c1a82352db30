"""Small things a new user reads: `cosmic verify --json` gives an unreadable file the
same keys as any other failed journal (`awaited` too); `cosmic simulate` says a turn
limit in words ("nobody (the turn limit was reached) after 1 turn"); `cosmic scenario`
without an action names `run`."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic


def test_verify_json_of_an_unreadable_file_has_every_key(home: Path) -> None:
    (home / "damaged.journal").write_bytes(b"not a journal")
    r = cosmic("verify", "--json", "damaged.journal", "missing.journal", home=home)
    damaged, missing = (json.loads(line) for line in r.stdout.splitlines())
    assert r.returncode == 2
    assert sorted(missing) == sorted(damaged), (missing, damaged)
    assert missing["awaited"] is None and missing["exit"] == 2


def test_simulate_says_the_turn_limit_in_words(home: Path) -> None:
    r = cosmic("simulate", "--games", "1", "--max-turns", "1", "--seed", "1", "--players",
               "3", home=home)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(
        "game 1: nobody (the turn limit was reached) after 1 turn, 1 encounter\n"), r.stdout


def test_scenario_without_an_action_names_run(home: Path) -> None:
    r = cosmic("scenario", home=home)
    assert r.returncode == 2
    assert "cosmic scenario: error: name the action: run (`cosmic scenario run FILE...`" \
        in r.stderr, r.stderr
