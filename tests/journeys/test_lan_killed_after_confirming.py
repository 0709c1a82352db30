"""A player killed after confirming, before the game starts: bob says yes, his process is
killed at once (kill -9), cy says yes next. The others heard bob's confirmation, so the
game starts with bob's seat in it; bob's journal was written when he confirmed, so
`cosmic resume` takes his seat into the game, which then ends, every journal verifying.
(Before, bob's journal was written only once he had heard every confirmation: he had
none, and the game waited for him for ever.)"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port

LOOPBACK = "127.255.255.255"


class _Table:
    """Players on one machine, each with a home of its own, on one free lobby port."""

    def __init__(self, tmp_path: Path, names: tuple[str, ...]) -> None:
        self.homes = {n: tmp_path / n for n in names}
        for h in self.homes.values():
            h.mkdir()
        self.lan = ["--port", str(free_port()), "--target", LOOPBACK, "--timeout", "90"]

    def start(self, name: str, *args: str, stdin: int | None = subprocess.DEVNULL
              ) -> subprocess.Popen[str]:
        """`cosmic ARGS --name NAME --plain` on the lobby, output read at the end (a
        host once it announces its game: join looks for two seconds)."""
        proc = subprocess.Popen([str(COSMIC), *args, "--name", name, "--plain", *self.lan],
                                env=cosmic_env(self.homes[name]), cwd=self.homes[name],
                                stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        if args[0] == "host":
            try:
                hosting(proc)
            except BaseException:
                _stop([proc])
                raise
        return proc


def _stop(procs: list[subprocess.Popen[str]]) -> None:
    """On a failure, nothing is left running."""
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)


def test_a_seat_killed_after_confirming_resumes_into_the_game(tmp_path: Path) -> None:
    table = _Table(tmp_path, ("ann", "bob", "cy"))
    homes = table.homes
    ann = table.start("ann", "host", "--players", "3", "--yes", "--bot", "--max-turns", "3")
    bob = table.start("bob", "join", "--yes", "--bot")
    cy = table.start("cy", "join", "--bot", stdin=subprocess.PIPE)  # answers when told to
    procs = [ann, bob, cy]
    try:
        end = time.monotonic() + 60
        mine = None
        while mine is None:
            assert time.monotonic() < end, "bob's confirmation wrote no journal"
            assert cy.poll() is None and ann.poll() is None
            mine = next((homes["bob"] / "games").glob("*/seat-*.journal"), None) \
                if (homes["bob"] / "games").exists() else None
            time.sleep(0.05)
        os.kill(bob.pid, signal.SIGKILL)  # confirmed, and gone before the game starts
        bob.wait(timeout=30)
        assert cy.stdin is not None
        cy.stdin.write("y\n")
        cy.stdin.flush()
        back = cosmic("resume", str(mine), "--bot", "--plain", home=homes["bob"],
                      timeout=240)
        assert back.returncode == 0, back.stdout[-2000:] + back.stderr[-2000:]
        assert "Game over:" in back.stdout, back.stdout[-2000:]
        for proc in (ann, cy):
            out, _ = proc.communicate(timeout=120)
            assert proc.returncode == 0 and "Game over:" in out, out[-2000:]
    finally:
        _stop(procs)
    journals = [next((homes[n] / "games").glob("*/seat-*.journal")) for n in homes]
    for journal in journals:
        v = cosmic("verify", str(journal), home=tmp_path)
        assert v.returncode == 0, v.stdout + v.stderr


def test_a_confirmation_taken_back_leaves_no_journal(tmp_path: Path) -> None:
    """ann (host, --yes) confirms a game with xan, who never answers and leaves (Ctrl-C);
    the game ann confirmed is gone, so is the journal written for it: when yo comes and
    the game with yo is played, ann's games folder holds that game alone."""
    table = _Table(tmp_path, ("ann", "xan", "yo"))
    homes = table.homes
    ann = table.start("ann", "host", "--players", "2", "--yes", "--bot", "--max-turns", "2")
    xan = table.start("xan", "join", stdin=subprocess.PIPE)
    procs = [ann, xan]
    try:
        games = homes["ann"] / "games"
        end = time.monotonic() + 60
        while not (games.exists() and list(games.glob("*/seat-*.journal"))):
            assert time.monotonic() < end, "ann's confirmation wrote no journal"
            time.sleep(0.05)
        (first,) = list(games.glob("*/seat-*.journal"))
        xan.send_signal(signal.SIGINT)  # leaves the lobby, never having answered
        xan.communicate(timeout=30)
        yo = table.start("yo", "join", "--yes", "--bot")
        procs.append(yo)
        for proc in (ann, yo):
            out, _ = proc.communicate(timeout=180)
            assert proc.returncode == 0 and "Game over:" in out, out[-2000:]
    finally:
        _stop(procs)
    assert not first.parent.exists(), "the journal of the game ann no longer confirmed"
    (folder,) = list(games.iterdir())
    (journal,) = list(folder.glob("seat-*.journal"))
    v = cosmic("verify", str(journal), home=tmp_path)
    assert v.returncode == 0 and "yo" in v.stdout and "xan" not in v.stdout, v.stdout
