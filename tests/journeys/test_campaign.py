"""A campaign the way a group keeps one: games are played (here simulated, with journals),
each finished game joins the campaign file, the standings grow game by game, and `cosmic
verify` checks the whole series. A game by other players, a game added twice, and a
journal changed after it joined are refused with words, the file left as it was."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic
from node.verify import verify_journal


def _points(journal: Path) -> dict[str, int]:
    """Each seat's points in one game, worked out from its final state here: one per
    colony outside its home system, ten for a win."""
    v = verify_journal(journal).verdict
    assert v is not None and v.outcome is not None
    s, per = v.state, v.config.planets
    out = {}
    for seat, info in enumerate(v.genesis.seats):
        home = range(seat * per, (seat + 1) * per)
        external = sum(1 for p in range(s.planet_count) if p not in home and s.on(p, seat))
        out[info.name] = external + (10 if seat in v.outcome.winners else 0)
    return out


def test_a_campaign_of_three_games_keeps_its_standings_and_verifies(home: Path) -> None:
    made = cosmic("simulate", "--players", "4", "--games", "3", "--seed", "league",
                  "--max-turns", "30", "--journal-dir", "games", home=home, timeout=120)
    assert made.returncode == 0, made.stderr
    other = cosmic("simulate", "--players", "3", "--games", "1", "--seed", "others",
                   "--max-turns", "10", "--journal-dir", "others", home=home, timeout=120)
    assert other.returncode == 0, other.stderr
    journals = sorted((home / "games").glob("game-*.journal"))
    assert len(journals) == 3

    started = cosmic("campaign", "new", "league.campaign", home=home)
    assert started.returncode == 0 and "campaign started" in started.stdout, started
    again = cosmic("campaign", "new", "league.campaign", home=home)
    assert again.returncode == 2 and "already exists" in again.stderr

    expected: dict[str, int] = {}
    for n, journal in enumerate(journals, 1):
        added = cosmic("campaign", "add", "league.campaign", str(journal), home=home)
        assert added.returncode == 0, added.stderr
        assert f"game {n} added" in added.stdout
        for name, points in _points(journal).items():
            expected[name] = expected.get(name, 0) + points
        assert f"standings after {n} game" in added.stdout

    shown = cosmic("campaign", "show", "league.campaign", "--json", home=home)
    assert shown.returncode == 0, shown.stderr
    doc = json.loads(shown.stdout)
    assert doc["games"] == 3
    assert {x["name"]: x["points"] for x in doc["standings"]} == expected
    ranked = [x["points"] for x in doc["standings"]]
    assert ranked == sorted(ranked, reverse=True)

    before = (home / "league.campaign").read_bytes()
    stranger = cosmic("campaign", "add", "league.campaign",
                      str(next((home / "others").glob("game-*.journal"))), home=home)
    assert stranger.returncode == 1 and "not this campaign's players" in stranger.stderr
    twice = cosmic("campaign", "add", "league.campaign", str(journals[0]), home=home)
    assert twice.returncode == 1 and "already in the campaign" in twice.stderr
    assert (home / "league.campaign").read_bytes() == before  # nothing was added

    checked = cosmic("verify", "league.campaign", home=home, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "OK: a campaign of 3 games, each verified" in checked.stdout
    best = max(expected, key=lambda k: expected[k])
    assert f"1. {best}" in checked.stdout or expected[best] == sorted(expected.values())[-2]

    data = bytearray(journals[1].read_bytes())  # one byte of game 2 changed afterwards
    data[-5] ^= 1
    journals[1].write_bytes(bytes(data))
    broken = cosmic("verify", "league.campaign", home=home, timeout=120)
    assert broken.returncode == 1
    assert "game 2" in broken.stdout and "was changed since it joined" in broken.stdout


def test_ten_seats_standings_line_up_and_count_in_words(home: Path) -> None:
    """At a ten-seat table the ranks 1 to 10 are right-aligned, so every name starts in
    the same column, and a side's points read as English ('1 point', '2 points')."""
    import re

    made = cosmic("simulate", "--players", "10", "--games", "1", "--seed", "ten",
                  "--max-turns", "12", "--journal-dir", "games", home=home, timeout=120)
    assert made.returncode == 0, made.stderr
    assert cosmic("campaign", "new", "ten.campaign", home=home).returncode == 0
    (journal,) = sorted((home / "games").glob("game-*.journal"))
    assert cosmic("campaign", "add", "ten.campaign", str(journal), home=home).returncode == 0
    shown = cosmic("campaign", "show", "ten.campaign", home=home)
    assert shown.returncode == 0, shown.stderr
    rows = [line for line in shown.stdout.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert len(rows) == 10, shown.stdout
    assert len({line.index(". ") for line in rows}) == 1, shown.stdout
    for line in rows:
        got = re.search(r" (\d+) (points?),", line)
        assert got is not None, line
        assert got.group(2) == ("point" if got.group(1) == "1" else "points"), line
        assert line.endswith(f"(by game: {int(got.group(1)):>2})"), line  # its one game
