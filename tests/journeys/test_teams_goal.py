"""`--variant teams`: the player is told how a team wins (one of the two with five foreign
colonies, or the two with seven on different planets), not only the lone player's goal."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import cosmic


def test_team_play_says_how_a_team_wins(home: Path) -> None:
    r = cosmic("play", "--local", "--plain", "--players", "4", "--variant", "teams",
               "--seed", "t", home=home, stdin="quit\nquit\n", timeout=60)
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert "Teams of two: a team wins when one of the two has five foreign colonies, or " \
           "the two have seven on seven different planets." in first, first
    assert "Your teammate is yellow (seated opposite); colonies in yellow's home system " \
           "count for neither of you." in first, first
    four = cosmic("play", "--local", "--plain", "--players", "4", "--variant", "teams",
                  "--variant", "four_planets", "--seed", "t", home=home, stdin="quit\nquit\n",
                  timeout=60)
    assert re.search(r"one of the two has four foreign colonies, or the two have six on six",
                     four.stdout.splitlines()[0]), four.stdout[:400]


def test_a_team_game_ends_in_the_team_words(home: Path) -> None:
    """Played to its end (every decision: the first choice): the winners are a team, and
    the end says so rather than one player's five colonies."""
    r = cosmic("play", "--local", "--plain", "--players", "4", "--variant", "teams",
               "--seed", "t", home=home, stdin="1\n" * 20000, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    end = re.search(r"Game over: (\w+), (\w+) won \(foreign colonies, as a team\)\.",
                    r.stdout)
    assert end, r.stdout[-1500:]
    assert {end.group(1), end.group(2)} in ({"red", "yellow"}, {"blue", "green"})
