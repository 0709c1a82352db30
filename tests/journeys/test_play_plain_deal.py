"""`cosmic play --plain` at a deal: the possible proposals are one line of the list (they
were read out one by one, hundreds of lines, to a screen reader), its number explains
the terms with an example, and the example typed makes the proposal."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game

ITEM = re.compile(r"^ +(\d+)\. (.*)$")


def deal_in_plain_text(home: Path, seed: str) -> list[str] | None:
    """Play (negotiate whenever possible) until a deal is asked; then answer it through
    the grouped proposal line. The output, or None if no deal came in this game."""
    proc = plain_game(home, seed)
    assert proc.stdout is not None

    def send(line: str) -> None:
        answer(proc, line)

    seen: list[str] = []
    items: list[tuple[str, str]] = []
    dealing = False
    try:
        for line in lines_of(proc, seen, 120):
            if (m := ITEM.match(line)) is not None:
                items.append((m.group(1), m.group(2)))
            elif line.startswith("Type a number") and not dealing:
                group = [n for n, e in items if e.startswith("propose A B P Q (terms")]
                if any(e.startswith("propose ") for _, e in items):
                    dealing = True
                    board = "\n".join(seen[len(seen) - 1 - seen[::-1].index(
                        next(x for x in seen[::-1] if x.startswith("-- YOUR DECISION"))):])
                    if any(e == "accept" for _, e in items):  # the terms on the table
                        assert re.search(r"^ proposal \((blue|yellow)\): \w+ gets ", board,
                                         re.M), board
                    assert group, "\n".join(seen[-60:])
                    assert len(items) <= 30, f"{len(items)} lines listed"
                    send(group[0])
                else:
                    neg = [n for n, e in items if e == "select negotiate"]
                    send(neg[0] if neg else "1")
                items = []
            elif "how many ships" in line:
                send("1")
            elif dealing and line.startswith("propose A B P Q: "):
                example = re.search(r"e\.g\. (propose \d+ \d+ \S+ \S+)$", line)
                assert example is not None, line
                send(example.group(1))
            elif dealing and "you propose a deal" in line:
                send("quit")
                send("quit")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    return seen if dealing else None


def test_a_deal_in_plain_text_is_one_line_and_its_example_proposes(home: Path) -> None:
    for seed in range(1, 10):  # play until both sides negotiate
        seen = deal_in_plain_text(home, f"deal{seed}")
        if seen is not None:
            out = "\n".join(seen)
            assert "Traceback" not in out
            assert "you propose a deal: " in out, out[-3000:]  # (you are red)
            return
    raise AssertionError("no deal in nine games")
