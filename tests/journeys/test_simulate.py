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
    aliens, flares and a variant."""
    runs = [("--aliens", "random"), ("--flares",), ("--variant", "four_planets"),
            ("--variant", "single_encounter")]
    for i, extra in enumerate(runs):
        out = home / f"journals-{i}"
        r = cosmic("simulate", "--players", "4", "--games", "1", "--seed", str(i),
                   "--journal-dir", str(out), *extra, home=home)
        assert r.returncode == 0, (extra, r.stderr)
        journals = sorted(out.glob("*.journal"))
        assert len(journals) == 1, extra
        v = cosmic("verify", str(journals[0]), home=home)
        assert v.returncode == 0 and ": OK" in v.stdout, (extra, v.stdout, v.stderr)
        rp = cosmic("replay", str(journals[0]), "--to", "3", home=home)
        assert rp.returncode == 0 and "after 3 of" in rp.stdout, (extra, rp.stdout)


def test_simulate_refuses_bad_options_clearly(home: Path) -> None:
    for args, words in [(("--players", "11"), "between 2 and 10"),
                        (("--games", "0"), "at least 1"),
                        (("--bots", "clever"), "--bots"),
                        (("--aliens", "nobody,x,y,z"), "unknown alien")]:
        r = cosmic("simulate", *args, home=home)
        assert r.returncode == 2 and words in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr
