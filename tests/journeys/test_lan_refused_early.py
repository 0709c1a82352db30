"""`host` and `join` refuse what would fail them later, before the lobby: a key file that
cannot be read, a beacon target or peer that is no address, a wait of no time, and a
--dir that cannot hold the game (not a folder, or already holding another game's
journal). Each gets a one-line error naming the file or flag, exit status 2, no
traceback, and no game is announced: a game agreed by a player who then cannot play it
would leave every other player waiting."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic
from _ports import free_port


def _refused(r, *words: str) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    assert "Hosting" not in r.stdout and "Joining" not in r.stdout, r.stdout
    last = r.stderr.strip().splitlines()[-1]
    assert all(w in last for w in words), r.stderr
    return last


def test_a_key_file_that_cannot_be_used_is_refused(home: Path, tmp_path: Path) -> None:
    port = str(free_port())
    not_a_key = tmp_path / "notes.txt"
    not_a_key.write_text("my shopping list\n")
    not_a_key.chmod(0o600)
    shared = tmp_path / "shared.key"
    assert cosmic("keygen", "--out", str(shared), home=home).returncode == 0
    shared.chmod(0o644)
    for key, why in ((tmp_path, "Is a directory"), (not_a_key, "key file"),
                     (shared, "chmod 600")):
        for cmd in (["host", "--players", "3"], ["join"]):
            _refused(cosmic(*cmd, "--key", str(key), "--port", port, "--timeout", "5",
                            home=home, timeout=30),
                     f"cosmic {cmd[0]}: cannot use the key file {key}", why)
    assert not_a_key.read_text() == "my shopping list\n"


def test_a_target_or_peer_that_is_no_address_is_refused(home: Path) -> None:
    for cmd in (["host", "--players", "3"], ["join"]):
        _refused(cosmic(*cmd, "--target", "no-such-host.invalid", "--timeout", "5",
                        home=home, timeout=30), "--target", "not an address")
        _refused(cosmic(*cmd, "--peer", "10.0.0.300", "--timeout", "5", home=home,
                        timeout=30), "--peer", "not an address")
    assert not (home / "key").exists()  # nothing was started


def test_a_wait_of_no_time_is_refused(home: Path) -> None:
    for wait in ("0", "-5", "nan", "soon"):
        for cmd in (["host", "--players", "3"], ["join"]):
            _refused(cosmic(*cmd, "--timeout", wait, home=home, timeout=30),
                     "--timeout", "seconds above 0")


def test_a_folder_that_cannot_hold_the_game_is_refused_before_the_lobby(
        home: Path, tmp_path: Path) -> None:
    port = str(free_port())
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    for cmd in (["host", "--players", "2"], ["join"]):
        _refused(cosmic(*cmd, "--dir", str(a_file / "game"), "--port", port, "--timeout",
                        "5", home=home, timeout=30),
                 f"cannot use {a_file / 'game'} for the game")
    # A folder that already holds a game: a second game there would find the first
    # one's journal only once everyone had agreed to play (and write its resume file
    # over the first one's). It is refused before anything is announced.
    old = tmp_path / "last-night"
    played = cosmic("demo", "--players", "2", "--max-turns", "1", "--seed", "x", "--dir",
                    str(old), home=home, timeout=180)
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]
    before = {p.name: p.read_bytes() for p in old.iterdir()}
    assert "seat-0.journal" in before
    for cmd in (["host", "--players", "2"], ["join"]):
        last = _refused(cosmic(*cmd, "--dir", str(old), "--port", port, "--timeout", "5",
                               home=home, timeout=30),
                        f"{old} already holds a game's journal (seat-0.journal)",
                        "another --dir")
        assert f"cosmic resume {old / 'seat-0.journal'}" in last, last
    assert {p.name: p.read_bytes() for p in old.iterdir()} == before

