"""`cosmic play --plain` for a seat other than red: the examples it prints are moves that
seat could make (its own ships, another's planets), never red's."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import cosmic


def test_plain_examples_fit_the_seat(home: Path) -> None:
    r = cosmic("play", "--local", "--plain", "--players", "3", "--seat", "1", "--seed", "7",
               home=home, stdin="1\n" * 3000, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    out = r.stdout
    assert "You are blue" in out
    # a group of ship choices: the example names ships blue has (at the start, at home)
    named = re.findall(r"Or name them, e\.g\. (\S+)", out)
    assert named, out[-2000:]
    assert all(spec.split(":")[0].startswith("blue.") for spec in named[0].split(",")), named
    # the hint under every list launches at a planet that is not blue's own
    hints = re.findall(r"'launch (\S+) 3' sends 3 ships", out)
    assert hints and not any(h.startswith("blue.") for h in hints), sorted(set(hints))
