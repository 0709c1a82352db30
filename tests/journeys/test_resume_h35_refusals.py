"""`cosmic resume` given what a person may give it after a crash: the game's folder
instead of its journal, a folder with no game, a journal whose node still runs (another
terminal, or a second resume), a damaged resume file. Each is said in words with what to
type or do, exit status 2, never a traceback; nothing is started (no bot) and nothing
beside the journal is changed."""

from __future__ import annotations

import socket
from pathlib import Path

from _journey import cosmic
from cli.cmd_demo import prepare
from node.journal_file import JournalFile
from node.resume import ResumeInfo, resume_path
from protocol.genesis import Genesis


def _game(folder: Path) -> Path:
    """A `play` game's folder, its person's journal (seat 0) and its resume file naming
    a bot that, started, would log to seat-1.log; returns the journal."""
    gpath, keys = prepare(2, "h35-refusals", folder, names=["player", "bot-1"])
    journal = folder / "seat-0.journal"
    JournalFile.create(journal, Genesis.decode(gpath.read_bytes())).close()
    ResumeInfo(seat=0, key=str(keys[0]), started_by="play", discovery_port=9,
               discovery_target="127.255.255.255", patience_s=5.0,
               bots=[["node", "--genesis", str(gpath), "--key", str(keys[1]), "--seat",
                      "1", "--journal", str(folder / "seat-1.journal")]]).save(journal)
    return journal


def _refused(home: Path, *args: str) -> str:
    r = cosmic("resume", *args, home=home, stdin="", timeout=30)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert r.stderr.startswith("cosmic resume: "), r.stderr
    return " ".join(r.stderr.split())


def test_a_folder_says_the_journal_to_resume(tmp_path: Path, home: Path) -> None:
    journal = _game(tmp_path / "game")
    said = _refused(home, str(tmp_path / "game"))
    assert "is a game's folder, not a journal; your seat's journal in it: " \
           f"`cosmic resume {journal}`" in said, said
    (tmp_path / "empty").mkdir()
    said = _refused(home, str(tmp_path / "empty"))
    assert "is a folder that holds no journal" in said, said
    assert not (tmp_path / "game" / "seat-1.log").exists()


def test_a_journal_in_use_is_refused_before_anything_starts(tmp_path: Path,
                                                            home: Path) -> None:
    journal = _game(tmp_path / "game")
    before = resume_path(journal).read_bytes()
    running, _, _ = JournalFile.open(journal)  # its node runs, in another terminal
    try:
        said = _refused(home, str(journal), "--plain")
    finally:
        running.close()
    assert f"{journal} is in use: this seat's node still runs" in said, said
    assert "Go on there, or 'quit' there and resume again." in said, said
    assert not (tmp_path / "game" / "seat-1.log").exists()  # no bot started twice
    assert resume_path(journal).read_bytes() == before


def test_a_damaged_resume_file_says_what_to_do(tmp_path: Path, home: Path) -> None:
    journal = _game(tmp_path / "game")
    path = resume_path(journal)
    path.write_bytes(path.read_bytes()[:100])  # cut short (a disk that failed)
    said = _refused(home, str(journal))
    assert f"{path}:" in said and "move it away to resume with the default LAN " \
           "settings" in said, said
    assert not (tmp_path / "game" / "seat-1.log").exists()


def test_a_bots_journal_names_the_persons(tmp_path: Path, home: Path) -> None:
    """seat-1.journal of a `play` game (the newest file, as `ls -t` shows it) is the
    bot's: resumed, the person would play the bot's seat, their own left waiting."""
    journal = _game(tmp_path / "game")
    bots = tmp_path / "game" / "seat-1.journal"
    JournalFile.create(bots, Genesis.decode((tmp_path / "game" / "genesis.bin")
                                            .read_bytes())).close()
    ResumeInfo(seat=1, key=str(tmp_path / "game" / "seat-1.key"),
               started_by="node").save(bots)
    said = _refused(home, str(bots))
    assert f"{bots} is a bot's journal of the `cosmic play` game in {tmp_path / 'game'}; " \
           f"your seat's, which starts the bots again: `cosmic resume {journal}`" in said, said
    assert not (tmp_path / "game" / "seat-1.log").exists()


def test_resume_alone_names_a_game_given_dir_here(tmp_path: Path, home: Path) -> None:
    """`cosmic play --dir mygame`, killed, the terminal cleared: `cosmic resume` alone,
    in the folder where it was started, names that game's journal (the person's)."""
    journal = _game(tmp_path / "mygame")
    r = cosmic("resume", home=home, cwd=tmp_path, stdin="", timeout=30)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    said = " ".join(r.stderr.split())
    assert said.endswith(f"the newest here, newest first: {journal}"), said


def test_a_lan_games_port_taken_is_said(tmp_path: Path, home: Path) -> None:
    """A LAN game's beacon port held by another program: its port is the others' too (not
    this node's to change), so it says which port and what to do, not "[Errno 98]"
    after the journal's name."""
    journal = _game(tmp_path / "game")
    info = ResumeInfo.load(journal)
    assert info is not None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as squatter:
        squatter.bind(("", 0))
        port = squatter.getsockname()[1]
        info.bots, info.started_by, info.discovery_port = [], "join", port
        info.save(journal)
        said = _refused(home, str(journal), "--plain")
    assert f"cannot hear the game's beacons: UDP port {port} is taken by another " \
           "program; stop it and resume again" in said, said
    info.discovery_port, info.discovery_bind = port, "192.0.2.1"  # an address it lacks
    info.save(journal)
    said = _refused(home, str(journal), "--plain")
    assert f"cannot hear the game's beacons on UDP port {port} at 192.0.2.1: " in said, said
