"""`cosmic resume` of a `cosmic play` game gives the person's node what play gave it: its
patience for the bots (--patience) and its answer seconds at a card window
(--answer-seconds). The whole game is killed (kill -9: the person's node and the bot),
its folder moved and its beacon port taken by another program (as after a reboot), and
it is resumed from the person's journal alone: the bot comes back from the folder where
the game is now, on another port, the game goes on, a card window the person leaves
unanswered passes in play's time, then the bot is killed again: the person's node
leaves within its patience, saying why and how to pick the game up (not a node waiting
for ever for a bot that is gone), and the journal keeps every record it held."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, said_until
from protocol.journal import parse_journal
from test_play_network import DECISION, bots_of, until

PATIENCE = 2


def test_resumed_play_keeps_its_patience_for_the_bots(tmp_path: Path, home: Path) -> None:
    game = tmp_path / "g"
    journal = game / "seat-0.journal"
    play = subprocess.Popen(
        [str(COSMIC), "play", "--plain", "--players", "2", "--seed", "h35-patience", "--dir",
         str(game), "--patience", str(PATIENCE), "--answer-seconds", "1"],
        env=cosmic_env(home), cwd=home, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True)
    resume: subprocess.Popen[str] | None = None
    squatter: socket.socket | None = None
    try:
        said_until(play, DECISION, timeout=90)
        for pid in [play.pid, *bots_of(game)]:  # the whole game, at once
            os.kill(pid, signal.SIGKILL)
        play.wait(timeout=10)
        until("the bot gone", lambda: not bots_of(game), timeout=10)
        # Meanwhile the person tidies their games: the game's folder moves; and another
        # program takes the game's beacon port (as after a reboot).
        moved = tmp_path / "moved"
        game.rename(moved)
        game, journal = moved, moved / "seat-0.journal"
        kept = journal.read_bytes()
        squatter = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        squatter.bind(("", 0))  # (the game's port made one surely held: it is ours)
        port = squatter.getsockname()[1]
        info = json.loads((game / "seat-0.resume.json").read_text())
        info["discovery_port"] = port
        for argv in info["bots"]:
            argv[argv.index("--discovery-port") + 1] = str(port)
        (game / "seat-0.resume.json").write_text(json.dumps(info))
        resume = subprocess.Popen(
            [str(COSMIC), "resume", "--plain", str(journal)], env=cosmic_env(home),
            cwd=home, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        assert resume.stdin is not None and resume.stdout is not None
        said = said_until(resume, "Resumed from", timeout=30)
        assert f"The game's beacon port {port} is taken by another program; its nodes " \
               "meet on " in said, said
        # The bot, started again by resume from the folder where the game is now, plays
        # with us. The person answers what the
        # game asks, but at a card window they may play at (said "... window)"), not:
        # the game passes for them after play's --answer-seconds, not resume's default.
        bot = until("the bot back", lambda: bots_of(game), timeout=20)
        asked = time.monotonic()
        while "No answer in" not in said:
            assert time.monotonic() - asked < 30, "no card window passed: " + said[-3000:]
            said += said_until(resume, "\n", timeout=30)
            line = said.splitlines()[-1]
            if DECISION in line and not line.endswith("window): pass"):
                resume.stdin.write("1\n")
                resume.stdin.flush()
        assert "No answer in 1 s: you passed at the" in said, said[-3000:]
        os.kill(bot[0], signal.SIGKILL)
        killed = time.monotonic()
        # The game comes to wait for the bot (the person answers what is theirs first):
        # the person's node leaves within its patience.
        while "Your node has stopped" not in said:
            left = 30 - (time.monotonic() - killed)  # its patience, and the mesh's notice
            assert left > 0, "still waiting for the bot killed 30 s ago: " + said[-3000:]
            said += said_until(resume, "\n", timeout=left)
            if DECISION in said.splitlines()[-1]:
                resume.stdin.write("1\n")
                resume.stdin.flush()
        out, err = resume.communicate("quit\nquit\n", timeout=30)
        said += out
    finally:
        if squatter is not None:
            squatter.close()
        for proc in (play, resume):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
        for pid in bots_of(game):
            os.kill(pid, signal.SIGKILL)
    assert resume.returncode == 3, said[-3000:] + err
    assert f"the game waited {PATIENCE} s for blue" in err, err
    assert f"cosmic resume {journal}" in err, err
    assert "Game left unfinished. Pick it up again with" in said, said[-3000:]
    assert journal.read_bytes().startswith(kept)  # nothing taken back
    v = cosmic("verify", "--partial", str(journal), home=home)  # a game in progress
    assert v.returncode == 0 and "OK" in v.stdout, v.stdout + v.stderr
