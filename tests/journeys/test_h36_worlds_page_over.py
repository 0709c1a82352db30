"""The map game's replay page once the game is over (headless Chromium): its scores panel
marks whose turn it is while the game runs, and nobody's after the end (the last seat to
move read "(its turn)" under "Game over")."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic
from test_replay_html import Browser

READ = """JSON.stringify(Array.from(document.querySelectorAll("#scores .score")).map((g) =>
  [g.dataset.colour, g.classList.contains("active"), g.textContent.includes("(its turn)")]))"""


def test_nobodys_turn_once_the_map_game_is_over(tmp_path: Path, home: Path) -> None:
    r = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1", "--seed",
               "wo1", "--journal-dir", "w", "--json", home=home)
    assert r.returncode == 0, r.stderr
    journal = Path(json.loads(r.stdout)["games"][0]["journal"])
    journal = journal if journal.is_absolute() else home / journal
    total = json.loads(cosmic("replay", str(journal), "--json", home=home).stdout)["records"]
    page = tmp_path / "w.html"
    assert cosmic("replay", str(journal), "--html", str(page), home=home).returncode == 0
    browser = Browser(tmp_path)
    try:
        browser.open(page.resolve().as_uri() + f"#record={total // 2}")
        browser.wait("document.querySelectorAll('#scores .score').length === 2")
        during = json.loads(browser.eval(READ))
        browser.open(page.resolve().as_uri() + f"#record={total}")
        browser.wait("document.getElementById('outcome') !== null")
        after = json.loads(browser.eval(READ))
    finally:
        browser.close()
    assert [c for c, active, said in during if active and said] != [], during  # one's turn
    assert not [c for c, active, said in after if active or said], after  # nobody's
