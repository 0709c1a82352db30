"""protocol.agreement: journals of one game put side by side. Real recorded games, real
signatures (a local game's keys come from its public seed, so a test can sign as a seat:
tests/_journal_games.resign)."""

from __future__ import annotations

from _journal_games import Recorded, resign, short_game

from protocol.agreement import MAX_FINDINGS, Place, compare_journals
from protocol.journal import JournalContents, parse_journal


def _twin(rec: Recorded, k: int, text: str = "the other history") -> bytes:
    """Another envelope of record k's author and seq (a chat), signed by that author."""
    def change(fields: list[object]) -> None:
        fields[7], fields[8] = "chat", [-1, text]
    return resign(rec.genesis, rec.raws[k], change)


def _journal(rec: Recorded, raws: list[bytes]) -> JournalContents:
    return parse_journal(rec.rebuild(raws))


def test_copies_and_prefixes_of_one_journal_agree() -> None:
    rec = short_game()
    whole = parse_journal(rec.journal)
    half = _journal(rec, rec.raws[:len(rec.raws) // 2])
    [found] = compare_journals([whole, half, whole])
    assert found.agree and not found.differences and found.more == 0
    assert found.journals == (0, 1, 2)
    assert found.envelopes == (len(rec.raws), len(rec.raws) // 2, len(rec.raws))
    assert found.shared == len(rec.raws)  # every envelope is held by two at least


def test_two_signed_versions_of_one_seq_prove_a_fork() -> None:
    rec = short_game()
    k = len(rec.raws) // 2
    forked = _journal(rec, rec.raws[:k] + [_twin(rec, k)])
    [found] = compare_journals([parse_journal(rec.journal), forked])
    assert not found.agree
    [d] = found.differences
    assert found.forks == (d,) and d.proven
    assert (d.author, d.seq) == (rec.envelopes[k].author, rec.envelopes[k].seq)
    assert d.first == Place(0, k) and d.second == Place(1, k)  # no notes: record = index
    assert d.first_raw == rec.raws[k] and d.second_raw != rec.raws[k]
    assert found.shared == k + 1


def test_a_changed_record_that_its_seat_did_not_sign_proves_no_fork() -> None:
    rec = short_game()
    k = len(rec.raws) // 2
    twin = bytearray(_twin(rec, k, "aaaa"))
    at = bytes(twin).rindex(b"aaaa")
    twin[at] = ord("b")  # the text changed after signing: canonical, but not its seat's
    [found] = compare_journals([parse_journal(rec.journal),
                                _journal(rec, rec.raws[:k] + [bytes(twin)])])
    [d] = found.differences
    assert not d.proven and not found.forks and not found.agree


def test_journals_of_other_games_are_not_compared() -> None:
    one, other = short_game(), short_game("another")
    assert one.genesis.game_id != other.genesis.game_id
    a, b = parse_journal(one.journal), parse_journal(other.journal)
    assert compare_journals([a, b]) == []
    found = compare_journals([a, b, a, b])
    assert [f.journals for f in found] == [(0, 2), (1, 3)]
    assert all(f.agree for f in found)


def test_a_journal_holding_both_versions_is_found_within_it() -> None:
    rec = short_game()
    k = len(rec.raws) // 2
    both = _journal(rec, rec.raws[:k + 1] + [_twin(rec, k)])
    [found] = compare_journals([both, parse_journal(rec.journal)])
    [d] = found.differences
    assert d.proven and d.first == Place(0, k) and d.second == Place(0, k + 1)


def test_differences_reported_are_bounded() -> None:
    rec = short_game()
    journals = [parse_journal(rec.journal)]
    k = len(rec.raws) // 2
    for n in range(MAX_FINDINGS + 5):  # as many forked copies, each another version
        journals.append(_journal(rec, rec.raws[:k] + [_twin(rec, k, f"version {n}")]))
    [found] = compare_journals(journals)
    assert len(found.differences) == MAX_FINDINGS and found.more == 5
    # a version seen again is the same difference, not a new one
    [again] = compare_journals([journals[0], journals[1], journals[1]])
    assert len(again.differences) == 1
