"""`cosmic simulate`: bot games in local mode, with every option, as a person runs them."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic


def test_simulate_text_and_json_are_reproducible(home: Path) -> None:
    first = cosmic("simulate", "--players", "3", "--games", "2", "--seed", "abc",
                   "--bots", "random,heuristic,random", "--max-turns", "30", home=home)
    assert first.returncode == 0, first.stderr
    assert first.stdout.count("game ") >= 2 and "wins: red" in first.stdout
    again = cosmic("simulate", "--players", "3", "--games", "2", "--seed", "abc",
                   "--bots", "random,heuristic,random", "--max-turns", "30", home=home)
    assert again.stdout == first.stdout  # same seed, same games, byte for byte
    js = cosmic("simulate", "--players", "3", "--games", "2", "--seed", "abc", "--json",
                home=home)
    doc = json.loads(js.stdout)
    assert doc["summary"]["games"] == 2 and len(doc["games"]) == 2


def test_simulate_journals_verify_and_replay(home: Path) -> None:
    """--journal-dir writes one signed journal per game; each verifies and replays, with
    aliens, flares and each variant."""
    runs = [
        cosmic("simulate", "--players", "4", "--games", "1", "--seed", "0", "--journal-dir",
               "j0", "--aliens", "random", home=home),
        cosmic("simulate", "--players", "4", "--games", "1", "--seed", "1", "--journal-dir",
               "j1", "--flares", home=home),
        cosmic("simulate", "--players", "4", "--games", "1", "--seed", "2", "--journal-dir",
               "j2", "--variant", "four_planets", "--variant", "single_encounter",
               home=home),
    ]
    for i, r in enumerate(runs):
        assert r.returncode == 0, (i, r.stderr)
        journals = sorted((home / f"j{i}").glob("*.journal"))
        assert len(journals) == 1, i
        v = cosmic("verify", str(journals[0]), home=home)
        assert v.returncode == 0 and ": OK" in v.stdout, (i, v.stdout, v.stderr)
        rp = cosmic("replay", str(journals[0]), "--to", "3", home=home)
        assert rp.returncode == 0 and "after 3 of" in rp.stdout, (i, rp.stdout)
    assert "power uses:" in runs[0].stdout and "aliens" in runs[1].stdout


def test_simulate_refuses_bad_options_clearly(home: Path) -> None:
    for args, words in [(("--players", "11"), "between 2 and 10"),
                        (("--games", "0"), "at least 1"),
                        (("--bots", "clever"), "--bots"),
                        (("--aliens", "nobody,x,y,z"), "unknown alien")]:
        r = cosmic("simulate", *args, home=home)
        assert r.returncode == 2 and words in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr
