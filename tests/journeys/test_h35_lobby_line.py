"""`cosmic join` in an 80x24 terminal reads a lobby as: whose game, its id, who sits in
it, then its options ("ann's game (00ff34f9) with ann (green): 1/3 seated; aliens
chosen: ..."). The names came last once, after the options, so that the joining line
read "... each player is dealt two and keeps one: ann as bob (key ...)": the names
looked like the alien kept, and "as bob" like ann's new name. Its lobby lines name the
host from the first: the joiner's first one read "in the lobby: bob" alone (the host's
card not heard yet), as if the game had no host."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic_env, hosting
from _ports import free_port
from _tmux import Terminal

LAN = "127.255.255.255"


def test_the_joiner_reads_who_is_seated_apart_from_the_options(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("ann", "bob")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LAN]
    ann = subprocess.Popen([str(COSMIC), "host", "--players", "3", "--aliens", "choose",
                            "--name", "ann", "--colour", "green", "--plain", "--yes",
                            "--bot", "--timeout", "60", *lan],
                           env=cosmic_env(homes["ann"]), cwd=homes["ann"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    try:
        hosting(ann)
        with Terminal([str(COSMIC), "join", "--name", "bob", "--timeout", "60", *lan],
                      tmp_path, env=cosmic_env(homes["bob"]), width=80, height=24) as bob:
            bob.wait_for("Enter for any):", timeout=30)
            bob.type("")
            screen = bob.wait_for(lambda s: "in the lobby:" in s and "Joining" in s,
                                  timeout=30)
            bob.press("C-c")
    finally:
        ann.terminate()
        ann.wait(timeout=30)
    said = " ".join(row.strip() for row in screen.splitlines())
    listed = re.search(r"1\. ann's game \(([0-9a-f]{8})\) with ann \(green\): 1/3 seated; "
                       r"aliens chosen: each player is dealt two and keeps one", said)
    assert listed is not None, screen
    lobby = listed.group(1)
    assert re.search(rf"Joining ann's game \({lobby}\) as bob \(key [0-9a-f]{{8}}\) with "
                     r"ann \(green\): 1/3 seated; aliens chosen: each player is dealt two "
                     r"and keeps one", said), screen
    assert "keeps one: ann" not in said, screen  # (the names read as the alien kept)
    # who is in the lobby: from the first line on, with its host (not "bob" alone)
    lobby_rows = [row for row in screen.splitlines() if row.startswith("  in the lobby: ")]
    assert lobby_rows and all("ann" in row for row in lobby_rows), screen
