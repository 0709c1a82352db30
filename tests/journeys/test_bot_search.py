"""The search bot, as a person picks it: `--bots search` in simulate (reproducible with an
iteration budget), `--bot search` in demo (every bot its own node, thinking for a time
budget), in play against a person, and in a node run by hand; bad budgets are refused
clearly."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic, hosting
from _ports import free_port


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
    assert r.stdout.startswith("Game over: ")
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


def test_host_and_join_with_search_bots_on_their_own_seats(tmp_path: Path) -> None:
    """A LAN game between two people who each let a search bot play their seat (`--bot
    search`, one with an iteration budget, one with a time budget); both journals
    verify; `resume --bot search` of the finished game says it is over; bad budgets for
    host, join and resume are refused before anything starts."""
    import subprocess

    from _journey import COSMIC, cosmic_env

    port = str(free_port())
    common = ["--port", port, "--target", "127.255.255.255", "--yes", "--plain",
              "--timeout", "60"]
    for who in ("ann", "bob"):
        (tmp_path / who).mkdir()
    ann = subprocess.Popen(
        [str(COSMIC), "host", "--players", "2", "--max-turns", "1", "--name", "ann", *common,
         "--bot", "search",
         "--bot-iterations", "2", "--dir", str(tmp_path / "a")],
        env=cosmic_env(tmp_path / "ann"), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    try:
        hosting(ann)  # the host announces before bob looks (for two seconds)
        bob = cosmic("join", "--name", "bob", *common, "--bot", "search", "--bot-budget", "0.1", "--dir", str(tmp_path / "b"),
                     home=tmp_path / "bob", timeout=240)
        out, err = ann.communicate(timeout=180)
    finally:
        if ann.poll() is None:
            ann.kill()
    assert bob.returncode == 0 and ann.returncode == 0, bob.stderr + err
    assert "Game over:" in bob.stdout and "Game over:" in out
    journals = sorted((tmp_path / "a").glob("seat-*.journal")) + sorted(
        (tmp_path / "b").glob("seat-*.journal"))
    assert len(journals) == 2
    for journal in journals:
        v = cosmic("verify", str(journal), home=tmp_path)
        assert v.returncode == 0 and ": OK" in v.stdout, v.stdout + v.stderr
    again = cosmic("resume", "--bot", "search", "--bot-iterations", "2", str(journals[0]),
                   "--plain", home=tmp_path / "ann", timeout=120)
    assert again.returncode == 0 and "This game is over" in again.stdout, again.stderr
    _refused(cosmic("resume", str(journals[0]), "--bot", "search", "--bot-budget", "0",
                    home=tmp_path), "--bot-budget must be above 0")
    _refused(cosmic("resume", str(journals[0]), "--bot", "clever", home=tmp_path),
             "unknown bot 'clever'")
    _refused(cosmic("host", "--players", "2", "--bot", "search", "--bot-iterations", "-1",
                    "--port", port, home=tmp_path), "--bot-iterations must be at least 0")
    _refused(cosmic("join", "--bot", "search", "--bot-budget", "-2", "--port", port,
                    home=tmp_path), "--bot-budget must be above 0")
    _refused(cosmic("host", "--players", "2", "--bot", "search", "--bot-budget", "0",
                    "--port", port, home=tmp_path), "--bot-budget must be above 0")
    _refused(cosmic("join", "--bot", "search", "--bot-iterations", "-5", "--port", port,
                    home=tmp_path), "--bot-iterations must be at least 0")
