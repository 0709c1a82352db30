"""cli/cmd_verify's words for a failure its author's signature does not prove (security.md,
Journals side by side: a damaged or forged record is its journal's failure, never blamed on
its author): a real recorded game, a real file, the real verifier."""

from __future__ import annotations

from pathlib import Path

from _journal_games import short_game

from cli.cmd_verify import result_text
from node.verify import verify_journal


def _verdict(tmp_path: Path, raws: list[bytes]) -> str:
    path = tmp_path / "game.journal"
    path.write_bytes(short_game().rebuild(raws))
    return result_text(verify_journal(path, parallel=False)).splitlines()[0]


def test_a_bad_signature_is_not_blamed_on_the_seat_it_names(tmp_path: Path) -> None:
    rec = short_game()
    k = len(rec.raws) // 2
    raws = list(rec.raws)
    damaged = bytearray(raws[k])
    damaged[-3] ^= 1  # in the signature: the record no longer carries its seat's
    raws[k] = bytes(damaged)
    name = rec.genesis.seats[rec.envelopes[k].author].name
    line = _verdict(tmp_path, raws)
    assert f"record {k} (" in line and "failed check 'signature'" in line
    assert f"not {name}'s doing" in line and "damaged or forged" in line


def test_a_repeated_record_proves_nothing_against_its_seat(tmp_path: Path) -> None:
    rec = short_game()
    k = len(rec.raws) // 2
    raws = rec.raws[:k + 1] + [rec.raws[k]] + rec.raws[k + 1:]
    name = rec.genesis.seats[rec.envelopes[k].author].name
    line = _verdict(tmp_path, raws)
    assert f"record {k + 1} (" in line and "failed check 'duplicate'" in line
    assert f"proves nothing against {name}" in line


def test_a_signed_illegal_move_is_still_its_seats(tmp_path: Path) -> None:
    """The words are for unproven failures only: a seat that signed a bad state hash is
    named plainly."""
    rec = short_game()
    k = len(rec.raws) // 2

    def change(fields: list[object]) -> None:
        fields[6] = bytes(32)  # a state hash nobody computed, signed by the seat
    raws = rec.raws[:k] + [rec.resign(k, change)] + rec.raws[k + 1:]
    line = _verdict(tmp_path, raws)
    assert "failed check 'state-hash'" in line
    assert "doing" not in line and "proves nothing" not in line


def test_a_record_of_another_game_names_no_seat(tmp_path: Path) -> None:
    """Records spliced in from a game of more seats: the first names a seat this game
    lacks (checked before its game id, docs/journal-format.md 5.2)."""
    rec, other = short_game(), short_game("another")
    k = len(rec.raws) // 2
    stranger = next(i for i, e in enumerate(other.envelopes) if e.author >= 0)

    def change(fields: list[object]) -> None:
        fields[2] = 7  # the author of a seventh seat, in a three-seat game
    raws = rec.raws[:k] + [other.resign(stranger, change)] + rec.raws[k:]
    line = _verdict(tmp_path, raws)
    assert f"record {k} (unknown author) failed check 'author'" in line
    assert "one of another game" in line


def test_records_swapped_out_of_order_are_not_blamed_on_the_later_seat(
        tmp_path: Path) -> None:
    """A seat's next envelope moved before its previous one: the journal is out of
    order (a node takes an early envelope later, section 9 `seq-gap`), the seat signed
    nothing wrong."""
    rec = short_game()
    k = len(rec.raws) // 2
    author = rec.envelopes[k].author
    j = next(i for i in range(k + 1, len(rec.raws)) if rec.envelopes[i].author == author)
    raws = list(rec.raws)
    raws[k], raws[j] = raws[j], raws[k]
    line = _verdict(tmp_path, raws)
    assert "failed check 'seq-gap'" in line or "failed check 'too-early'" in line, line
    assert f"proves nothing against {rec.genesis.seats[author].name}" in line

