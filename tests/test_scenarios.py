"""Every rule scenario under tests/scenarios plays as written and meets its expectations.

Each file names the rule document and section it checks (its `rule` key)."""

from pathlib import Path

import pytest

from engine.cosmic.scenario import load_scenario, run_scenario

# scenarios/worlds/ holds the other game's scenarios (tests/test_worlds_scenarios.py)
FILES = sorted(p for p in (Path(__file__).parent / "scenarios").rglob("*.toml")
               if p.relative_to(Path(__file__).parent / "scenarios").parts[0] != "worlds")


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(Path(__file__).parent / "scenarios").with_suffix("").as_posix() for p in FILES])
def test_scenario(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert load_scenario(text).rule, "every scenario cites the rule it checks"
    res = run_scenario(text)
    assert res.checks > 0, "a scenario must check something"
    assert res.ok, "\n".join(res.failures)


def test_dotted_expectation_keys_mean_the_same_quoted_or_not() -> None:
    """TOML reads `power.red = false` as a nested table: it checks what the quoted key
    `"power.red" = false` checks (and fails as it does); a key with too few parts is a
    clear ScenarioError, not a crash."""
    from engine.cosmic.scenario import ScenarioError

    path = Path(__file__).parent / "scenarios" / "hidden_powers"
    text = next(p for p in sorted(path.glob("*.toml"))
                if '"sees.red.red" = "virus"' in p.read_text()).read_text()
    quoted = run_scenario(text)
    bare = run_scenario(text.replace('"sees.red.red" = "virus"', 'sees.red.red = "virus"'))
    assert bare.ok and bare.checks == quoted.checks
    wrong = run_scenario(text.replace('"sees.red.red" = "virus"', 'sees.red.red = "oracle"'))
    assert not wrong.ok and any("sees.red.red" in f for f in wrong.failures)
    with pytest.raises(ScenarioError, match="'sees.red' names too few parts"):
        run_scenario(text.replace('"sees.red.red" = "virus"', '"sees.red" = "virus"'))
