"""A LAN game where one person goes silent: `cosmic host --turn-seconds 1 --answer-seconds
1` (a person, plain text, who never types a thing) against a bot that joined. Every
decision of the person's is played by their own node once its clock runs out, and said
("No answer in 1 s: your node played this decision for you ..."), after a warning that
time is nearly up ("1 s left to answer: ..."); the game reaches its
end instead of waiting for ever, and its journal verifies."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting, said_until
from _ports import free_port

LAN = "127.255.255.255"


def test_a_silent_person_is_played_for_and_the_game_ends(tmp_path: Path) -> None:
    from cli import cmd_host, netgame
    assert cmd_host.WINDOW_S == netgame.WINDOW_S  # one default, written twice (see there)
    port = str(free_port())
    homes = [tmp_path / "ann", tmp_path / "bob"]
    for h in homes:
        h.mkdir()
    common = ["--yes", "--plain", "--port", port, "--target", LAN, "--timeout", "60"]
    host = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--max-turns", "1",
                             "--name", "ann", "--turn-seconds", "1", "--answer-seconds", "1",
                             *common], env=cosmic_env(homes[0]), cwd=homes[0],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        said = hosting(host)
        join = subprocess.Popen([str(COSMIC), "join", "--game", "ann", "--name", "bob",
                                 "--bot", *common], env=cosmic_env(homes[1]), cwd=homes[1],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        # The person types nothing (stdin stays open, silent) until the game is over
        # (communicate() would close it: an end of input is a person leaving).
        said += said_until(host, "Game over: ", timeout=150)
        assert host.stdin is not None
        host.stdin.close()
        assert host.stdout is not None
        said += host.stdout.read()  # to its end: an end of input, once over, is leaving
        host.wait(timeout=60)
        join.communicate(timeout=60)
    finally:
        for p in (host, join):
            if p.poll() is None:
                p.kill()
    played = [x for x in said.splitlines()
              if "No answer in 1 s: your node played this decision for you" in x]
    assert played, said[-3000:]
    warned = [x for x in said.splitlines() if "s left to answer: then your node plays this "
              "decision for you" in x]
    assert warned, said[-3000:]  # said before, once a decision at most
    assert len(warned) <= len(played) + 1, said[-3000:]
    assert "Game over: " in said, said[-3000:]
    journal = next(homes[0].rglob("seat-*.journal"))
    v = cosmic("verify", str(journal), home=homes[0])
    assert v.returncode == 0, v.stdout + v.stderr
