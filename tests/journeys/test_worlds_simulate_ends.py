"""`cosmic simulate --game worlds` comes to an end, as a person running it expects: a
winner, or a turn limit it states.

The map game's rules end a game only when a seat holds 20 worlds. Seed u344 (3 heuristic
seats, the first game) once froze at turn 81 with red 2, blue 7 and yellow 17 worlds:
every world held, every stack at its supply, no stack alone stronger than a neighbour's,
and the bots passed their turns for ever (still 2, 7, 17 after 2,500 turns). Now the
bots gather stacks on the front once waiting gains them nothing, and the game is won on
worlds (2.6 s of a core); a game nobody wins is ended by simulate's turn limit, which
its help states.

And every journal it writes verifies: seed 38's first game of 3 seats once failed the
end-of-game audit (red took a force card from the face-up discard pile with the
Resurrectionists, then showed no force card while holding it)."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import cosmic


def test_a_game_the_bots_once_froze_is_won_and_its_journal_verifies(home: Path) -> None:
    run = cosmic("simulate", "--game", "worlds", "--bots", "heuristic", "--players", "3",
                 "--games", "1", "--seed", "u344", "--journal-dir", "wj", home=home,
                 timeout=90)
    assert run.returncode == 0, run.stderr
    first = run.stdout.splitlines()[0]
    won = re.fullmatch(r"game 1: (red|blue|yellow) \(worlds\) after (\d+) turns; worlds .*",
                       first)
    assert won, run.stdout
    assert int(won[2]) < 1000 and "cut off" not in run.stdout, run.stdout
    assert "wins: " in run.stdout and f"{won[1]} 1" in run.stdout.splitlines()[-1]
    (journal,) = sorted((home / "wj").glob("*.journal"))
    verify = cosmic("verify", str(journal), home=home)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert f"{journal}: OK" in verify.stdout and "won by" in verify.stdout, verify.stdout


def test_simulate_states_its_turn_limit_for_the_map_game(home: Path) -> None:
    helped = cosmic("simulate", "--help", home=home)
    assert helped.returncode == 0, helped.stderr
    said = " ".join(helped.stdout.split())  # argparse wraps the help at the terminal
    assert "--max-turns N end the game after this many turns (0: play to the end; " \
           "worlds: 1000 unless given" in said, said


def test_a_game_whose_journal_once_failed_the_audit_verifies(home: Path) -> None:
    run = cosmic("simulate", "--game", "worlds", "--bots", "heuristic", "--players", "3",
                 "--games", "1", "--seed", "38", "--journal-dir", "wj", home=home,
                 timeout=90)
    assert run.returncode == 0, run.stderr
    assert re.match(r"game 1: (red|blue|yellow) \(worlds\) after", run.stdout), run.stdout
    (journal,) = sorted((home / "wj").glob("*.journal"))
    verify = cosmic("verify", str(journal), home=home)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert f"{journal}: OK" in verify.stdout and "claims audit" in verify.stdout, \
        verify.stdout
