"""`cosmic verify` given the journals of several seats of one game, as someone settling a
dispute runs it: it compares them. The seats of an honest networked game agree. A seat
that signed two versions of its chain (one shown to some peers, one to others) is proven
by two journals, though each verifies alone. The game is the one `cosmic demo` game of
test_verify.py (made once per test run)."""

from __future__ import annotations

import json
from pathlib import Path

from test_verify import game, verify  # noqa: F401  (the shared game, the command)

from node.journal_file import read_key_file
from protocol import canonical
from protocol.envelope import open_envelope
from protocol.game import GAME_KINDS
from protocol.journal import RECORD_ENVELOPE, encode_header, encode_record, parse_journal

FORKER = 1


def test_the_seats_journals_of_an_honest_game_agree(game: Path) -> None:  # noqa: F811
    journals = [game / f"seat-{s}.journal" for s in range(3)]
    r = verify(*journals)
    assert r.returncode == 0, r.stdout + r.stderr
    game_id = parse_journal(journals[0].read_bytes()).genesis.game_id.hex()
    last = r.stdout.splitlines()[-1]
    assert last.startswith(f"journals of game {game_id[:16]}: AGREE: 3 journals, one history")


def _fork(game: Path, out: Path) -> tuple[int, int]:  # noqa: F811
    """Seat 2's journal up to an action of the forker's in the second half, then another
    envelope of the forker with that seq (a chat), signed with its key file: the history
    the forker would have shown seat 2 alone. Returns (record, seq)."""
    c = parse_journal((game / "seat-2.journal").read_bytes())
    entries = [e for e in c.entries if e.type == RECORD_ENVELOPE]
    envs = [open_envelope(e.data, c.genesis, GAME_KINDS) for e in entries]
    k = next(i for i in range(len(envs) // 2, len(envs))
             if envs[i].author == FORKER and envs[i].kind == "action")
    fields = canonical.decode(entries[k].data[:-64])
    assert isinstance(fields, list)
    fields[7], fields[8] = "chat", [-1, "a history only seat 2 saw"]
    signed = canonical.encode(fields)
    twin = signed + read_key_file(game / f"seat-{FORKER}.key").sign(signed)
    out.write_bytes(encode_header(c.genesis) + b"".join(encode_record(e.data)
                                                       for e in entries[:k])
                    + encode_record(twin))
    return entries[k].index, envs[k].seq


def test_two_journals_prove_a_seat_that_showed_two_histories(game: Path,  # noqa: F811
                                                             tmp_path: Path) -> None:
    forked = tmp_path / "seat-2-forked.journal"
    record, seq = _fork(game, forked)
    alone = verify("--partial", forked)
    assert alone.returncode == 0, alone.stdout  # one journal alone cannot show it
    honest = game / "seat-0.journal"
    r = verify("--partial", honest, forked)
    assert r.returncode == 1, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    head = next(i for i, x in enumerate(lines) if x.startswith("journals of game "))
    assert lines[head].endswith(": FAILED: two histories of one game (1 fork proven)")
    genesis = parse_journal(honest.read_bytes()).genesis
    seat = genesis.seats[FORKER]
    assert lines[head + 1] == (
        f"  seat {FORKER} {seat.name} ({seat.colour}), seq {seq}: record {record} of "
        f"{honest} and record {record} of {forked} are two different envelopes, both "
        "signed by this seat: proof that it showed its peers two versions of its chain")
    r = verify("--json", "--partial", honest, forked)
    assert r.returncode == 1
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert [row["ok"] for row in rows[:2]] == [True, True]  # each verifies alone
    [d] = rows[2]["differences"]
    assert rows[2]["agree"] is False and rows[2]["exit"] == 1
    assert rows[2]["game_id"] == genesis.game_id.hex()
    assert rows[2]["journals"] == [str(honest), str(forked)]
    assert d == {"author": FORKER, "seq": seq, "proven": True,
                 "first": {"path": str(honest), "record": record},
                 "second": {"path": str(forked), "record": record}}
