"""A networked game waiting on the card protocol, as the player reads it: the status says
how far the step under way has come, "waiting for the card protocol (cards turned up; 0
of 2 messages, next from blue)", as the setup does ("card protocol 3/8"). It used to
give the journal's whole length, "(cards turned up): 151 messages, next from blue",
which read as 151 messages still to come.

The game: `cosmic play --plain --players 2` (red, the person, answers through a pipe;
blue, a bot node). Red asks to be stopped at the start window; at blue's turn red is the
last to pass there, and the destiny draw that follows needs blue's card messages. Blue's
node is paused (SIGSTOP) just before red passes, so the wait lasts and is printed."""

from __future__ import annotations

import os
import re
import signal
import threading
from pathlib import Path

from _journey import answer, game_nodes, leave_play, lines_of, plain_play

WAIT = "-- waiting for the card protocol ("
STEP = re.compile(r"\(([a-z ]+); (\d+) of (\d+) messages(, next from (blue|you))?\)")


def test_a_card_protocol_wait_counts_the_step_not_the_journal(tmp_path: Path,
                                                               home: Path) -> None:
    folder = tmp_path / "game"
    proc = plain_play(home, "--players", "2", "--dir", str(folder), "--patience", "30")
    seen: list[str] = []
    stopped: list[int] = []
    watchdog = threading.Timer(120, proc.kill)  # (a question left unanswered: no hang)
    watchdog.start()
    waited = ""
    try:
        decision, turn, told = "", "", False
        for line in lines_of(proc, seen, 150):
            if line.startswith("Turn "):
                turn = line
            if line.startswith("-- YOUR DECISION ("):
                decision = line
            if stopped and line.startswith(WAIT):
                waited = line
                break
            many = re.search(r"how many ships \((\d+)", line)
            if many:  # a group of ship choices picked by number: the fewest
                answer(proc, many.group(1))
                continue
            if not line.startswith("Type a number") or not decision:
                continue
            if not told:  # be asked at the start window from now on
                answer(proc, "stop start")
                told = True
            if "start window" in decision and turn.startswith("Turn ") and \
                    ": blue;" in turn:
                stopped = game_nodes(folder)
                assert stopped, "no bot node found"
                for pid in stopped:
                    os.kill(pid, signal.SIGSTOP)
                answer(proc, "pass")
            elif "window)" in decision:
                answer(proc, "pass")
            elif "(launch" in decision:
                answer(proc, "launch blue.1 1")
            else:
                answer(proc, "1")
            decision = ""
    finally:
        watchdog.cancel()
        leave_play(proc, folder, stopped)
    said = "\n".join(seen[-40:])
    assert waited, said
    step = STEP.search(waited)
    assert step is not None, waited  # the step's own count
    assert int(step.group(2)) <= int(step.group(3)) <= 16, waited
    assert not re.search(r"\): \d+ messages", waited), waited  # not the journal's length
