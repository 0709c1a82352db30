"""`--aliens NAME,...` naming one alien for two seats: refused before anything starts
(there is one sheet of each alien), in every command that sets up a game."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_an_alien_named_twice_is_refused(home: Path) -> None:
    said = "--aliens: oracle is named twice"
    for r in (cosmic("simulate", "--players", "3", "--aliens", "oracle,?,oracle", home=home),
              cosmic("play", "--local", "--players", "2", "--aliens", "oracle,oracle",
                     home=home, stdin=""),
              cosmic("play", "--players", "2", "--aliens", "oracle,oracle", home=home,
                     stdin=""),
              cosmic("host", "--players", "3", "--aliens", "oracle,-,oracle", "--timeout",
                     "1", home=home),
              cosmic("demo", "--players", "2", "--aliens", "oracle,oracle", "--dir", "d",
                     home=home)):
        assert r.returncode == 2, (r.args, r.stdout, r.stderr)
        assert said in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (home / "games").exists() and not (home / "d").exists()
    ok = cosmic("simulate", "--players", "3", "--aliens", "oracle,?,-", "--games", "1",
                "--seed", "1", "--max-turns", "2", home=home)  # distinct: played
    assert ok.returncode == 0 and "aliens oracle, " in ok.stdout, ok.stdout + ok.stderr
