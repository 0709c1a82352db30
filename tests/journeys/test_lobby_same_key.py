"""A LAN lobby and one key run twice: eve joins ann's lobby, then a second `cosmic join`
with eve's key file comes in (the same ~/.cosmic used twice). The second one is told to
stop; ann's lobby goes on showing eve as she was, never the intruder's name and never a
lobby without her (each such change would withdraw every confirmation given). And a
player whose join was killed comes back with the same key under a new name: the lobby
takes the new run once the old one has gone quiet (this one guards the first: a later
run is not ignored for good)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

import pytest

from _journey import COSMIC, cosmic, cosmic_env, hosting, said_until
from _ports import free_port

LOOPBACK = "127.255.255.255"


def _start(home: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([str(COSMIC), *args], env=cosmic_env(home), cwd=home,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def _lobby_lines(said: str) -> list[str]:
    return re.findall(r"^  in the lobby: (.*)$", said, re.M)


@pytest.mark.heavy  # lobbies that wait out their timeouts: started first
def test_a_second_run_of_a_members_key_leaves_the_lobby_as_it_was(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("ann", "eve")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LOOPBACK]
    ann = _start(homes["ann"], "host", "--players", "3", "--name", "ann", "--plain",
                 "--timeout", "11", *lan)
    eve = None
    try:
        early = hosting(ann)  # (join looks for two seconds)
        eve = _start(homes["eve"], "join", "--name", "eve", "--colour", "blue", "--yes",
                     "--timeout", "10", *lan)
        early += said_until(ann, "eve (blue)")  # eve is in the lobby (a fixed 3 s was
        # too short for a loaded machine: the second run came first, and eve was stopped)
        again = cosmic("join", "--name", "eve-twice", "--colour", "green", "--yes",
                       "--timeout", "7", *lan, home=homes["eve"], timeout=60)
        assert again.returncode == 1, again.stdout + again.stderr
        assert "uses the same key as this one" in again.stderr, again.stderr
        out = early + ann.communicate(timeout=60)[0]
        eve_said, _ = eve.communicate(timeout=60)
    finally:
        for proc in (ann, eve):
            if proc is not None and proc.poll() is None:
                proc.kill()
    assert "it was told to stop, since this one was here first" in eve_said, eve_said
    lines = _lobby_lines(out)
    first = next(i for i, line in enumerate(lines) if "eve (blue)" in line)
    for line in lines[first:]:  # from eve's coming to the end of the lobby
        assert "eve (blue)" in line and "eve-twice" not in line, out
    assert "no game was agreed in time" in out, out


@pytest.mark.heavy
def test_a_player_killed_in_the_lobby_comes_back_with_the_same_key(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("ann", "eve")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LOOPBACK]
    ann = _start(homes["ann"], "host", "--players", "3", "--name", "ann", "--plain",
                 "--timeout", "16", *lan)
    procs = [ann]
    seen = ""
    try:
        early = hosting(ann)  # (join looks for two seconds)
        eve = _start(homes["eve"], "join", "--name", "eve", "--colour", "blue", "--yes",
                     "--timeout", "20", *lan)
        procs.append(eve)
        early += said_until(ann, "eve (blue)")  # in the lobby (not a fixed 3 s)
        os.kill(eve.pid, signal.SIGKILL)
        back = _start(homes["eve"], "join", "--name", "eve-back", "--colour", "green",
                      "--yes", "--timeout", "8", *lan)
        procs.append(back)
        said, _ = back.communicate(timeout=60)
        seen = early + ann.communicate(timeout=60)[0]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    assert "same key" not in said, said
    lines = _lobby_lines(seen)
    came = next(i for i, line in enumerate(lines) if "eve (blue)" in line)
    back_at = next((i for i, line in enumerate(lines) if "eve-back (green)" in line), None)
    assert back_at is not None and back_at > came, seen  # the new run is eve now
    assert not any("eve (blue)" in line for line in lines[back_at:]), seen
