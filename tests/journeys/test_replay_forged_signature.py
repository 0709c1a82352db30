"""`cosmic replay` of a journal whose record has a signature that fails: the replay shows
the game up to the record before it and nothing from it on. (Read in parallel, a record's
signature was checked after the record was shown: the text and --json replays showed
the forged record, a chat among them, as its author's, and the records after it.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

from _journal_games import play, record
from _journey import cosmic
from node.local import game_seed

BAD = 31


def _forged(tmp_path: Path) -> Path:
    game = record(play(3, game_seed("forged-signature", 0), 8))
    assert len(game.raws) >= 200  # long enough to be read in parallel
    raws = list(game.raws)
    raw = bytearray(raws[BAD])
    raw[-1] ^= 0x01  # the signature's last byte: the record still reads, its seal fails
    raws[BAD] = bytes(raw)
    path = tmp_path / "forged.journal"
    path.write_bytes(game.rebuild(raws))
    return path


def test_replay_stops_before_a_record_whose_signature_fails(tmp_path: Path,
                                                            home: Path) -> None:
    journal = _forged(tmp_path)
    j = cosmic("replay", str(journal), "--json", home=home)
    assert j.returncode == 1, j.stdout + j.stderr
    data = json.loads(j.stdout)
    assert data["records"] == BAD, data["records"]
    shown = [entry["record"] for entry in data["last"]]
    assert shown and max(shown) == BAD - 1, shown
    assert f"record {BAD}" in j.stderr and "signature" in j.stderr, j.stderr

    t = cosmic("replay", str(journal), home=home)
    assert t.returncode == 1, t.stdout + t.stderr
    assert f"after {BAD} of " in t.stdout, t.stdout
    listed = [int(m) for m in re.findall(r"^\s+(\d+) +\w+: ", t.stdout, re.M)]
    assert listed and max(listed) == BAD - 1, t.stdout
