"""`cosmic replay JOURNAL --to 0 --plain` of a networked game: the game as dealt waits
for the card protocol's shuffle, and the text says so as the web page does, "waiting
for the cards: shuffled (setup, shuffle)". It said "waiting for -: shuffled ...", a
seat named "-"."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_the_replay_text_waits_for_the_cards_not_for_a_dash(tmp_path: Path,
                                                             home: Path) -> None:
    game = tmp_path / "game"
    demo = cosmic("demo", "--players", "2", "--seed", "1", "--dir", str(game),
                  "--max-turns", "1", home=home, timeout=120)
    assert demo.returncode == 0, demo.stdout[-2000:] + demo.stderr[-2000:]
    shown = cosmic("replay", str(game / "seat-0.journal"), "--to", "0", "--plain",
                   home=home, timeout=60)
    assert shown.returncode == 0, shown.stderr
    waiting = [line for line in shown.stdout.splitlines() if line.startswith("waiting for")]
    assert waiting == ["waiting for the cards: shuffled (setup, shuffle)"], shown.stdout
