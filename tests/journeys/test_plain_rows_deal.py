"""`cosmic play --plain` at 80 columns, a deal to make: the listed way to propose terms
goes on under the command (not under its number), its example proposal whole on a row;
a refused proposal's "Closest:" shares its row with the first command it names (it ended
a row alone, the commands below)."""

from __future__ import annotations

from pathlib import Path

from _journey import COSMIC
from _tmux import Terminal

# seed 7, three seats: yellow attacks red, who invites nobody, reveals an attack and
# turns yellow's card into a negotiate (emotion control): a deal to make
ANSWERS = {"alliance": "invite none", "planning": "select attack 08",
           "reveal": "play emotion_control"}


def test_plain_deal_rows_at_80_columns(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--plain", "--players", "3", "--seed", "7"]
    with Terminal(play, tmp_path, env={"COSMIC_HOME": str(home), "NO_COLOR": "1"},
                  width=80, height=40) as term:
        asked = 0
        for _ in range(10):
            history = term.wait_for(
                lambda s: term.screen(history=True).count("Type a number") > asked,
                timeout=60)
            history = term.screen(history=True)
            asked = history.count("Type a number")
            if "propose A B P Q (terms of your own" in history:
                break
            decision = history.rpartition("-- YOUR DECISION (")[2].partition(":")[0]
            term.type(ANSWERS.pop(decision, "1"))
        screen = term.wait_for("propose A B P Q (terms of your own", timeout=5)
        rows = screen.splitlines()
        at = next(i for i, r in enumerate(rows) if "propose A B P Q" in r)
        assert rows[at].startswith("    3. propose A B P Q"), screen
        example = rows[at + 1]
        assert example.startswith("       propose ") and example.endswith(")"), screen
        assert not example.startswith("        "), screen  # under the command
        term.type("propose 9 9 red.5 yellow.5")
        screen = term.wait_for("Closest: ", timeout=20)
    rows = screen.splitlines()
    assert all(len(r) < 80 for r in rows), screen
    assert not any(r.rstrip().endswith("Closest:") for r in rows), screen
    refusal = next(i for i, r in enumerate(rows) if "Closest: " in r)
    assert "Closest: propose " in rows[refusal], screen
