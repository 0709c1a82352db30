"""`cosmic play --plain`, a group of ship choices answered wrong: a count that is not
offered is refused and the same question stands (the next number is still a count of
that group's ships, never read as another line of the list); and the example under each
list is a command of that list (`ally blue 3` when allying, not a launch)."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game

ASKED = re.compile(r"^(\S+ \S+): how many ships \((\d+)[\d, ]*\)\?")
ITEM = re.compile(r"^ +(\d+)\. (.*)$")
HINT = re.compile(r"'(\S+ \S+) \d+' sends \d+ ships?, chosen for you")


def test_a_wrong_count_keeps_the_question_and_hints_fit_the_list(home: Path) -> None:
    proc = plain_game(home, "counts")
    assert proc.stdout is not None

    def send(line: str) -> None:
        answer(proc, line)

    seen: list[str] = []
    items: list[tuple[str, str]] = []  # the list shown last: (number, entry)
    group = ""  # the group whose count was refused
    refused = chose = False
    hints = 0
    try:
        for line in lines_of(proc, seen, 180):
            if (m := ITEM.match(line)) is not None:
                items.append((m.group(1), m.group(2)))
            elif line.startswith("Type a number"):
                hint = HINT.search(line)
                if hint is not None:  # the example is one of the groups just listed
                    hints += 1
                    assert any(e.startswith(hint.group(1) + " SHIPS") for _, e in items), \
                        "\n".join(seen[-30:])
                grouped = [n for n, e in items if " SHIPS (choose the ships" in e]
                send(grouped[0] if grouped and not chose else items[0][0])
                items = []
            elif (m := ASKED.match(line)) is not None and not group:
                group = m.group(1)
                send("9")  # no group offers nine ships
            elif "is not one of the choices" in line and group and not refused:
                refused = True
                assert f"{group}: how many ships (" in line, line  # asked again
                send("1")  # one ship of that same group
            elif line.startswith("!! ") and group and not refused:
                raise AssertionError("the count was refused as something else: " + line)
            elif refused and not chose and " means: " in line:
                chose = True
                assert line.strip().startswith(f"{group} 1 means: {group} "), line
                send("quit")
                send("quit")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "\n".join(seen)
    assert group, "no group of ship choices was offered\n" + out[-3000:]
    assert refused, "'9' was not refused as a count\n" + out[-3000:]
    assert chose, "the next count did not choose that group's ships\n" + out[-3000:]
    assert hints, out[-3000:]
    assert "Traceback" not in out
