"""`cosmic verify` (the installed one, as a subprocess) on an honest seat's journal of a
game in which seat 1 lied seven ways: the game verifies, and each refused lie, kept in
the journal as evidence, is named with the seat that signed it; in a copy whose
evidence records were tampered with, each proves nothing against anyone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _evidence_games import LIES, Table, key, lying_game
from _journey import cosmic
from node.journal_file import write_key_file


@pytest.fixture(scope="module")
def lied() -> Table:
    return lying_game()


def test_verify_names_the_seat_that_signed_each_kept_lie(home: Path, lied: Table) -> None:
    t = lied
    good, bad = home / "seat-0.journal", home / "tampered.journal"
    good.write_bytes(t.journal(0))
    bad.write_bytes(t.journal(0, change=lambda b: b[:-1] + bytes([b[-1] ^ 1])))

    r = cosmic("verify", str(good), home=home)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith(f"{good}: OK\n")
    lines = [x for x in r.stdout.splitlines() if x.startswith("  evidence  ")]
    assert len(lines) == len(LIES)
    assert all(" seat 1 p1 (" in x and x.endswith("; kept as evidence") for x in lines)
    assert any(" signed an illegal move at its seq " in x for x in lines)
    assert any(" signed a reveal that does not open its commitment at its seq " in x
               for x in lines)
    assert any(" signed a false state hash at its seq " in x for x in lines)

    r = cosmic("verify", "--json", str(good), home=home)
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["ok"] and len(data["evidence"]) == len(LIES)
    assert {e["author"] for e in data["evidence"]} == {1}
    assert all(e["proven"] for e in data["evidence"])

    r = cosmic("verify", str(bad), home=home)
    assert r.returncode == 0, r.stdout + r.stderr  # evidence never fails a good game
    lines = [x for x in r.stdout.splitlines() if x.startswith("  evidence  ")]
    assert len(lines) == len(LIES)
    assert all("proves nothing against anyone" in x and "seat 1 p1" not in x for x in lines)
    r = cosmic("verify", "--json", str(bad), home=home)
    assert not any(e["proven"] or e["author"] is not None
                   for e in json.loads(r.stdout)["evidence"])


def test_resume_reads_a_journal_with_evidence(home: Path, lied: Table) -> None:
    """`cosmic resume` on that finished journal, evidence records and all: it restores
    the game to its end and says there is nothing to resume; the file is unchanged."""
    t = lied
    journal = home / "seat-0.journal"
    journal.write_bytes(t.journal(0))
    write_key_file(home / "seat-0.key", key(0))
    r = cosmic("resume", str(journal), "--key", str(home / "seat-0.key"), home=home)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "This game is over; your journal holds it to the end." in r.stdout
    assert journal.read_bytes() == t.journal(0)


def test_replay_tells_each_kept_lie_at_its_place(home: Path, lied: Table) -> None:
    """`cosmic replay --plain --to N` and `--json` show an evidence record where it stands,
    in verify's words, naming no colour as its author; the viewer's timeline has it as a
    step where nothing changes."""
    from cli.replay_app import build_timeline
    from protocol.journal import RECORD_EVIDENCE, parse_journal

    journal = home / "seat-0.journal"
    journal.write_bytes(lied.journal(0))
    contents = parse_journal(journal.read_bytes())
    where = [e.index for e in contents.entries if e.type == RECORD_EVIDENCE]
    assert len(where) == len(LIES)
    first = where[0]

    r = cosmic("replay", "--plain", "--to", str(first + 1), str(journal), home=home)
    assert r.returncode == 0, r.stdout + r.stderr
    line = next(x for x in r.stdout.splitlines() if x.lstrip().startswith(f"{first} "))
    assert "      -: evidence: record " in line and "seat 1 p1 (" in line, line
    assert line.endswith("; kept as evidence")

    r = cosmic("replay", "--json", "--to", str(first + 1), str(journal), home=home)
    last = json.loads(r.stdout)["last"][-1]
    assert last["record"] == first and last["author"] is None
    assert last["said"].startswith("evidence: record ")

    tl = build_timeline(contents, str(journal))
    steps = [st for st in tl.steps if st.kind == "evidence"]
    assert [st.record for st in steps] == where
    assert all(st.author is None and "kept as evidence" in st.text for st in steps)
    assert all(tl.states[i] is tl.states[i + 1] for i in where)  # nothing changes there
