"""A refused line at a question of ships lists the choices as a person types them, by
their count ("Closest: ally blue 4, ally blue 1"), as a half-typed `ally blue` is
answered; it listed the first of some 250 ship lists ("Closest: ally blue red.1:4, ally
blue red.1:3, and 249 more"), both for a count not offered and for a move not asked.

The game: `cosmic play --plain --local --players 3 --seed 1`: red is first asked to join
a side (blue or yellow) or decline."""

from __future__ import annotations

from pathlib import Path

from _journey import answer, lines_of, plain_game

ASKED = "YOUR DECISION (alliance: join a side or not)"


def _refusals(home: Path, *lines: str) -> tuple[list[str], list[str]]:
    """The game's refusals of `lines`, typed when red is first asked, and what it said."""
    proc = plain_game(home, "1", 3)
    seen: list[str] = []
    refused: list[str] = []
    try:
        for line in lines_of(proc, seen, 60):
            if ASKED in line:
                answer(proc, *lines)
            if line.startswith("!! "):
                refused.append(line)
                if len(refused) == len(lines):
                    break
    finally:
        answer(proc, "quit", "quit")
        proc.wait(timeout=30)
    return refused, seen


def test_refusals_at_a_ship_question_name_counts(home: Path) -> None:
    refused, seen = _refusals(home, "ally blue 9", "launch blue.1 9")
    assert refused == [
        "!! 'ally blue 9' is not legal now: 9 ships is not a choice here (ships: 1, 2, 3, "
        "4). Closest: ally blue 4, ally blue 1",
        "!! 'launch blue.1 9' is not legal now. Closest: ally blue 4, ally blue 1, ally "
        "yellow 4, and 2 more (launch is not asked now; now: ally, decline.)"], seen[-30:]


def test_a_side_that_is_none_is_named(home: Path) -> None:
    """`ally purple 2` in a game without purple, `ally red 2` by red: the refusal says why
    and names the sides (it said no reason)."""
    refused, seen = _refusals(home, "ally purple 2", "ally red 2")
    assert [r.split(". Closest:")[0] for r in refused] == [
        "!! 'ally purple 2' is not legal now: no player purple; the sides: blue or yellow",
        "!! 'ally red 2' is not legal now: red is not a side you may join now; the sides: "
        "blue or yellow"], seen[-30:]
