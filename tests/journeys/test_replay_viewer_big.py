"""The replay viewer on a ten-seat game, in a real terminal (tmux): the whole board is
shown (every seat's row and every line of colonies, not the first twelve rows), and the
side pane wraps the record's words between words, never inside one ("the gat" / "e")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal

WIDTH, HEIGHT = 120, 44


def _left(screen: str) -> list[str]:
    rows = screen.splitlines()
    rule = next(i for i, r in enumerate(rows) if r == "-" * WIDTH)
    return [r.split("|", 1)[0].rstrip() for r in rows[:rule]]


def _side(screen: str) -> list[str]:
    rows = screen.splitlines()
    rule = next(i for i, r in enumerate(rows) if r == "-" * WIDTH)
    return [r.split("|", 1)[1].rstrip() for r in rows[:rule] if "|" in r]


def test_a_ten_seat_board_and_long_words_in_the_viewer(tmp_path: Path, home: Path) -> None:
    for seed in range(1, 7):  # a game whose last board is tall (colonies of many colours)
        r = cosmic("simulate", "--players", "10", "--games", "1", "--seed", f"crowd-{seed}",
                   "--bots", "heuristic", "--max-turns", "25", "--aliens",
                   "oracle,seeker,-,-,-,-,-,-,-,-", "--journal-dir", f"j{seed}", "--json",
                   home=home)
        assert r.returncode == 0, r.stderr
        journal = Path(json.loads(r.stdout)["games"][0]["journal"])
        journal = journal if journal.is_absolute() else home / journal
        plain = cosmic("replay", str(journal), "--plain", home=home)
        assert plain.returncode == 0, plain.stderr
        lines = plain.stdout.splitlines()
        board = lines[1:lines.index("last records:")]
        page = tmp_path / f"{seed}.html"
        assert cosmic("replay", str(journal), "--html", str(page), home=home).returncode == 0
        found = re.search(r'<script type="application/json" id="data">(.*?)</script>',
                          page.read_text(), re.S)
        assert found is not None
        steps, strings = json.loads(found.group(1))["steps"], json.loads(found.group(1))[
            "strings"]
        # An Oracle's use: words long enough to wrap in the side pane.
        oracle = [k for k, st in enumerate(steps, 1) if strings[st[2]].startswith(
            "the Oracle ")]
        if len(board) >= 20 and oracle:
            break
    else:
        pytest.fail("no game of six left a board of 20 lines and used the Oracle")
    data = json.loads(cosmic("replay", str(journal), "--json", home=home).stdout)
    total = data["records"]
    use = steps[oracle[0] - 1]
    expected = f"#{use[0]} {data['public'][1][1][use[1]]}: {strings[use[2]]}"
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path, width=WIDTH,
                  height=HEIGHT, env=cosmic_env(home)) as term:
        term.wait_for(f"{journal.name} 0/{total} |")
        term.press("End")
        screen = term.wait_for(f"{journal.name} {total}/{total} |")
        shown = _left(term.settled())
        # Every row of the plain board is on the screen; the verdict, one line in plain
        # text, is wrapped between its words in the board's column there.
        verdict = [x for x in board if x.startswith("Game over: ")]
        assert [x for x in board if x.rstrip() not in shown and x not in verdict] == [], (
            board, shown)
        assert all(" ".join(v.split()) in " ".join(" ".join(shown).split())
                   for v in verdict), (verdict, shown)
        # The Oracle's use in the side pane: its words whole, wrapped between them.
        term.type(str(oracle[0]))
        term.wait_for(f"{journal.name} {oracle[0]}/{total} |")
        side = _side(term.settled())
        start = next(i for i, x in enumerate(side) if x.startswith(f"#{use[0]} "))
        end = next(i for i, x in enumerate(side) if x.startswith("hash "))
        assert end - start > 1, side  # it does wrap
        told = " ".join(x.strip() for x in side[start:end])
        assert told == expected, (side[start:end], expected)
        term.press("q")
        term.wait_for(lambda s: term.exited() is not None)
        assert term.exited() == 0
