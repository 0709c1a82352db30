"""Every worlds scenario under tests/scenarios/worlds/ holds; broken ones fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.worlds.data import RACES, CARDS
from engine.worlds.scenario import ScenarioError, load_scenario, run_scenario

DIR = Path(__file__).parent / "scenarios" / "worlds"
FILES = sorted(DIR.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    res = run_scenario(load_scenario(path.read_text()))
    assert res.ok, "\n".join(res.failures)
    assert res.checks > 0


def test_every_implemented_race_and_event_has_a_scenario() -> None:
    names = {p.stem for p in FILES}
    for r in RACES:
        if r.implemented:
            assert f"race_{r.key}" in names, r.key
    for c in CARDS:
        if c.kind == "event":
            assert f"event_{c.key}" in names, c.key


def test_a_wrong_expectation_fails() -> None:
    text = (DIR / "race_hive.toml").read_text().replace('"tokens.A.0" = 4', '"tokens.A.0" = 2')
    res = run_scenario(load_scenario(text))
    assert not res.ok and "tokens.A.0 = 4" in res.failures[0]


def test_bad_files_are_clear_errors() -> None:
    with pytest.raises(ScenarioError, match="unknown keys"):
        load_scenario('title = "x"\nbogus = 1\n')
    with pytest.raises(ScenarioError, match="unknown race"):
        run_scenario(load_scenario('[position]\nnatives = { A = "nobody" }\n'))
    with pytest.raises(ScenarioError, match="no unused card"):
        run_scenario(load_scenario('[position]\nhands = { 0 = ["force 2"] }\n'))


def test_every_worlds_scenario_names_its_game() -> None:
    """`cosmic scenario run` tells the games apart by the `game` key (docs/scenarios.md)."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).parent / "scenarios" / "worlds"
    unnamed = [p.name for p in sorted(root.glob("*.toml"))
               if tomllib.loads(p.read_text(encoding="utf-8")).get("game") != "worlds"]
    assert unnamed == []
