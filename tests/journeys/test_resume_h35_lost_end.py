"""A `cosmic play` game whose person's journal lacks the game's end (the node was killed
during the end-of-game reveal, its last record torn): the bots' nodes, their own game
over, would leave at once and never send it, and the person's node would wait for ever.
`cosmic resume` takes the end from a bot's journal beside it (each record checked as a
restarted node checks its journal) and says the game is over; nothing is lost, nothing
left running. A bot's journal that lacks the end too is not taken: the bot's node,
started again, makes its part and sends it."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from _journey import COSMIC, cosmic, cosmic_env, said_until
from node.resume import ResumeInfo
from protocol.journal import parse_journal
from test_play_network import bots_of


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished two-seat game's folder (`cosmic demo`: every journal the same)."""
    where = tmp_path_factory.mktemp("h35-lost-end")
    (where / "home").mkdir()
    r = cosmic("demo", "--players", "2", "--max-turns", "1", "--seed", "h35-lost-end",
               "--dir", str(where / "game"), home=where / "home", timeout=90)
    assert r.returncode == 0, r.stdout + r.stderr
    return where / "game"


def _as_play(game: Path, cut_records: int, torn: bool) -> Path:
    """Seat 0 as the person's seat of `cosmic play` (its resume file names seat 1's bot
    node), its journal cut `cut_records` records short of the end, and torn."""
    journal = game / "seat-0.journal"
    bot = ["node", "--genesis", str(game / "genesis.bin"), "--key", str(game / "seat-1.key"),
           "--seat", "1", "--journal", str(game / "seat-1.journal"), "--discovery-port", "9",
           "--discovery-target", "127.255.255.255", "--patience", "600"]
    ResumeInfo(seat=0, key=str(game / "seat-0.key"), started_by="play", discovery_port=9,
               discovery_target="127.255.255.255", bots=[bot],
               patience_s=600.0).save(journal)
    entries = parse_journal(journal.read_bytes()).entries
    os.truncate(journal, entries[-cut_records].offset + (20 if torn else 0))
    return journal


@pytest.mark.parametrize("cut, torn", [(1, True), (2, False)])
def test_the_lost_end_is_taken_from_a_bots_journal(finished: Path, tmp_path: Path,
                                                    home: Path, cut: int, torn: bool) -> None:
    game = tmp_path / "game"
    shutil.copytree(finished, game)
    journal = _as_play(game, cut, torn)
    whole = parse_journal((game / "seat-1.journal").read_bytes()).records
    r = cosmic("resume", "--plain", str(journal), home=home, timeout=30, stdin="")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout + r.stderr
    said = " ".join(r.stdout.split())
    lacked = "record;" if cut == 1 else f"{cut} records;"
    assert f"Your journal lacked the game's last {lacked} taken from " \
           f"{game / 'seat-1.journal'}" in said, said
    assert "This game is over; your journal holds it to the end." in said, said
    assert parse_journal(journal.read_bytes()).records == whole
    assert not bots_of(game)
    v = cosmic("verify", str(journal), home=home)
    assert v.returncode == 0 and f"{journal}: OK" in v.stdout, v.stdout + v.stderr


def test_a_bots_journal_that_lacks_the_end_too_is_not_taken(
        finished: Path, tmp_path: Path, home: Path) -> None:
    """The whole game was killed during the reveal: the bot's journal lacks the end too
    (its own last record). Nothing is taken from it; the bot's node, started again,
    makes its last record and stays until the person's node holds it (a node back
    after the end lets its peers go), and the game ends for the person."""
    game = tmp_path / "game"
    shutil.copytree(finished, game)
    journal = _as_play(game, 3, False)
    bots = parse_journal((game / "seat-1.journal").read_bytes()).entries
    os.truncate(game / "seat-1.journal", bots[-1].offset)
    before = journal.read_bytes()
    try:
        r = cosmic("resume", "--plain", str(journal), home=home, timeout=60, stdin="")
    finally:
        for pid in bots_of(game):
            os.kill(pid, 9)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert "lacked" not in r.stdout, r.stdout
    assert "Game over: nobody won (the turn limit was reached)." in r.stdout, r.stdout
    decided = "-- the game is decided: its end-of-game reveal and audit are under way"
    assert r.stdout.count(decided) <= 1, r.stdout  # (not again at every look)
    assert journal.read_bytes().startswith(before)
    v = cosmic("verify", str(journal), str(game / "seat-1.journal"), home=home)
    assert v.returncode == 0 and "AGREE" in v.stdout, v.stdout + v.stderr


def test_a_decided_game_waiting_for_its_reveal_says_so_once(
        finished: Path, tmp_path: Path, home: Path) -> None:
    """Resumed with the end lacking and no bot to send it (a LAN game whose others have
    gone): the plain client says once that the game is decided and its reveal under way,
    not again at every look (it flickered with "game over", a line each time)."""
    game = tmp_path / "game"
    shutil.copytree(finished, game)
    journal = _as_play(game, 2, False)
    info = ResumeInfo.load(journal)
    assert info is not None
    info.bots, info.started_by = [], "join"
    info.save(journal)
    proc = subprocess.Popen([str(COSMIC), "resume", "--plain", str(journal)],
                            env=cosmic_env(home), cwd=home, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = said_until(proc, "the game is decided", timeout=30)
        time.sleep(1.0)  # a look every 50 ms
        out, err = proc.communicate("quit\nquit\n", timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    said += out
    assert "Traceback" not in err, err
    assert said.count("the game is decided") == 1, said
    assert f"Pick it up again with: cosmic resume {journal}" in said, said
