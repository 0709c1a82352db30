"""Wrong things given to `cosmic verify` and `cosmic replay`, as a person might: a journal
cut in half, one byte flipped, a file that is no journal, a directory, a missing path,
an empty file. Each gets a clear error naming the path (never a traceback) and an exit
status other than 0; `verify --json` gives every one the same keys as any other result,
so a program can read them all alike. A page that cannot be written says why, not the
name of a temporary file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _journey import cosmic

# The keys every `verify --json` object has, whatever went wrong (cli/cmd_verify.py).
KEYS = {"path", "ok", "exit", "complete", "incomplete", "last_record", "error", "torn"}
ERROR_KEYS = {"check", "message", "offset", "record", "text"}


@pytest.fixture(scope="module")
def wrong(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Path]]:
    home = tmp_path_factory.mktemp("wrong")
    r = cosmic("simulate", "--players", "3", "--games", "1", "--seed", "wrong",
               "--max-turns", "4", "--journal-dir", "j", home=home)
    assert r.returncode == 0, r.stderr
    good = (home / "j" / "game-0000.journal").read_bytes()
    files = {name: home / name for name in ("half.journal", "flipped.journal", "text.txt",
                                              "empty.journal")}
    files["half.journal"].write_bytes(good[:len(good) // 2])
    flipped = bytearray(good)
    flipped[len(good) // 3] ^= 0x01
    files["flipped.journal"].write_bytes(bytes(flipped))
    files["text.txt"].write_text("these are not the records of a game\n")
    files["empty.journal"].write_bytes(b"")
    files["directory"] = home / "j"
    files["missing"] = home / "nowhere.journal"
    return home, files


COMMANDS = (("verify",), ("verify", "--json"), ("replay",), ("replay", "--json"),
            ("replay", "--to", "2"), ("replay", "--html", "out.html"))


@pytest.mark.parametrize("name", ["half.journal", "flipped.journal", "text.txt",
                                  "empty.journal", "directory", "missing"])
def test_each_wrong_file_gets_a_clear_error(wrong: tuple[Path, dict[str, Path]],
                                            name: str) -> None:
    home, files = wrong
    path = files[name]
    for command in COMMANDS:
        r = cosmic(command[0], str(path), *command[1:], home=home)
        said = r.stdout + r.stderr
        assert "Traceback" not in said, (command, said)
        if name == "half.journal" and command[0] == "replay":
            # A cut journal replays as far as it goes, and says so: no fault of the
            # replay (docs/playing.md); verify fails it as incomplete.
            assert r.returncode == 0 and "torn" in r.stderr, (command, said)
            continue
        assert r.returncode != 0, (command, said)
        if command == ("verify", "--json"):
            data = json.loads(r.stdout)
            assert set(data) >= KEYS and data["ok"] is False, data
            assert data["exit"] == r.returncode, data
            if name == "half.journal":  # no fault: the game stops before its end
                assert data["error"] is None and data["incomplete"], data
            else:
                assert set(data["error"]) >= ERROR_KEYS, data
                assert "Errno" not in data["error"]["message"], data
        else:
            assert str(path) in r.stderr or str(path) in r.stdout, (command, said)


def test_a_page_that_cannot_be_written_says_why(wrong: tuple[Path, dict[str, Path]]
                                                ) -> None:
    home, _ = wrong
    r = cosmic("replay", str(home / "j" / "game-0000.journal"), "--html", "/proc/x.html",
               home=home)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith("cosmic replay: --html /proc/x.html: cannot write the page: ")
    assert ".tmp" not in r.stderr and "Errno" not in r.stderr, r.stderr


def test_a_campaign_file_given_to_replay_says_what_it_is(
        wrong: tuple[Path, dict[str, Path]]) -> None:
    """A campaign file is no journal: replay says what it is and what reads it (verify
    checks it, as a campaign)."""
    home, _ = wrong
    league = home / "league.campaign"
    assert cosmic("campaign", "new", str(league), home=home).returncode == 0
    added = cosmic("campaign", "add", str(league), str(home / "j" / "game-0000.journal"),
                   home=home)
    assert added.returncode == 0, added.stderr
    for extra in ((), ("--html", str(home / "league.html"))):
        r = cosmic("replay", str(league), *extra, home=home)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert r.stderr.startswith(f"{league}: a campaign file, not a journal: "), r.stderr
        assert f"cosmic campaign show {league}" in r.stderr, r.stderr
    assert not (home / "league.html").exists()
    assert cosmic("verify", str(league), home=home).returncode == 0
