"""The card protocol's operations, seat by seat, without the engine (real crypto, small decks)."""

from __future__ import annotations

import pytest

from protocol.cards import CardSeat
from protocol.cards_inprocess import CardTable
from protocol.cards_wire import PICK, REMASK, SHARES, SHOW, SHUFFLE
from protocol.crypto import elgamal as eg
from protocol.errors import LocalProtocolError, RemoteProtocolError

FACES = list(range(12))


def table(n: int = 3, **options: object) -> CardTable:
    """n seats with registered keys and a shuffled 12-card deck (handle i, top last)."""
    t = CardTable.create(n, FACES, **options)  # type: ignore[arg-type]
    for m in seats(t):
        m.begin_keys()
    t.pump()
    everyone(t, "begin_shuffle", FACES, FACES)
    return t


def seats(t: CardTable) -> list[CardSeat]:
    return [m for m in t.members if isinstance(m, CardSeat)]


def everyone(t: CardTable, method: str, *args: object) -> None:
    """Every seat begins the same operation; the messages flow until it is done."""
    for m in seats(t):
        getattr(m, method)(*args)
    t.pump()


def by(t: CardTable, author: int, method: str, *args: object) -> None:
    """An operation the author begins with its secret arguments; the others without."""
    for m in seats(t):
        if m.seat == author:
            getattr(m, method)(author, *args)
        else:
            getattr(m, method)(author)
    t.pump()


def test_keys_give_one_joint_key() -> None:
    t = table(3)
    s = seats(t)
    assert len({m.joint for m in s}) == 1
    assert s[0].joint == eg.joint_key([m.keys[m.seat] for m in s])
    assert all(m.xkeys == s[0].xkeys for m in s)


def test_a_private_draw_opens_to_its_holder_only() -> None:
    t = table(3)
    s = seats(t)
    everyone(t, "begin_deliver", 1, [11, 10, 9])
    assert set(s[1].known) == {9, 10, 11}
    assert not s[0].known and not s[2].known
    assert s[0].last is not None and s[0].last.script == [(0, SHARES, 0), (2, SHARES, 0)]
    for m in s:  # every seat but the holder published; the holder never did
        assert set(m.shares[11]) == {0, 2}


def test_a_public_reveal_and_a_held_card_opened_by_its_holder() -> None:
    t = table(3)
    s = seats(t)
    everyone(t, "begin_reveal", [11])
    assert len({m.opened[11] for m in s}) == 1
    everyone(t, "begin_deliver", 2, [10, 9])
    face = s[2].known[10]
    by(t, 2, "begin_open", [(10, face)])
    assert all(m.opened[10] == face for m in s)
    assert all(m.last is not None and m.last.result == ((10, face),) for m in s)
    assert 9 not in s[0].opened


def test_a_card_passed_to_another_hand_is_re_masked_by_its_new_holder() -> None:
    t = table(3)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11, 10])
    before = s[2].cts[11]
    everyone(t, "begin_deliver", 1, [11])  # seat 0 gives card 11 to seat 1
    assert s[2].last is not None and s[2].last.script[0] == (1, REMASK, 0)
    assert s[2].cts[11] != before and s[1].known[11] == s[0].known[11]
    assert set(s[2].shares[11]) == {0, 2}
    # The old shares (of seats 1 and 2) and seat 0's new one no longer open the card.
    assert 11 not in s[2].known


def test_a_random_take_shuffles_the_hand_then_the_taker_picks() -> None:
    t = table(3)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11, 10, 9, 8])
    hand = sorted(s[0].known[h] for h in (11, 10, 9, 8))
    everyone(t, "begin_hand_shuffle", 0, [11, 10, 9, 8], [20, 21, 22, 23], 1, 2)
    last = s[1].last
    assert last is not None and [k for _, k, _ in last.script][:2] == [SHUFFLE, PICK]
    assert sorted(s[0].known[h] for h in (20, 21, 22, 23)) == hand  # the holder knows
    assert set(s[2].shares[22]) == {1, 2}  # kept cards: the others' shares again
    everyone(t, "begin_deliver", 1, [20, 21])
    assert {h: s[1].known[h] for h in (20, 21)} == {h: s[0].known[h] for h in (20, 21)}
    assert not set(s[1].known) & {22, 23} and not s[2].known
    everyone(t, "begin_end")
    faces = s[2].audit()
    assert all(faces[h] == s[0].known[h] for h in (20, 21, 22, 23))


