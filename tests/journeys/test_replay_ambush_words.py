"""`cosmic replay --html` of a game with the Ambush: each use of its power names whose
ships it sends to the warp by their owner ("the Ambush sends one of yellow's ships on the
gate to the warp, ..."), the words made for their reader at the source (the owner's own
screen reads "your ships"), never a fixed "their ships"."""

from __future__ import annotations

import json
import re
from pathlib import Path

from _journey import cosmic

USE = re.compile(r"^the Ambush sends one of (red|blue|yellow)'s ships on the gate to the "
                 r"warp, spending a kept destiny card of that colour$")


def test_the_replay_names_whose_ships_the_ambush_hits(home: Path) -> None:
    r = cosmic("simulate", "--players", "3", "--games", "1", "--seed", "ambush-replay",
               "--aliens", "ambush,warlock,queue", "--max-turns", "12", "--journal-dir", "g",
               home=home)
    assert r.returncode == 0, r.stderr
    page = home / "page.html"
    made = cosmic("replay", str(home / "g" / "game-0000.journal"), "--html", str(page),
                  home=home)
    assert made.returncode == 0, made.stdout + made.stderr
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>',
                      page.read_text(), re.S)
    assert found is not None
    data = json.loads(found.group(1))
    strings = data["strings"]
    uses = [str(strings[text] if isinstance(text, int) else text)
            for _record, author, text, _lines in data["steps"]
            if author == 0 and "Ambush" in str(strings[text] if isinstance(text, int)
                                               else text)]
    assert uses, "the Ambush was never used"
    for said in uses:
        assert USE.match(said), said
