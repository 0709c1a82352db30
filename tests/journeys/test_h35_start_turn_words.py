"""The status names the moment of the turn in words, "waiting for blue (bot-1; start
turn)", never the engine's name with its underscore, "(bot-1; start_turn)", which a
screen reader spells out as "start underscore turn".

The game: `cosmic play --plain --players 2` (red, the person, through a pipe; blue, a bot
node). Red launches four ships and plays its highest attack; when it has won and may
have a second encounter, blue's node is paused (SIGSTOP) and red ends its turn: the
game then waits for blue at the start of its turn, and the status says so. (Blue's node
is often slow enough at the start of its turn to be waited for anyway: that counts.)"""

from __future__ import annotations

import os
import re
import signal
import threading
from pathlib import Path

from _journey import answer, game_nodes, leave_play, lines_of, plain_play


def test_the_start_of_a_turn_is_said_in_words(tmp_path: Path, home: Path) -> None:
    folder = tmp_path / "game"
    proc = plain_play(home, "--players", "2", "--dir", str(folder), "--patience", "30")
    seen: list[str] = []
    stopped: list[int] = []
    watchdog = threading.Timer(120, proc.kill)  # (a question left unanswered: no hang)
    watchdog.start()
    waited = ""
    try:
        decision = ""
        options: list[str] = []
        for line in lines_of(proc, seen, 150):
            if line.startswith("-- YOUR DECISION ("):
                decision, options = line, []
            if (stopped and line.startswith("-- waiting for blue")) or \
                    line.startswith("-- waiting for blue (bot-1; start"):
                waited = line  # (also seen without a pause, when the bot's node is slow)
                break
            numbered = re.match(r"\s+\d+\. (.*)", line)
            if numbered and decision:
                options.append(numbered.group(1))
            many = re.search(r"how many ships \((\d+)", line)
            if many:
                answer(proc, many.group(1))
                continue
            if line.startswith("!! ") and not stopped:  # refused (too few ships): the first
                answer(proc, "1")
                continue
            if not line.startswith("Type a number") or not decision:
                continue
            attacks = sorted((int(m.group(1)), o) for o in options
                             if (m := re.match(r"select attack (\d+)", o)))
            if "endturn" in decision:  # a second encounter is offered: end the turn
                stopped = game_nodes(folder)
                assert stopped, "no bot node found"
                for pid in stopped:
                    os.kill(pid, signal.SIGSTOP)
                answer(proc, "endturn")
            elif "(launch" in decision:
                answer(proc, f"launch {options[0].split()[1]} 4")
            elif attacks:
                answer(proc, attacks[-1][1])
            elif any(o.startswith("pass") for o in options):
                answer(proc, "pass")
            else:
                answer(proc, "1")
            decision = ""
    finally:
        watchdog.cancel()
        leave_play(proc, folder, stopped)
    assert waited == "-- waiting for blue (bot-1; start turn)", "\n".join(seen[-30:])
