"""The Leech's player is told alone which cards it borrowed ("the card you borrowed from
blue is ..."); its node killed (kill -9) once the turn is over, `cosmic resume` recaps
the game so far with that line still in it, where it was told. (The recap read every
line against the state it resumed to, and at the end of its turn the Leech gives the
cards back and the game forgets whose they were: the line was lost.)

The game: `cosmic play --plain --players 2 --aliens leech,?`, seed d1 (red, the person,
plays first). Red uses the Leech at the start window, sends one ship, plays an attack
card and loses; as the borrowed card goes back to blue, red's node is killed, and its
journal is resumed in a terminal (tmux). The recap holds the last 12 lines: with this
seed the borrowed card is told nine lines before it goes back."""

from __future__ import annotations

import os
import re
import signal
import threading
from pathlib import Path

from _journey import COSMIC, answer, cosmic_env, leave_play, lines_of, plain_play
from _tmux import Terminal

BORROWED = re.compile(r"the card you borrowed from blue is [a-z0-9 +]+")


def test_the_recap_keeps_the_borrowed_card(tmp_path: Path, home: Path) -> None:
    folder = tmp_path / "game"
    proc = plain_play(home, "--players", "2", "--seed", "d1", "--aliens", "leech,?",
                      "--dir", str(folder), "--patience", "120")
    seen: list[str] = []
    watchdog = threading.Timer(150, proc.kill)  # (a question left unanswered: no hang)
    watchdog.start()
    told = ""
    try:
        decision, turn, stopped_at_start = "", "", False
        options: list[str] = []  # the numbered commands of the last board
        for line in lines_of(proc, seen, 150):
            if line.startswith("Turn "):
                turn, options = line, []
            if line.startswith("-- YOUR DECISION ("):
                decision = line
            if re.match(r"^ +\d+\. ", line):
                options.append(line.split(". ", 1)[1].split("  (")[0].strip())
            found = BORROWED.search(line)
            if found:
                told = found.group(0)
            if "blue gets 1 lent card(s) back" in line:  # the Leech's turn is over:
                os.kill(proc.pid, signal.SIGKILL)  # the person's node (in `cosmic play`)
                break
            if not line.startswith("Type a number") or not decision:
                continue
            if not stopped_at_start:  # be asked at the start window from now on
                answer(proc, "stop start")
                stopped_at_start = True
            if "start window" in decision and "power 0" in options and not told:
                answer(proc, "power 0")
            elif "window)" in decision:
                answer(proc, "pass")
            elif "(launch" in decision:
                answer(proc, "launch blue.1 1")
            elif "(planning" in decision:
                answer(proc, next(o for o in options if o.startswith("select attack")))
            else:
                answer(proc, "1")
            decision = ""
        assert told and "lent card(s) back" in seen[-1], "\n".join(seen[-60:])
        proc.wait(timeout=10)
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
    journal = folder / "seat-0.journal"
    try:
        resume = [str(COSMIC), "resume", "--plain", str(journal)]
        with Terminal(resume, tmp_path, env=cosmic_env(home), width=100,
                      height=50) as term:
            screen = term.wait_for("-- YOUR DECISION (", timeout=90)
            recap = screen.split("Before you left")[1].split("\n   You are red.")[0]
            term.type("quit")
            term.type("quit")
            term.wait_for("[exit status 0]", timeout=60)
    finally:
        leave_play(proc, folder, [])
    rows = [r.strip() for r in recap.splitlines()[1:]]
    assert "blue gets 1 lent card(s) back" in rows, rows  # (the turn's end: in the journal)
    assert told in rows, (told, rows)  # as it was told, where it was told
    assert rows.index(told) < rows.index("blue gets 1 lent card(s) back"), rows
