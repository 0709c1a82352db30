"""`cosmic resume` of one seat's journal with the key of another seat of the same game
(`--key` of the wrong player, or a friend's journal copied beside yours): refused in
words naming both seats, before any node starts, the journal left as it was. It
resumed: the key's seat played on into the other seat's journal file."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic
from cli.cmd_demo import prepare
from node.journal_file import JournalFile
from node.resume import ResumeInfo, resume_path
from protocol.genesis import Genesis


def test_a_key_of_another_seat_is_refused_in_words(tmp_path: Path, home: Path) -> None:
    game = tmp_path / "game"
    gpath, keys = prepare(2, "wrong-seat", game, names=["Alice", "Bob"])
    genesis = Genesis.decode(gpath.read_bytes())
    journal = game / "seat-1.journal"  # Bob's
    JournalFile.create(journal, genesis).close()
    ResumeInfo(seat=1, key=str(keys[1])).save(journal)
    before = journal.read_bytes()

    for named in (True, False):  # the seat its resume file names, or its file's name
        if not named:
            resume_path(journal).unlink()
        said = cosmic("resume", str(journal), "--key", str(keys[0]), "--plain",
                      home=home, timeout=30, stdin="quit\nquit\n")
        assert said.returncode == 2, said.stdout + said.stderr
        assert (f"is seat 1's journal (Bob, blue); the key {keys[0]} holds seat 0 "
                f"(Alice, red)") in said.stderr, said.stderr
        assert "Resumed from" not in said.stdout, said.stdout
        assert journal.read_bytes() == before
