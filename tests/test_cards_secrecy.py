"""Secrecy: a coalition of every seat but one cannot read the honest seat's hand.

The coalition pools everything it has: its members' key shares (the secrets), their
knowledge, and every message of the record. It tries to open each card of the honest
hand with every decryption share the honest seat ever published, and searches every
message for the face points of that hand. Both must fail until the cards are revealed.
"""

from __future__ import annotations

import hashlib

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from protocol.cards import CardSeat
from protocol.cards_inprocess import CardTable, InProcessGame
from test_cards_ops import everyone, seats
from protocol.cards_wire import OPEN, SHARES, SHOW
from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.envelope import open_envelope

ALL_FACES = eg.face_lookup(range(len(C.CATALOGUE)))


def shares_published_by(seat: int, journal: list[bytes], table_genesis: object) -> list[g.Point]:
    """Every 32-byte decryption share `seat` ever put in a message, in the clear."""
    out = []
    for raw in journal:
        env = open_envelope(raw, table_genesis)  # type: ignore[arg-type]
        if env.author != seat:
            continue
        data = env.body[1] if env.kind == SHARES else env.body[2] if env.kind == OPEN else b""
        out.extend(g.Point(data[i : i + 32]) for i in range(0, len(data), 32))
    return out


def coalition_cannot_open(view: CardSeat, hand: list[int], secrets: list[int],
                          honest_shares: list[g.Point]) -> None:
    x = sum(secrets) % g.ORDER
    for h in hand:
        ct = view.cts[h]
        rest = g.sub(ct.c2, g.mul(x, ct.c1))  # every share but the honest one removed
        assert rest not in ALL_FACES
        for d in honest_shares:  # ...and every share the honest seat ever gave out
            assert g.sub(rest, d) not in ALL_FACES


def test_a_coalition_of_all_but_one_cannot_open_the_honest_hand() -> None:
    cfg = engine.Config(3, planets=4, max_turns=2)
    honest, coalition = 1, (0, 2)
    # Fixed (derived) secrets make each game the same every run; the first of them whose
    # honest hand holds cards the coalition never touched is used (a game may have none,
    # and which one does depends on the rules hash, which every new card changes).
    for k in range(8):
        seeds = [b"secrecy" + bytes([i]) + (bytes([k]) if k else b"") for i in range(3)]
        secret = [hashlib.sha256(b"secrecy secret " + s).digest() for s in seeds]
        game = InProcessGame(cfg, seeds, [RandomBot(s) for s in seeds], secret_seeds=secret)
        game.run()
        hand = [h for h in game.state.hands[honest] if h not in game.state.faces
                and not any(h in game.entitled[c] for c in coalition)]
        if hand:
            break
    assert hand
    truth = {h: game.sources[honest].knowledge.faces[h] for h in hand}

    for c in coalition:
        assert not set(hand) & set(game.sources[c].knowledge.faces)
    view = game.sources[0].cards
    coalition_cannot_open(view, hand, [game.sources[c].cards._x for c in coalition],
                          shares_published_by(honest, game.journal, game.genesis))

    # No message carries a face point of the hand, nor names its cards with their faces.
    faces = {eg.card_face(f) for f in truth.values()}
    for raw in game.journal:
        assert not any(p in raw for p in faces)
        env = open_envelope(raw, game.genesis)
        if env.kind == OPEN:
            assert not {h for h, _ in env.body[1]} & set(hand)

    # Once the key shares are published at the end, the audit opens them all.
    opened = game.finish()
    assert all(opened[h] == f for h, f in truth.items())


def test_a_hand_kept_after_a_random_take_stays_secret() -> None:
    t = CardTable.create(3, range(12))
    s = seats(t)

    everyone(t, "begin_keys")
    everyone(t, "begin_shuffle", range(12), range(12))
    everyone(t, "begin_deliver", 0, [11, 10, 9, 8])
    everyone(t, "begin_hand_shuffle", 0, [11, 10, 9, 8], [20, 21, 22, 23], 1, 2)
    everyone(t, "begin_deliver", 1, [20, 21])
    everyone(t, "begin_show", 0, 2, [22])  # one kept card shown to seat 2 only
    kept = [23]
    coalition_cannot_open(s[1], kept, [s[1]._x, s[2]._x],
                          shares_published_by(0, t.journal, t.genesis))
    # Seat 1 (the taker) cannot read the card shown to seat 2 either.
    assert 22 in s[2].known and 22 not in s[1].known
    for raw in t.journal:
        assert eg.card_face(s[0].known[23]) not in raw
        env = open_envelope(raw, t.genesis)
        assert env.kind != SHOW or env.body[1] == 2


def test_aliens_dealt_to_choose_from_stay_with_their_seat() -> None:
    """--aliens choose over the card protocol: each seat's two dealt aliens (flares) are
    opened to it alone; the others learn the one it kept when all are revealed together,
    and never, until the end-of-game audit, the one it put back in the box."""
    cfg = engine.Config(3, aliens=("choose",) * 3, max_turns=1)
    seeds = [b"choose" + bytes([i]) for i in range(3)]
    secret = [hashlib.sha256(b"choose secret " + s).digest() for s in seeds]
    game = InProcessGame(cfg, seeds, [RandomBot(s) for s in seeds], secret_seeds=secret)
    pairs: dict[int, tuple[int, ...]] = {}
    while "choose" in game.state.aliens:
        p = engine.pending(game.state)
        if p.step == "keep_alien":
            seat = p.seats[0]
            pairs[seat] = tuple(game.state.extra["flare_hands"][seat])
            for other in range(3):
                known = set(pairs[seat]) & set(game.sources[other].knowledge.faces)
                assert known == (set(pairs[seat]) if other == seat else set()), (seat, other)
        game.step()
    assert sorted(pairs) == [0, 1, 2]
    for seat, pair in pairs.items():  # the alien kept is public now, the other is not
        own = game.sources[seat].knowledge.faces
        names = [C.CATALOGUE[own[h]].name.replace("filch_classic", "filch") for h in pair]
        assert game.state.aliens[seat] in names
        kept = names.index(game.state.aliens[seat])
        put_back = pair[1 - kept]
        for other in range(3):
            if other != seat:
                assert game.states[other].aliens[seat] == game.state.aliens[seat]
                assert put_back not in game.sources[other].knowledge.faces
        coalition = [c for c in range(3) if c != seat]
        coalition_cannot_open(game.sources[coalition[0]].cards, [put_back],
                              [game.sources[c].cards._x for c in coalition],
                              shares_published_by(seat, game.journal, game.genesis))
        assert not any(eg.card_face(own[put_back]) in raw for raw in game.journal)
    game.run()
    opened = game.finish()
    for seat, pair in pairs.items():
        assert all(opened[h] == game.sources[seat].knowledge.faces[h] for h in pair)
