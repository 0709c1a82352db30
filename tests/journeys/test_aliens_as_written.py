"""--aliens as a player writes it after reading docs/aliens.md: the names as the page
spells them ("Anti-Matter" was an unknown alien: the flag wanted anti_matter), a seat
with no alien first (`--aliens -,zombie`: argparse took the value for a flag, "expected
one argument"; `--races -gifted,...` the same), and a typo, named with the closest alien
whatever the count of names (it was told to give one name per seat first)."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic

GAME = ("simulate", "--players", "2", "--games", "1", "--seed", "as-written",
        "--max-turns", "1")


def test_alien_names_as_the_docs_write_them(home: Path) -> None:
    written = cosmic(*GAME, "--aliens", "Anti-Matter, Virus", home=home)
    assert written.returncode == 0, written.stderr
    assert "anti_matter" in written.stdout and "virus" in written.stdout, written.stdout

    none_first = cosmic(*GAME, "--aliens", "-,zombie", home=home)
    assert none_first.returncode == 0, none_first.stderr
    assert "zombie" in none_first.stdout, none_first.stdout
    left_out = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1",
                      "--seed", "as-written", "--races", "-gifted,-hive", home=home)
    assert left_out.returncode == 0, left_out.stderr

    for spec in ("zombei,virus", "zombei"):  # a typo, with the right count or not
        typo = cosmic("play", "--players", "2", "--aliens", spec, home=home)
        assert typo.returncode == 2, typo.stdout + typo.stderr
        assert "unknown alien 'zombei' (did you mean zombie?)" in typo.stderr, typo.stderr
    assert not (home / "games").exists()  # refused before anything was written
