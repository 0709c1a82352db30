"""`cosmic demo --dir D` never deletes a game: a D holding a game's journals is refused
(exit 2, saying to give a new folder) and left as it was; an empty D is played into as
before, and the summary says "Game over:" as every other command does."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_demo_refuses_a_folder_with_journals_and_plays_in_an_empty_one(
        tmp_path: Path, home: Path) -> None:
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "seat-0.journal").write_bytes(b"a finished game, verified")
    (kept / "seat-3.journal").write_bytes(b"another seat")
    r = cosmic("demo", "--players", "2", "--max-turns", "1", "--dir", str(kept), "--quiet",
               home=home, timeout=60)
    assert r.returncode == 2, r.stdout + r.stderr
    said = " ".join(r.stderr.split())
    assert "already holds a game's journals (seat-0.journal, seat-3.journal)" in said, said
    assert "nothing in it was changed" in said and "new folder with --dir" in said, said
    assert sorted(p.name for p in kept.iterdir()) == ["seat-0.journal", "seat-3.journal"]
    assert (kept / "seat-0.journal").read_bytes() == b"a finished game, verified"

    empty = tmp_path / "empty"
    empty.mkdir()
    r = cosmic("demo", "--players", "2", "--max-turns", "1", "--seed", "e", "--dir",
               str(empty), "--quiet", home=home, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("Game over: "), r.stdout
    assert (empty / "seat-1.journal").stat().st_size > 0
