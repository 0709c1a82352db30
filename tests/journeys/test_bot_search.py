"""The search bot, as a person picks it: `--bots search` in simulate (reproducible with an
iteration budget), `--bot search` in demo (every bot its own node, thinking for a time
budget), in play against a person, and in a node run by hand; bad budgets are refused
clearly."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic


def test_simulate_search_bot_wins_or_loses_reproducibly(home: Path) -> None:
    args = ("simulate", "--players", "3", "--games", "1", "--seed", "search", "--bots",
            "search,heuristic,heuristic", "--bot-iterations", "2", "--aliens", "random",
            "--json")
    first = cosmic(*args, home=home, timeout=300)
    assert first.returncode == 0, first.stderr
    doc = json.loads(first.stdout)
    game = doc["games"][0]
    assert game["reason"] == "colonies" and game["winners"], game  # played to a winner
    assert doc["summary"]["bots"] == ["search", "heuristic", "heuristic"]
    assert doc["summary"]["bot_iterations"] == 2
    again = cosmic(*args, home=home, timeout=300)
    assert again.stdout == first.stdout  # an iteration budget: same seed, same game


def test_demo_with_search_bots_finishes_and_verifies(tmp_path: Path, home: Path) -> None:
    r = cosmic("demo", "--players", "2", "--seed", "search", "--dir", str(tmp_path / "g"),
               "--max-turns", "2", "--bot", "search", "--bot-budget", "0.05", "--quiet",
               home=home, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("game over (")
    v = cosmic("verify", str(tmp_path / "g" / "seat-1.journal"), home=home)
    assert v.returncode == 0 and ": OK" in v.stdout, v.stdout + v.stderr


def test_play_against_search_bots(home: Path) -> None:
    r = cosmic("play", "--local", "--plain", "--players", "3", "--seed", "search", "--bot",
               "search", "--bot-iterations", "2", "--bot-budget", "1", home=home,
               stdin="1\n" * 3000, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "Traceback" not in r.stdout + r.stderr
    assert "You are red against 2 bots" in r.stdout
    assert "Game over:" in r.stdout.splitlines()[-1]


def _refused(r, words: str) -> None:  # type: ignore[no-untyped-def]
    assert r.returncode == 2 and words in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_bad_search_budgets_are_refused(home: Path) -> None:
    _refused(cosmic("simulate", "--bots", "search", "--bot-iterations", "0", home=home),
             "at least 1 here")
    _refused(cosmic("play", "--local", "--bot", "search", "--bot-budget", "0", home=home),
             "--bot-budget must be above 0")
    _refused(cosmic("demo", "--bot", "search", "--bot-iterations", "-3", "--dir", "x",
                    home=home), "--bot-iterations must be at least 0")
    _refused(cosmic("demo", "--bot", "clever", "--dir", "x", home=home), "invalid choice")
    _refused(cosmic("node", "--genesis", "g", "--key", "k", "--seat", "0", "--journal", "j",
                    "--bot", "search", "--bot-budget", "-1", home=home),
             "--bot-budget must be above 0")
    _refused(cosmic("node", "--genesis", "g", "--key", "k", "--seat", "0", "--journal", "j",
                    "--bot", "search", "--bot-iterations", "-1", home=home),
             "--bot-iterations must be at least")
    assert not (home / "x").exists() and not (home / "j").exists()  # nothing was started
