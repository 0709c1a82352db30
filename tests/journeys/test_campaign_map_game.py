"""A map game (`--game worlds`) offered to a campaign: a campaign scores Cosmic's external
colonies, which the map game has none of. `cosmic campaign add` refuses it in words (it
ended in a traceback), whether the campaign is new or holds Cosmic games already, and
leaves the file as it was; a campaign file edited by hand to list one fails `cosmic
verify` with the same words."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from _journey import cosmic


def test_a_map_game_is_refused_by_a_campaign_in_words(home: Path) -> None:
    worlds = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1",
                    "--seed", "camp", "--journal-dir", "worlds", home=home)
    assert worlds.returncode == 0, worlds.stderr
    ours = cosmic("simulate", "--players", "2", "--games", "1", "--seed", "camp",
                  "--max-turns", "6", "--journal-dir", "cosmic", home=home)
    assert ours.returncode == 0, ours.stderr
    map_game = str(next((home / "worlds").glob("*.journal")))
    cosmic_game = str(next((home / "cosmic").glob("*.journal")))

    assert cosmic("campaign", "new", "league.campaign", home=home).returncode == 0
    empty = (home / "league.campaign").read_bytes()
    first = cosmic("campaign", "add", "league.campaign", map_game, home=home)
    assert first.returncode == 1, first.stdout + first.stderr
    assert "Traceback" not in first.stderr, first.stderr
    assert "a game of worlds, the map game: a campaign scores Cosmic games" in first.stderr
    assert (home / "league.campaign").read_bytes() == empty

    added = cosmic("campaign", "add", "league.campaign", cosmic_game, home=home)
    assert added.returncode == 0, added.stderr
    one = (home / "league.campaign").read_bytes()
    later = cosmic("campaign", "add", "league.campaign", map_game, home=home)
    assert later.returncode == 1 and "Traceback" not in later.stderr, later.stderr
    assert "a campaign scores Cosmic games" in later.stderr, later.stderr
    assert (home / "league.campaign").read_bytes() == one

    # edited by hand to list the map game: verify and show say why, no traceback
    doc = json.loads(one)
    entry = dict(doc["games"][0], journal=str(Path("worlds") / Path(map_game).name))
    entry["sha256"] = hashlib.sha256(Path(map_game).read_bytes()).hexdigest()
    doc["games"].append(entry)
    (home / "league.campaign").write_text(json.dumps(doc))
    for args in (("verify", "league.campaign"), ("campaign", "show", "league.campaign")):
        run = cosmic(*args, home=home)
        said = run.stdout + run.stderr
        assert run.returncode == 1 and "Traceback" not in said, said
        assert "game 2" in said and "a campaign scores Cosmic games" in said, said
