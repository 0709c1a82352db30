"""`cosmic play` as a newcomer meets its questions: when your ships go home after an
encounter the question says where they come from ("you return your ships from the
gate", not "place ships"), and a half-typed `ships` is answered
with what it still needs: which ships (their number is given: not "how many"), each
closest command once ("Closest: ships 2", never "ships 2, ships 2")."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from _journey import COSMIC, answer, cosmic_env, lines_of

HOME_STEP = "-- YOUR DECISION (resolution: you return your ships from "  # the gate, ...


def _ships_typed_at_the_way_home(home: Path, seed: str) -> list[str] | None:
    """A 4-seat local plain game answered '1', but 'ships' alone at the first question
    of where your ships go home; the line that answers it (None: no such question)."""
    proc = subprocess.Popen([str(COSMIC), "play", "--local", "--plain", "--players", "4",
                             "--seed", seed], env=cosmic_env(home), cwd=home,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)
    seen: list[str] = []
    asked = False
    try:
        for line in lines_of(proc, seen, 120):
            if line.startswith(HOME_STEP) and line.endswith("): ships") and not asked:
                asked = True
            elif line.startswith("Type a number"):
                answer(proc, "ships" if asked and not any("says too little" in x
                                                           for x in seen) else "1")
            elif "'ships' says too little" in line:
                answer(proc, "quit", "quit")
                proc.wait(timeout=30)
                return seen
            elif "how many ships" in line:  # a group of ship choices: its count
                answer(proc, "1")
        return None
    finally:
        if proc.poll() is None:
            proc.kill()


def test_ships_going_home_is_asked_in_words_and_a_short_answer_lists_each_count_once(
        home: Path) -> None:
    for seed in range(1, 12):  # seeded games differ with the rules: play until it comes
        seen = _ships_typed_at_the_way_home(home, f"p{seed}")
        if seen is None:
            continue
        said = next(x for x in seen if "'ships' says too little" in x)
        # how many go home is given: the answer asks only which, or lets the game choose
        assert re.search(r"says too little: which (\d+) ships? \(e\.g\. ships \S+\), or "
                         r"'ships \1' and the game chooses them", said), said
        closest = said.partition("Closest: ")[2].rstrip(" .").split(", ")
        assert closest and len(closest) == len(set(closest)), said
        assert all(re.fullmatch(r"ships (\d+|\S+:\d+(,\S+:\d+)*)", c) for c in closest), said
        return
    raise AssertionError("no question of where your ships go home in eleven games")
