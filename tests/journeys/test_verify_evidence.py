"""`cosmic verify` (the installed one, as a subprocess) on an honest seat's journal of a
game in which seat 1 lied seven ways: the game verifies, and each refused lie, kept in
the journal as evidence, is named with the seat that signed it; in a copy whose
evidence records were tampered with, each proves nothing against anyone."""

from __future__ import annotations

import json
from pathlib import Path

from _evidence_games import LIES, lying_game
from _journey import cosmic


def test_verify_names_the_seat_that_signed_each_kept_lie(home: Path) -> None:
    t = lying_game()
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
