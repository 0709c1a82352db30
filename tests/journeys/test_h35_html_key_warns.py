"""`cosmic replay JOURNAL --html OUT --key KEY` writes a page to share with the tells that
key reads in the clear: the command says so ("Mind: this page shows 1 private tell in
the clear ..."), where it said nothing and a player shared a page holding a tell sealed
for one reader. Without --key (or with a key that reads no tell) nothing is said.

The game: `cosmic play --plain --players 2` (red, through a pipe; blue, a bot node); red
tells blue a secret, then leaves. The journal's folder holds red's key (seat-0.key)."""

from __future__ import annotations

from pathlib import Path

from _journey import answer, cosmic, lines_of, plain_play

MIND = "Mind: this page shows 1 private tell in the clear (read with --key)"


def test_a_page_made_with_a_key_says_it_holds_tells_in_the_clear(tmp_path: Path,
                                                                  home: Path) -> None:
    folder = tmp_path / "game"
    proc = plain_play(home, "--players", "2", "--dir", str(folder), "--patience", "5")
    seen: list[str] = []
    try:
        for line in lines_of(proc, seen, 90):
            if line.startswith("Type a number"):
                answer(proc, "tell blue the secret plan")
            if "[you to blue] the secret plan" in line:
                answer(proc, "quit", "quit")
        assert proc.wait(timeout=30) == 0, "\n".join(seen[-20:])
    finally:
        if proc.poll() is None:
            proc.kill()
    journal, page = folder / "seat-0.journal", tmp_path / "game.html"
    told = cosmic("replay", str(journal), "--html", str(page), "--key",
                  str(folder / "seat-0.key"), home=home, timeout=120)
    assert told.returncode == 0, told.stderr
    assert "the secret plan" in page.read_text(), "the tell is not on the page"
    said = " ".join(told.stdout.split())
    assert MIND + ": share it only with the players of that tell, or make it again " \
        "without --key." in said, told.stdout
    quiet = cosmic("replay", str(journal), "--html", str(page), home=home, timeout=120)
    assert quiet.returncode == 0, quiet.stderr
    assert "the secret plan" not in page.read_text()
    assert "Mind:" not in quiet.stdout, quiet.stdout
