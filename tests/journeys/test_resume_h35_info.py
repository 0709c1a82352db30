"""A resume file written by `cosmic play` before it kept the person's patience (no
patience_s, no window_s) still resumes with the patience play gave: the bots' own
--patience, which play gives the person's node too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from node.resume import ResumeInfo, resume_path


def _old_file(journal: Path, patience: str) -> None:
    resume_path(journal).write_text(json.dumps({
        "version": 1, "seat": 0, "key": "/k", "started_by": "play", "bots": [
            ["node", "--seat", "1", "--bot", "heuristic", "--patience", patience]]}))


@pytest.mark.parametrize("given, waits", [("600", 600.0), ("2.5", 2.5), ("0", 0.0)])
def test_an_old_play_file_waits_as_its_bots(tmp_path: Path, given: str, waits: float) -> None:
    journal = tmp_path / "seat-0.journal"
    _old_file(journal, given)
    info = ResumeInfo.load(journal)
    assert info is not None and info.patience() == waits
    assert info.options().window_s == 0.0  # not known: the default answer seconds


def test_the_patience_kept_is_the_one_used(tmp_path: Path) -> None:
    journal = tmp_path / "seat-0.journal"
    ResumeInfo(seat=0, bots=[["node", "--patience", "600"]], patience_s=7.0,
               window_s=3.0).save(journal)
    info = ResumeInfo.load(journal)
    assert info is not None and info.patience() == 7.0 and info.options().window_s == 3.0


@pytest.mark.parametrize("field, value", [("patience_s", -1), ("window_s", "soon"),
                                          ("patience_s", None)])
def test_a_bad_patience_is_refused_naming_the_file(tmp_path: Path, field: str,
                                                   value: object) -> None:
    journal = tmp_path / "seat-0.journal"
    resume_path(journal).write_text(json.dumps({"version": 1, "seat": 0, field: value}))
    with pytest.raises(ValueError, match="seat-0.resume.json: malformed"):
        ResumeInfo.load(journal)


def test_a_moved_play_folder_names_the_new_one_and_nothing_else(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    info = ResumeInfo(seat=0, key=str(old / "seat-0.key"), bots=[
        ["node", "--genesis", str(old / "genesis.bin"), "--journal", str(old / "seat-1.journal"),
         "--bot-seed", str(old), "--peer", str(tmp_path / "elsewhere")]])
    moved = info.moved(new)
    assert moved.key == str(new / "seat-0.key")
    assert moved.bots == [["node", "--genesis", str(new / "genesis.bin"), "--journal",
                           str(new / "seat-1.journal"), "--bot-seed", str(old),
                           "--peer", str(tmp_path / "elsewhere")]]
    assert info.moved(old) is info  # not moved
    lan = ResumeInfo(seat=2, key=str(tmp_path / "home" / "key"))  # host, join: no bots
    assert lan.moved(new) is lan
