"""`cosmic play --plain` in an 80-column terminal: its lines break between words (the
terminal would cut "colonies" and a card's name in two), continued rows indented, each
card of the hand and each listed command whole; on a pipe the same lines come unbroken,
for a script or a screen reader to take whole."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import COSMIC, cosmic
from _tmux import Terminal


def joined(rows: list[str]) -> str:
    """Rows read back as the lines they were wrapped from (an indented row goes on the
    one above it)."""
    return re.sub(r"\n +(?=\S)", " ", "\n".join(rows))


def test_plain_lines_break_between_words_at_80_columns(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--plain", "--players", "3", "--seed", "7"]
    with Terminal(play, tmp_path, env={"COSMIC_HOME": str(home), "NO_COLOR": "1"},
                  width=80, height=24) as term:
        term.wait_for("Type a number", timeout=60)
        term.type("zz")  # a refusal, its commands listed
        term.wait_for("!! 'zz' is not legal now", timeout=20)
        rows = term.screen(history=True).splitlines()
    rows = rows[:next(i for i, r in enumerate(rows) if r.startswith("[exit status"))] \
        if any(r.startswith("[exit status") for r in rows) else rows
    assert all(len(r) < 80 for r in rows), [r for r in rows if len(r) >= 80]  # none cut
    text = joined(rows)
    assert "Five foreign colonies win." in text  # was "colo" / "nies win."
    at = next(i for i, r in enumerate(rows) if r.startswith("Your hand (red): "))
    end = next(i for i in range(at + 1, len(rows)) if not re.match(r"  \S", rows[i]))
    assert end > at + 1, rows[at:at + 3]  # the hand goes on, indented by two
    hand = rows[at:end]
    cards = re.search(r"Your hand \(red\): (.+)", " ".join(r.strip() for r in hand))
    assert cards is not None
    for card in cards.group(1).split(", "):  # each card whole on one row
        assert any(card.rstrip(",") in r for r in hand), (card, hand)
    assert "artifact emotion control" in cards.group(1)  # (the long name that was cut)
    refusal = next(i for i, r in enumerate(rows) if r.startswith("!! 'zz'"))
    said = joined(rows[refusal:refusal + 4]).splitlines()[0]
    listed = said.partition("Closest: ")[2].partition(" (")[0].split(", ")
    for command in listed[:-1]:  # (the last: "and N more")
        assert any(command.rstrip(",") in r for r in rows[refusal:refusal + 4]), command


def test_plain_lines_come_whole_on_a_pipe(home: Path) -> None:
    r = cosmic("play", "--local", "--plain", "--players", "3", "--seed", "7", home=home,
               stdin="quit\nquit\n", timeout=60)
    assert r.returncode == 0, r.stderr
    hand = next(line for line in r.stdout.splitlines() if line.startswith("Your hand ("))
    assert len(hand) > 80 and hand.endswith("artifact emotion control"), hand
    assert "\u00a0" not in r.stdout  # the glue between a card's words is not printed
