"""`cosmic play --plain`: when the destiny card leaves the choice of the defense to you
(wild, or your own colour), the board says which card was drawn and what it lets you do,
and the log has told the draw already (it told it only once the defense was chosen, out
of order); a Doppleganger's hand at the end of
an encounter reads as what happened (cards given back to whom, or the drawn hand's
rest discarded), an Enigma's mix names the one player a card comes from."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import cosmic


def test_the_destiny_drawn_is_on_the_board_when_you_choose(home: Path) -> None:
    chose = haunted = False
    for seed in range(1, 9):  # seeded games differ with the rules: play until seen
        r = cosmic("play", "--local", "--plain", "--players", "3", "--seed", f"d{seed}",
                   "--aliens=-,doppleganger,enigma", home=home, stdin="1\n" * 3000,
                   timeout=180)
        assert r.returncode == 0, r.stderr[-2000:]
        out = r.stdout
        assert "Traceback" not in out
        assert "gives back" not in out  # "gives back 0 card(s) and discards 7": gone
        assert not re.search(r"a card from each of \w+$", out, re.M)  # one player: named
        blocks = out.split("-- YOUR DECISION (destiny: the destiny draw)")
        for before, block in zip(blocks, blocks[1:]):
            told = [line for line in before.splitlines() if line.startswith("   you draw ")]
            assert told and re.match(r"   you draw destiny (wild: you choose whom to "
                                     r"encounter|red, your own colour: you draw again)",
                                     told[-1]), before[-600:]
            board = block.split("Type a number")[0]
            found = re.search(r"^ destiny drawn: (\w+)(.*)$", board, re.M)
            assert found is not None, board
            assert found.group(1) == "wild" or found.group(1) == "red", board
            assert "choose any other player" in found.group(2) or "your own colour" in \
                found.group(2), board
            chose = True
        haunted |= bool(re.search(r"blue (gives \d+ card\(s\) back to (you|yellow)|discards "
                                  r"the \d+ card\(s\) left of its drawn hand)", out))
        if chose and haunted:
            break
    assert chose, "no destiny card left red the choice in eight games"
    assert haunted, "the Doppleganger never ended an encounter"
