"""A file given where cosmic needs a folder (--dir, COSMIC_HOME, keygen --out's folder):
the message names the file, and nothing is written. (The system's words were 'File
exists', and keygen read them as 'the key exists; keeping it'.)"""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def _in_words(r: object, file: Path) -> None:
    out = getattr(r, "stdout") + getattr(r, "stderr")
    assert getattr(r, "returncode") == 2, out
    assert "is a file, not a folder" in out and str(file) in out, out
    assert "File exists" not in out and "Not a directory" not in out, out
    assert "Traceback" not in out, out


def test_a_file_given_for_a_folder_is_named(tmp_path: Path, home: Path) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("mine\n")
    for command in (["play", "--players", "3", "--dir", str(file)],
                    ["host", "--players", "3", "--dir", str(file)],
                    ["join", "--dir", str(file), "--wait", "0"]):
        _in_words(cosmic(*command, home=home), file)
    _in_words(cosmic("host", "--players", "3", home=file, cwd=tmp_path), file)  # COSMIC_HOME
    _in_words(cosmic("keygen", "--out", str(file / "key"), home=home), file)
    assert file.read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "home") == ["notes.txt"]
