"""`cosmic join` beside a game already being played: ann hosts, a bot joins, the game
starts and waits on ann; a third player running `cosmic join` (or `join --list`) is told
that no game takes players now and which game is under way, not that there is no game
on the network; bob, who has a seat in it, is told how to go back to it. (ann, a person,
is told the game's turn limit with its goal.)"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port
from protocol.journal import JournalError, parse_journal

LOOPBACK = "127.255.255.255"


def _played(journal: Path) -> bool:
    """Does the journal hold a record beyond the genesis (a last one half written aside)?"""
    try:
        return bool(parse_journal(journal.read_bytes()).records)
    except JournalError:
        return False


def test_a_join_beside_a_game_under_way_is_told_of_it(tmp_path: Path) -> None:
    port = str(free_port())
    homes = {n: tmp_path / n for n in ("ann", "bob", "cy")}
    for h in homes.values():
        h.mkdir()
    lan = ["--port", port, "--target", LOOPBACK, "--timeout", "60"]
    ann = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "ann", "--yes",
                            "--plain", "--max-turns", "5", *lan],
                           env=cosmic_env(homes["ann"]), cwd=homes["ann"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    try:
        hosting(ann)  # (join looks for two seconds)
    except BaseException:
        ann.kill()
        raise
    bob = subprocess.Popen([str(COSMIC), "join", "--name", "bob", "--yes", "--bot", "--plain",
                            *lan], env=cosmic_env(homes["bob"]), cwd=homes["bob"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 60
        # The journal is written when ann confirms; the game has started once it holds
        # a record beyond the genesis.
        while not any(_played(j) for j in (homes["ann"] / "games").glob("*/seat-0.journal")):
            assert time.monotonic() < end, "the game did not start"
            time.sleep(0.2)
        time.sleep(2.0)  # under way: the deck is being dealt, then ann is asked
        for args in (["join", "--yes"], ["join", "--list"]):
            late = cosmic(*args, "--name", "cy", *lan, home=homes["cy"], timeout=60)
            assert late.returncode == 1, late.stdout + late.stderr
            said = late.stderr.strip().splitlines()[-1]
            assert said.startswith("No game here takes players now. Under way (nobody new "
                                   "can join): ann, bob in game "), said
            assert "Start a new one with `cosmic host`." in said, said
        assert not (homes["cy"] / "games").exists() or not any(
            (homes["cy"] / "games").iterdir())
        # bob, who has a seat in it, runs `join` again (say, after his terminal closed):
        # he is told how to go back to his seat
        journal = next((homes["bob"] / "games").glob("*/seat-1.journal"))
        again = cosmic("join", "--yes", *lan, home=homes["bob"], timeout=60)
        assert again.returncode == 1, again.stdout + again.stderr
        assert again.stderr.strip().splitlines()[-1].endswith(
            f": to go back to it, cosmic resume {journal}"), again.stderr
    finally:
        try:
            said, _ = ann.communicate("quit\nquit\n", timeout=60)
        finally:
            for proc in (ann, bob):
                if proc.poll() is None:
                    proc.kill()
            bob.wait(timeout=30)
    # ann was told the game's turn limit with its goal, as the lobby announced it
    assert "You are red. Five foreign colonies win. At most 5 turns." in said, said[-3000:]
