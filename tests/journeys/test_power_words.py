"""Alien powers read in words everywhere a game is told (the client's log, the replay
page): a power's event is never shown as its raw form (`warlock 1 1`)."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic

# One seat each; every one of these powers reports what it did through an event of its own.
ALIENS = "warlock,troll,ghoul,sting,ghost"
# What the log says when each is used (cli/render.py describe_event).
SAID = {
    "warlock": "card(s) for its ships lost to the warp",
    "ghoul": "plunders: ",
    "sting": "stings ",
    "ghost": "ship(s) out of the warp into the encounter",
}


def test_power_events_are_told_in_words_on_the_replay_page(home: Path) -> None:
    """Bot games with these aliens until each power has been used; the page of the game
    tells each use in words. Seeds are played until every power shows (bots decide)."""
    missing = set(SAID)
    for seed in range(1, 9):
        sim = cosmic("simulate", "--players", "5", "--games", "1", "--seed", str(seed),
                     "--aliens", ALIENS, "--max-turns", "12", "--journal-dir", f"j{seed}",
                     home=home)
        assert sim.returncode == 0, sim.stderr
        journal = home / f"j{seed}" / "game-0000.journal"
        page = home / f"game{seed}.html"
        rp = cosmic("replay", str(journal), "--html", str(page), home=home)
        assert rp.returncode == 0, rp.stderr
        text = page.read_text()
        for name in ALIENS.split(","):  # the raw event form: its name, a space, a number
            for n in range(10):
                assert f'"{name} {n}' not in text, (seed, name)
        missing -= {name for name, words in SAID.items() if words in text}
        if not missing:
            break
    assert not missing, f"never told in words: {sorted(missing)}"
