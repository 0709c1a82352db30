"""Helpers for journey tests: run the installed `cosmic` as a person would."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

COSMIC = Path(sys.executable).parent / "cosmic"


# A resumed node holds its moves back this long (not the 3 s of node.runner's
# SAME_KEY_GRACE_S) while it listens for a second node on its seat: no journey starts
# one, and each resume sat out the whole grace (tests/test_node_same_key.py runs the
# default, and fails without it).
SAME_KEY_GRACE_S = "0.3"


def cosmic_env(home: Path, **more: str) -> dict[str, str]:
    """This process's environment with COSMIC_HOME set (no colours, no tmux), and a
    shorter same-key grace for the nodes it resumes (SAME_KEY_GRACE_S)."""
    env = {k: v for k, v in os.environ.items()  # (a COLUMNS or LINES of the test runner
           if k not in ("TMUX", "COSMIC_HOME", "COLUMNS", "LINES")}  # would beat a terminal)
    env.update(COSMIC_HOME=str(home), NO_COLOR="1", COSMIC_SAME_KEY_GRACE_S=SAME_KEY_GRACE_S,
               **more)
    return env


def cosmic(*args: str, home: Path, timeout: float = 120, stdin: str | None = None,
           cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `cosmic ARGS...` as a user would; returns the finished process (text)."""
    if not COSMIC.exists():
        pytest.fail(f"{COSMIC} is not installed (make setup)")
    return subprocess.run([str(COSMIC), *args], env=cosmic_env(home), cwd=cwd or home,
                          input=stdin, capture_output=True, text=True, timeout=timeout)


HOSTING = "others run `cosmic join`"


def lan_table(tmp_path: Path, *names: str) -> tuple[dict[str, Path], list[str]]:
    """A LAN game's players on this machine: a home folder each (made), and the lobby
    options that put them on one beacon port of their own, on loopback."""
    from _ports import free_port
    homes = {n: tmp_path / n for n in names}
    for h in homes.values():
        h.mkdir()
    return homes, ["--port", str(free_port()), "--target", "127.255.255.255"]


def hosting(proc: subprocess.Popen[str], timeout: float = 60.0) -> str:
    """Wait until a `cosmic host` started with its stdout on a pipe says it is announcing
    its game (the line "Hosting ...; others run `cosmic join`."), and return what it
    printed up to there. `cosmic join` looks for games two seconds: started beside a host
    that a loaded machine had not yet brought up, it found none and ended."""
    return said_until(proc, HOSTING, timeout)


def said_until(proc: subprocess.Popen[str], words: str, timeout: float = 60.0) -> str:
    """What a process with its stdout on a pipe prints up to the end of the line that holds
    `words` (fails if it ends first or takes longer than `timeout`). The pipe is read a
    byte at a time, below Python's buffer, so what follows is still there to read (by
    communicate() too): add what this returns to that for all it printed."""
    assert proc.stdout is not None
    fd, said = proc.stdout.fileno(), b""
    deadline = time.monotonic() + timeout
    while words.encode() not in said or not said.endswith(b"\n"):
        left = deadline - time.monotonic()
        assert left > 0, f"waited {timeout} s for {words!r}; it printed {said!r}"
        if select.select([fd], [], [], left)[0]:
            byte = os.read(fd, 1)
            assert byte, f"it ended before printing {words!r}: {said!r}"
            said += byte
    return said.decode()


def plain_play(home: Path, *args: str) -> subprocess.Popen[str]:
    """`cosmic play --plain ARGS` running, read line by line as it prints and answered
    with `answer(proc, LINE, ...)`: a person at a plain-text game (its bots are nodes
    of their own unless ARGS say --local)."""
    proc = subprocess.Popen([str(COSMIC), "play", "--plain", *args],
                            env=cosmic_env(home), cwd=home,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    return proc


def plain_game(home: Path, seed: str, players: int = 3, *options: str
               ) -> subprocess.Popen[str]:
    """`cosmic play --local --plain` of a seed (with `options`: more of play's flags):
    plain_play in one process."""
    return plain_play(home, "--local", "--players", str(players), "--seed", seed, *options)


def answer(proc: subprocess.Popen[str], *lines: str) -> None:
    """Type these lines into a running plain game (plain_game)."""
    assert proc.stdin is not None
    for line in lines:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()


def lines_of(proc: subprocess.Popen[str], seen: list[str], seconds: float
             ) -> Iterator[str]:
    """Each line a running plain game prints, kept in `seen` too, until it ends; fails
    (with the last lines) if it still runs after `seconds`."""
    assert proc.stdout is not None
    deadline = time.monotonic() + seconds
    for raw in proc.stdout:
        line = raw.rstrip("\n")
        seen.append(line)
        assert time.monotonic() < deadline, "\n".join(seen[-40:])
        yield line


def game_nodes(folder: Path) -> list[int]:
    """The `cosmic node` processes of the game in `folder` (the bots of `cosmic play`:
    their command lines name its genesis)."""
    genesis, pids = str(folder / "genesis.bin"), []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if genesis in cmd and " node " in cmd:
                pids.append(int(entry.name))
    return pids


def leave_play(proc: subprocess.Popen[str], folder: Path, stopped: list[int]) -> None:
    """The end of a plain `cosmic play` journey, however it went: the bot nodes it paused
    (SIGSTOP) go on, the person quits (killed if the game does not end), and the game's
    bot nodes are ended."""
    import signal
    for pid in stopped:
        os.kill(pid, signal.SIGCONT)
    if proc.poll() is None:
        answer(proc, "quit", "quit")
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
    for pid in game_nodes(folder):
        os.kill(pid, signal.SIGTERM)
