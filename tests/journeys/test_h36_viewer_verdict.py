"""The replay viewer's verdict (who won and why) in a real terminal (tmux): across the
whole screen above the board, wrapped between its words at the terminal's width, not at
the 46 columns of a board beside a hand. A ten-seat game shared by many winners has the
long one: whole on one row of a wide terminal, the same words wrapped on a narrow one,
and on a row again when the terminal is widened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal


def _long_verdict(home: Path) -> tuple[Path, str]:
    """A ten-seat game whose verdict is long (winners enough for 64 columns), with the
    verdict as `cosmic replay --plain` prints it on a pipe (one line)."""
    for seed in range(8):
        r = cosmic("simulate", "--players", "10", "--games", "1", "--seed", f"many-{seed}",
                   "--bots", "heuristic", "--journal-dir", f"j{seed}", "--json", home=home)
        assert r.returncode == 0, r.stderr
        game = json.loads(r.stdout)["games"][0]
        if len(game["winners"]) < 5:
            continue
        journal = Path(game["journal"])
        journal = journal if journal.is_absolute() else home / journal
        plain = cosmic("replay", str(journal), "--plain", home=home)
        assert plain.returncode == 0, plain.stderr
        verdict = plain.stdout.splitlines()[1]
        assert verdict.startswith("Game over: " + ", ".join(game["winners"]) + " won ("), \
            plain.stdout
        if len(verdict) >= 64:
            return journal, verdict
    pytest.fail("no ten-seat game of eight had five winners and a 64-column verdict")


def _top(screen: str) -> list[str]:
    """The rows above the board (those without the side pane's bar)."""
    rows = screen.splitlines()
    return [r.rstrip() for r in rows[:next(i for i, r in enumerate(rows) if "|" in r)]]


def test_the_verdict_across_the_viewer_at_the_terminals_width(tmp_path: Path,
                                                              home: Path) -> None:
    journal, verdict = _long_verdict(home)
    total = json.loads(cosmic("replay", str(journal), "--json", home=home).stdout)["records"]
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path, width=100, height=44,
                  env=cosmic_env(home)) as term:
        term.wait_for(f"{journal.name} 0/{total} |")
        assert _top(term.settled()) == []  # no verdict before the end, no blank row
        term.press("End")
        term.wait_for(f"{journal.name} {total}/{total} |")
        assert _top(term.settled()) == [verdict]  # whole, on one row
        term.resize(60, 44)
        term.wait_for(lambda s: s.splitlines()[0].rstrip() != verdict)
        rows = _top(term.settled())
        assert len(rows) == 2 and all(len(r) <= 60 for r in rows), rows
        assert len(rows[0]) > 46 and rows[1].startswith("  "), rows  # at 60, not 46
        assert " ".join(r.strip() for r in rows) == verdict, rows
        term.resize(100, 44)
        term.wait_for(lambda s: s.splitlines()[0].rstrip() == verdict)
        term.press("q")
        term.wait_for(lambda s: term.exited() is not None)
        assert term.exited() == 0
