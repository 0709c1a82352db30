"""A player's own screen speaks to them beyond the log of Cosmic's turn: `info` of their
own colour says "you are the ..."; the note on the first step taken for them never says
again what the log's next line says (a card turned up: the log names the card); the map
game's log says "you" for their colour as Cosmic's does. Each drives the installed
`cosmic` in plain text, every question answered '1'."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

COSMIC = Path(sys.executable).parent / "cosmic"
NOTE = re.compile(r"^   \((The game took the only move open to you -- (.*)|The game turned "
                  r"your card up: .*)\. Steps like this pass by themselves from now on\.\)$")


def _plain(*args: str, typed: str = "") -> str:
    r = subprocess.run([str(COSMIC), "play", "--local", "--plain", *args],
                       input=typed + "1\n" * 3000, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr, r.stderr[-2000:]
    return r.stdout


def test_info_of_your_own_colour_speaks_to_you() -> None:
    out = _plain("--players", "3", "--seed", "own-info", "--aliens", "random",
                 typed="info red\ninfo blue\n")
    mine = re.search(r"^   You are the ([a-z ]+) \(\w+ lamp: [^)]*\): .* Your power works\.$",
                     out, re.M)
    assert mine is not None, out[:3000]
    assert re.search(r"^   blue is the [a-z ]+ \(\w+ lamp: [^)]*\): .* Its power works\.$",
                     out, re.M), out[:3000]
    assert "red is the" not in out


def test_the_first_step_taken_for_you_is_told_once_and_never_twice_in_a_row() -> None:
    """Seeds until the first such step is a card turned up (and one where it is not):
    the note then does not name the card the log's next line names."""
    kinds: set[str] = set()
    for n in range(12):
        lines = _plain("--players", "3", "--seed", f"note-{n}").splitlines()
        notes = [i for i, line in enumerate(lines) if NOTE.match(line)]
        assert len(notes) == 1, lines[:80]
        i = notes[0]
        said = NOTE.match(lines[i])
        assert said is not None
        what = said.group(2)
        assert what is None or lines[i + 1].strip() != what, lines[i:i + 2]
        if what is None:  # the card turned up: the next line says which
            assert re.match(r"   you reveal ", lines[i + 1]), lines[i:i + 2]
            assert "reveal" not in lines[i], lines[i]
        kinds.add("reveal" if what is None else "other")
        if kinds == {"reveal", "other"}:
            return
    raise AssertionError(f"no seed of 12 showed both kinds of first step: {kinds}")


def test_the_map_game_log_says_you_for_your_colour() -> None:
    out = _plain("--game", "worlds", "--players", "2", "--seed", "own-worlds")
    log = [line[3:] for line in out.splitlines() if re.match(r"   [^\s\d(]", line)]
    assert any(re.match(r"you (make|move|draw|play|discard) ", line) for line in log), log
    assert any(re.search(r"turn \d+: you$", line) for line in log), log
    # "red" never names you in the log (the end's count of worlds names every colour)
    mine = [line for line in log if re.search(r"(?<![\w.])red(?![\w])", line)
            and not line.startswith(("You are red", "Worlds controlled"))]
    assert not mine, mine