def test_showing_cards_to_one_seat_only() -> None:
    t = table(3)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11, 10])
    everyone(t, "begin_show", 0, 2, [11, 10])
    assert s[2].known == {11: s[0].known[11], 10: s[0].known[10]}
    assert not s[1].known
    everyone(t, "begin_end")
    assert s[1].audit()[11] == s[0].known[11]  # the audit opens and checks the box


def test_face_down_commitments_are_opened_at_reveal_or_at_the_end() -> None:
    t = table(2)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11, 10, 9])
    for m in s:
        m.begin_facedown(0, (11, 10, 9), 10 if m.seat == 0 else None)
    t.pump()
    by(t, 0, "begin_open", [(10, s[0].known[10])], 10)
    assert all(m.facedowns[-1].handle == 10 for m in s)
    for m in s:
        m.begin_facedown(0, (11, 9), 9 if m.seat == 0 else None)
    t.pump()
    everyone(t, "begin_end")
    assert all(m.facedowns[-1].handle == 9 for m in s)  # opened with the key share
    assert s[1].audit()[9] == s[0].known[9]


def test_a_commitment_to_no_card_opens_to_no_card_and_nothing_else() -> None:
    """A seat with nothing to hide (the map game: no force card) commits to NO_CARD; its
    opening shows no face, and every seat records -1; at the end it opens the same way,
    and a later opening of no card with a card's nonce is refused."""
    from protocol.cards import NO_CARD

    t = table(2)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11, 10])
    for m in s:
        m.begin_facedown(0, (11, 10), NO_CARD if m.seat == 0 else None)
    t.pump()
    by(t, 0, "begin_open", [], NO_CARD)
    assert all(m.facedowns[-1].handle == NO_CARD for m in s)
    assert all(not m.opened for m in s)  # no face shown
    for m in s:
        m.begin_facedown(0, (11, 10), NO_CARD if m.seat == 0 else None)
    t.pump()
    everyone(t, "begin_end")  # an unopened commitment to no card opens at the end
    assert all(m.facedowns[-1].handle == NO_CARD for m in s)
    faces = s[1].audit()
    assert faces[11] == s[0].known[11] and NO_CARD not in faces


def test_the_beacon_gives_every_seat_the_same_value() -> None:
    t = table(3)
    everyone(t, "begin_beacon")
    values = {m.last.result for m in seats(t) if m.last is not None}
    assert len(values) == 1 and len(values.pop()) == 32


def test_the_audit_opens_every_card_ever_dealt() -> None:
    t = table(3)
    s = seats(t)
    everyone(t, "begin_deliver", 1, [11, 10])
    everyone(t, "begin_reveal", [9])
    with pytest.raises(LocalProtocolError):
        s[0].audit()
    everyone(t, "begin_end")
    faces = s[0].audit()
    assert sorted(faces) == FACES and sorted(faces.values()) == FACES
    assert faces[11] == s[1].known[11] and faces[9] == s[0].opened[9]


def test_messages_follow_the_record_order() -> None:
    t = table(3)
    s = seats(t)
    for m in s:
        m.begin_deliver(0, [11])
    assert s[2].can_send() and s[1].can_send() and s[2].waiting_for() == 1
    early = t.seal(2, *s[2].produce())  # shares need no one else's: seat 2 may send early
    with pytest.raises(RemoteProtocolError) as info:
        t.deliver(0, early)
    assert info.value.check == "too-early" and info.value.author == 2
    t.send(1, *s[1].produce())
    t.journal.append(early)
    for seat in range(3):
        t.deliver(seat, early)
    assert 11 in s[0].known and all(m.idle for m in s)


def test_a_message_no_one_expects_is_refused() -> None:
    t = table(2)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11])
    for m in s:
        m.begin_show(0, 1, [11])
    s[1].cancel()  # seat 1 never began this operation
    with pytest.raises(RemoteProtocolError) as info:
        t.send(0, *s[0].produce())
    assert info.value.check == "too-early" and info.value.author == 0
    t = table(2)
    s = seats(t)
    for m in s:
        m.begin_deliver(1, [10])
    with pytest.raises(RemoteProtocolError) as info:  # a pick where shares are due
        t.send(0, PICK, [s[1].op, [0]])
    assert info.value.check == "kind" and info.value.author == 0


def test_bodies_are_checked_before_sealing() -> None:
    t = table(2)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11])
    for m in s:
        m.begin_show(0, 1, [11])
    kind, body = s[0].produce()
    assert kind == SHOW
    with pytest.raises(LocalProtocolError):
        t.seal(0, kind, [body[0], 0, body[2], body[3]])  # shown to itself
    with pytest.raises(LocalProtocolError):
        t.seal(0, kind, [body[0], 1, body[2], body[3][:-1]])  # a box of the wrong size
