"""A replay names the cards as the game's log does ("artifact mobius tubes"): the web page
(`cosmic replay --html`, its hands, discard and encounter cards) and the plain text, never
the engine's one-word names ("mobius_tubes")."""

from __future__ import annotations

import re
from pathlib import Path

from _journal_games import short_game
from _journey import cosmic

ENGINE_NAME = re.compile(r"\b(?:artifact|flare|destiny) [a-z]+_[a-z_]+")


def test_a_replay_names_cards_as_they_are_said(tmp_path: Path, home: Path) -> None:
    journal = tmp_path / "short.journal"
    journal.write_bytes(short_game().journal)
    page = tmp_path / "short.html"
    r = cosmic("replay", str(journal), "--html", str(page), home=home)
    assert r.returncode == 0, r.stderr
    html = page.read_text()
    assert "artifact mobius tubes" in html and "artifact force field" in html
    assert ENGINE_NAME.findall(html) == []
    plain = cosmic("replay", str(journal), "--plain", home=home)
    assert plain.returncode == 0, plain.stderr
    assert ENGINE_NAME.findall(plain.stdout) == []
