"""Journal and key files on disk: durable appends, torn tails cut off on open, damage
named, key files private and never overwritten by accident."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from _journal_games import record, short_game
from node.journal_file import JournalFile, read_key_file, write_key_file
from node.local import game_seed
from node.records import journal_name, write_local_journal
from node.verify import verify_journal
from protocol.errors import JournalError, LocalProtocolError
from protocol.game import verify_journal_bytes
from protocol.journal import parse_journal
from protocol.keys import generate


def test_create_append_reopen_round_trip(tmp_path: Path) -> None:
    rec = short_game()
    path = tmp_path / "g.journal"
    with JournalFile.create(path, rec.genesis) as jf:
        for raw in rec.raws[:10]:
            jf.append(raw)
        jf.append_note(b"node-local note")
    with pytest.raises(FileExistsError):
        JournalFile.create(path, rec.genesis)
    jf, contents, warning = JournalFile.open(path)
    with jf:
        assert warning is None and contents.genesis == rec.genesis
        assert contents.records == rec.raws[:10] and len(contents.notes) == 1
        for raw in rec.raws[10:]:
            jf.append(raw)
    data = path.read_bytes()
    assert parse_journal(data).records == rec.raws
    assert verify_journal_bytes(data).records == len(rec.raws)


def test_open_cuts_a_torn_tail_and_appends_after_it(tmp_path: Path) -> None:
    rec = short_game()
    whole = rec.rebuild(rec.raws[:6])
    last = parse_journal(whole).entries[-1]
    path = tmp_path / "torn.journal"
    for cut in range(last.offset + 1, len(whole), 7):
        path.write_bytes(whole[:cut])
        jf, contents, warning = JournalFile.open(path)
        with jf:
            assert warning is not None and "torn" in warning and f"byte {last.offset}" in warning
            assert contents.records == rec.raws[:5]
            assert path.stat().st_size == last.offset  # cut off on disk
            jf.append(rec.raws[5])
        assert path.read_bytes() == whole
    path.write_bytes(whole + bytes(100))  # a zero-filled tail (a crash after extending)
    jf, _, warning = JournalFile.open(path)
    jf.close()
    assert warning is not None and "zero-fill" in warning and path.read_bytes() == whole


def test_damage_before_the_tail_is_an_error_naming_the_record(tmp_path: Path) -> None:
    rec = short_game()
    data = bytearray(rec.rebuild(rec.raws[:6]))
    third = parse_journal(bytes(data)).entries[2]
    data[third.offset + 20] ^= 0x10
    path = tmp_path / "bad.journal"
    path.write_bytes(bytes(data))
    with pytest.raises(JournalError) as info:
        JournalFile.open(path)
    assert info.value.index == 2 and info.value.check == "record"
    assert path.read_bytes() == bytes(data)  # left alone for a person to look at
    path.write_bytes(b"not a journal at all")
    with pytest.raises(JournalError) as info:
        JournalFile.open(path)
    assert info.value.index is None


def test_write_local_journal(tmp_path: Path) -> None:
    rec = short_game()
    out = write_local_journal(rec.game, tmp_path / "sims", 1)
    assert out.name == "game-0001.journal" == journal_name(1)
    assert out.read_bytes() == rec.journal
    again = write_local_journal(rec.game, tmp_path / "sims", 1)  # replaced whole
    assert again == out and verify_journal(out).error is None
    assert sorted(p.name for p in out.parent.iterdir()) == ["game-0001.journal"]
    named = record(rec.game)
    assert named.journal == rec.journal
    other = write_local_journal(rec.game, tmp_path / "sims", 12, names=["Ann", "Bo", "Cy"])
    assert other.name == "game-0012.journal"
    assert [s.name for s in parse_journal(other.read_bytes()).genesis.seats] == ["Ann", "Bo", "Cy"]
    assert game_seed("short", 0).hex() in str(parse_journal(other.read_bytes()).genesis.options)


def test_key_file_is_private_and_not_overwritten(tmp_path: Path) -> None:
    key = generate()
    path = tmp_path / "dir" / "key"
    write_key_file(path, key)
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert read_key_file(path).public == key.public
    with pytest.raises(FileExistsError):
        write_key_file(path, generate())
    assert read_key_file(path).public == key.public
    other = generate()
    write_key_file(path, other, force=True)
    assert read_key_file(path).public == other.public
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        path.chmod(0o644)
        with pytest.raises(LocalProtocolError, match="readable by others"):
            read_key_file(path)
        path.chmod(0o600)
    path.write_bytes(b"garbage")
    with pytest.raises(LocalProtocolError) as info:
        read_key_file(path)
    assert info.value.check == "key-file"
