"""cli/cmd_campaign.verify_campaign over campaign files written by hand: a real recorded
game (tests/_journal_games), real files, the checks a reader of docs/journal-format.md
(Campaign files) expects."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from _journal_games import short_game

from cli.cmd_campaign import FORMAT, CampaignError, verify_campaign


def _campaign(tmp_path: Path, journals: list[str]) -> Path:
    games = [{"journal": j, "sha256": hashlib.sha256((tmp_path / j).read_bytes()).hexdigest()}
             for j in journals]
    path = tmp_path / "league.campaign"
    path.write_text(json.dumps({"format": FORMAT, "games": games}))
    return path


def test_one_game_listed_twice_is_refused_not_scored_twice(tmp_path: Path) -> None:
    (tmp_path / "a.journal").write_bytes(short_game().journal)
    assert len(verify_campaign(_campaign(tmp_path, ["a.journal"])).results) == 1
    with pytest.raises(CampaignError) as caught:
        verify_campaign(_campaign(tmp_path, ["a.journal", "a.journal"]))
    assert caught.value.code == 1
    assert "game 2" in str(caught.value) and "already in the campaign (game 1" in str(
        caught.value)


def test_a_copy_of_a_game_under_another_name_is_the_same_game(tmp_path: Path) -> None:
    (tmp_path / "a.journal").write_bytes(short_game().journal)
    (tmp_path / "copy.journal").write_bytes(short_game().journal)
    with pytest.raises(CampaignError, match="already in the campaign"):
        verify_campaign(_campaign(tmp_path, ["a.journal", "copy.journal"]))



def test_a_game_whose_journal_is_gone_cannot_be_read(tmp_path: Path) -> None:
    """Exit status 2, as for any file that cannot be read (cosmic verify's too)."""
    (tmp_path / "a.journal").write_bytes(short_game().journal)
    path = _campaign(tmp_path, ["a.journal"])
    (tmp_path / "a.journal").unlink()
    with pytest.raises(CampaignError) as caught:
        verify_campaign(path)
    assert caught.value.code == 2 and "game 1" in str(caught.value)
    assert "cannot read" in str(caught.value)
