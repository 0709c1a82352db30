"""`cosmic play --plain`, wrong input at each kind of decision: every refusal says why in
words (the move the game asks for now, the counts offered, the engine's reason for a
planet the gate cannot aim at, a card not held, a player not in the game) and never
shows the engine's internals ("expected one of [...]")."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game

ITEM = re.compile(r"^ +(\d+)\. (.*)$")


def test_each_refusal_says_why(home: Path) -> None:
    proc = plain_game(home, "refusals")
    assert proc.stdout is not None

    def send(*lines: str) -> None:
        answer(proc, *lines)

    seen: list[str] = []
    items: list[str] = []
    tried: set[str] = set()  # the kinds of decision tried with wrong input
    try:
        for line in lines_of(proc, seen, 180):
            if (m := ITEM.match(line)) is not None:
                items.append(m.group(2))
                continue
            if not line.startswith("Type a number"):
                continue
            kind = items[0].split()[0] if items else ""
            if kind == "launch" and "launch" not in tried:
                tried.add("launch")
                target = items[0].split()[1]  # a planet the gate may aim at
                wrong = next(f"{c}.1" for c in ("red", "blue", "yellow")
                             if not target.startswith(c + "."))
                send(f"launch {target} 9", f"launch {wrong} 2")
            elif kind != "launch" and "other" not in tried:
                tried.add("other")
                send("launch blue.1 3", "xyzzy")
            elif kind == "select" and "select" not in tried:
                tried.add("select")
                send("select attack 99")
            elif kind == "invite" and "invite" not in tried:
                tried.add("invite")
                send("invite purple")
            if {"launch", "other", "select", "invite"} <= tried:
                send("quit", "quit")
            else:
                grouped = [i for i, e in enumerate(items, 1) if " SHIPS (choose" in e]
                send(f"{grouped[0]}" if grouped else "1")
                if grouped:
                    send("1")  # one ship
            items = []
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "\n".join(seen)
    assert {"launch", "other", "select", "invite"} <= tried, (tried, out[-3000:])
    refusals = [line for line in seen if line.startswith("!! ")]
    assert not any("expected one of" in r for r in refusals), refusals
    said = "\n".join(refusals)
    assert re.search(r"'launch blue\.1 3' is not legal now\. Closest: .* \(launch is not "
                     r"asked now; now: [a-z, ]+\.\)", said), said
    assert re.search(r"'xyzzy' is not legal now\. Closest: .* \(there is no command "
                     r"'xyzzy'; now: [a-z, ]+\.\)", said), said
    assert re.search(r"'launch \S+ 9' is not legal now: 9 ships is not a choice here "
                     r"\(ships: 1, 2, 3, 4\)", said), said
    wrong = re.search(r"'launch (\S+) 2' is not legal now(.*)", said)
    assert wrong is not None and wrong.group(2).startswith(": "), said  # a reason given
    assert "'select attack 99' is not legal now: you hold no such encounter card" in said
    assert "'invite purple' is not legal now: no player purple" in said
