"""`--variant two_player`: the player is told at the start what the two-player game
changes (no destiny, no allies; where it may attack; with aliens, the home colonies its
power needs: four, three with four planets)."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_two_player_game_says_where_to_attack(home: Path) -> None:
    r = cosmic("play", "--local", "--plain", "--players", "2", "--variant", "two_player",
               "--seed", "t", home=home, stdin="quit\nquit\n", timeout=60)
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert "No destiny and no allies: each encounter is against blue, on its planets or " \
           "on a planet of your system where it has a colony." in first, first
    assert "power" not in first, first  # no aliens: nothing to say about powers
    four = cosmic("play", "--local", "--plain", "--players", "2", "--seat", "1",
                  "--variant", "two_player", "--variant", "four_planets", "--aliens",
                  "random", "--seed", "t", home=home, stdin="quit\nquit\n", timeout=60)
    first = four.stdout.splitlines()[0]
    assert "each encounter is against red" in first, first
    assert "your power needs three home colonies." in first, first
