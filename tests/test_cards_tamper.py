"""Misbehaviour in the card protocol: every breach is refused, naming the seat and the check.

A `tamper` hook changes one seat's message before it is sealed with that seat's real key,
so what arrives is a properly signed lie; every other seat must refuse it.
"""

from __future__ import annotations

import hashlib

from collections.abc import Callable
from typing import Any

import pytest

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from protocol.cards import CardSeat
from protocol.cards_inprocess import CardTable, InProcessGame
from protocol.cards_wire import (
    KEY, KEY_COMMIT, OPEN, PICK, REMASK, SECRET, SHARES, SHOW, SHUFFLE, context, x25519_public,
)
from protocol.commit import commitment_digest
from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto.shuffle import _prove, random_permutation
from protocol.errors import LocalProtocolError, RemoteProtocolError

FACES = list(range(12))
SMALL_ORDER = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
OFF_CURVE = b"\x02" + bytes(31)

Hook = Callable[[int, str, list[Any]], list[Any]]


def seats(t: CardTable) -> list[CardSeat]:
    return [m for m in t.members if isinstance(m, CardSeat)]


def everyone(t: CardTable, method: str, *args: object) -> None:
    for m in seats(t):
        getattr(m, method)(*args)
    t.pump()


def table(n: int = 3, keys: bool = True) -> CardTable:
    t = CardTable.create(n, FACES)
    if keys:
        everyone(t, "begin_keys")
    return t


def once(author: int, kind: str, change: Callable[[list[Any]], list[Any]]) -> Hook:
    """A hook that changes the first message of `kind` by `author`, and nothing else."""
    done = []

    def hook(a: int, k: str, body: list[Any]) -> list[Any]:
        if a == author and k == kind and not done:
            done.append(1)
            return change(list(body))
        return body

    return hook


def refused(t: CardTable, check: str, author: int) -> RemoteProtocolError:
    with pytest.raises(RemoteProtocolError) as info:
        t.pump()
    e = info.value
    assert (e.check, e.author, e.proven) == (check, author, True), str(e)
    return e


def bump(raw: bytes, at: int) -> bytes:
    """raw with the scalar at byte offset `at` changed (still canonical)."""
    s = g.decode_scalar(raw[at : at + 32])
    return raw[:at] + g.encode_scalar(s + 1) + raw[at + 32 :]


# --- keys -------------------------------------------------------------------------------


def test_a_key_share_without_a_valid_proof() -> None:
    t = table(3, keys=False)
    s = seats(t)
    fake = g.hash_to_group(b"test", b"nobody knows my discrete log")
    xpub = x25519_public(s[2]._xkey)
    nonce = bytes(range(32))

    def hook(a: int, k: str, body: list[Any]) -> list[Any]:
        if a == 2 and k == KEY_COMMIT:  # commits to the fake key, so the commitment holds
            digest = commitment_digest(t.genesis.game_id, 2, "cards.key", nonce, fake + xpub)
            return [body[0], digest]
        if a == 2 and k == KEY:
            return [body[0], nonce, fake, xpub, body[4]]  # the proof is for the real key
        return body

    t.tamper = hook
    for m in s:
        m.begin_keys()
    refused(t, "key-proof", 2)


def test_a_rogue_key_chosen_after_seeing_the_others_breaks_its_commitment() -> None:
    t = table(3, keys=False)
    s = seats(t)

    def rogue(body: list[Any]) -> list[Any]:
        others = g.add(s[0].keys[0] or g.GENERATOR, s[1].keys[1] or g.GENERATOR)
        body[2] = g.sub(g.base_mul(g.random_scalar()), others)  # the joint key would be ours
        return body

    t.tamper = once(2, KEY, rogue)
    for m in s:
        m.begin_keys()
    refused(t, "commitment", 2)


def test_a_secret_key_share_that_is_not_the_registered_one() -> None:
    t = table(2)
    t.tamper = once(1, SECRET, lambda b: [b[0], g.encode_scalar(g.random_scalar()), b[2]])
    for m in seats(t):
        m.begin_end()
    refused(t, "key-share", 1)


# --- shuffles ---------------------------------------------------------------------------


def test_a_bad_shuffle_proof() -> None:
    t = table(3)
    t.tamper = once(1, SHUFFLE, lambda b: [b[0], b[1], bump(b[2], 32)])
    for m in seats(t):
        m.begin_shuffle(FACES, FACES)
    refused(t, "shuffle-proof", 1)


Cheat = Callable[[list[eg.Ciphertext], list[int], g.Point], None]


def cheating_shuffle(t: CardTable, author: int, cheat: Cheat) -> Hook:
    """Seat `author` shuffles, changes its output with `cheat`, and proves what it can."""
    s = seats(t)[author]

    def change(body: list[Any]) -> list[Any]:
        assert s.current is not None and s.joint is not None
        deck, y = s.current.data["deck"], s.joint
        perm = random_permutation(len(deck))
        rhos = [g.random_scalar() for _ in deck]
        out = [eg.remask(y, deck[perm[i]], rhos[i]) for i in range(len(deck))]
        cheat(out, perm, y)
        ctx = context(t.genesis.game_id, body[0], author, "shuffle")
        proof = _prove(y, deck, out, perm, rhos, ctx)
        return [body[0], eg.encode_ciphertexts(out), proof.to_bytes()]

    return once(author, SHUFFLE, change)


def test_a_card_substituted_during_a_shuffle() -> None:
    t = table(3)

    def substitute(out: list[eg.Ciphertext], perm: list[int], y: g.Point) -> None:
        out[0] = eg.encrypt(y, eg.card_face(99), g.random_scalar())  # a card not in the deck

    t.tamper = cheating_shuffle(t, 2, substitute)
    for m in seats(t):
        m.begin_shuffle(FACES, FACES)
    refused(t, "shuffle-proof", 2)


def test_a_card_duplicated_during_a_shuffle() -> None:
    t = table(3)

    def duplicate(out: list[eg.Ciphertext], perm: list[int], y: g.Point) -> None:
        out[0] = eg.remask(y, out[1], g.random_scalar())  # card 1 twice, card 0 gone

    t.tamper = cheating_shuffle(t, 0, duplicate)
    for m in seats(t):
        m.begin_shuffle(FACES, FACES)
    refused(t, "shuffle-proof", 0)


def test_a_point_off_the_group_in_a_shuffled_deck() -> None:
    t = table(2)
    t.tamper = once(1, SHUFFLE, lambda b: [b[0], b[1][:32] + SMALL_ORDER + b[1][64:], b[2]])
    for m in seats(t):
        m.begin_shuffle(FACES, FACES)
    refused(t, "point", 1)


# --- decryption shares ------------------------------------------------------------------


def dealt(n: int = 3) -> CardTable:
    t = table(n)
    everyone(t, "begin_shuffle", FACES, FACES)
    return t


def test_a_wrong_decryption_share() -> None:
    t = dealt()
    wrong = lambda b: [b[0], g.add(g.Point(b[1][:32]), g.GENERATOR) + b[1][32:], b[2]]  # noqa: E731
    t.tamper = once(2, SHARES, wrong)
    for m in seats(t):
        m.begin_deliver(0, [11, 10])
    refused(t, "share-proof", 2)


def test_a_share_with_a_bad_proof() -> None:
    t = dealt()
    t.tamper = once(1, SHARES, lambda b: [b[0], b[1], bump(b[2], 32)])
    for m in seats(t):
        m.begin_deliver(0, [11, 10])
    refused(t, "share-proof", 1)


@pytest.mark.parametrize("bad", [SMALL_ORDER, OFF_CURVE], ids=["small-order", "off-curve"])
def test_a_share_that_is_not_a_point_of_the_group(bad: bytes) -> None:
    t = dealt()
    t.tamper = once(1, SHARES, lambda b: [b[0], bad + b[1][32:], b[2]])
    for m in seats(t):
        m.begin_reveal([11, 10])
    refused(t, "point", 1)


def test_a_re_mask_with_a_bad_proof() -> None:
    t = dealt()
    everyone(t, "begin_deliver", 0, [11])
    t.tamper = once(1, REMASK, lambda b: [b[0], b[1], [bump(b[2][0], 32)]])
    for m in seats(t):
        m.begin_deliver(1, [11])
    refused(t, "remask-proof", 1)


def test_a_pick_outside_the_hand() -> None:
    t = dealt()
    everyone(t, "begin_deliver", 0, [11, 10, 9])
    t.tamper = once(1, PICK, lambda b: [b[0], [0, 7]])
    for m in seats(t):
        m.begin_hand_shuffle(0, [11, 10, 9], [20, 21, 22], 1, 2)
    refused(t, "pick", 1)


# --- opening cards ----------------------------------------------------------------------


def test_an_open_that_claims_another_face() -> None:
    t = dealt()
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11, 10])
    face = s[0].known[11]
    other = next(f for f in FACES if f != face)
    t.tamper = once(0, OPEN, lambda b: [b[0], [[11, other]], b[2], b[3], b[4]])
    for m in s:
        m.begin_open(0, [(11, face)]) if m.seat == 0 else m.begin_open(0)
    refused(t, "face", 0)


def test_a_reveal_that_does_not_match_its_commitment() -> None:
    t = dealt(2)
    s = seats(t)
    everyone(t, "begin_deliver", 0, [11, 10])
    for m in s:
        m.begin_facedown(0, (11, 10), 10 if m.seat == 0 else None)
    t.pump()
    cards = [(11, s[0].known[11]), (10, s[0].known[10])]
    t.tamper = once(0, OPEN, lambda b: [b[0], b[1], b[2], b[3], [11, b[4][1]]])
    for m in s:
        m.begin_open(0, cards, 10) if m.seat == 0 else m.begin_open(0)
    refused(t, "commitment", 0)


def test_a_tampered_box_is_refused_by_its_recipient() -> None:
    t = dealt()
    everyone(t, "begin_deliver", 0, [11])
    flip = lambda b: [b[0], b[1], b[2], bytes([b[3][0] ^ 1]) + b[3][1:]]  # noqa: E731
    t.tamper = once(0, SHOW, flip)
    for m in seats(t):
        m.begin_show(0, 2, [11])
    with pytest.raises(RemoteProtocolError) as info:
        t.pump()
    assert (info.value.check, info.value.author) == ("box", 0)
    assert seats(t)[1].idle  # seat 1 cannot open the box: it took the message as it was


# --- through the engine -----------------------------------------------------------------


def game(seats_: int, **options: Any) -> InProcessGame:
    cfg = engine.Config(seats_, planets=4, max_turns=1)
    seeds = [bytes([7, seats_, i]) for i in range(seats_)]
    options.setdefault("secret_seeds", [hashlib.sha256(b"tamper secret " + s).digest()
                                        for s in seeds])  # the same game every run
    return InProcessGame(cfg, seeds, [RandomBot(s + b"bot") for s in seeds], **options)


def test_a_played_card_whose_message_claims_another_face() -> None:
    def lie(a: int, k: str, body: list[Any]) -> list[Any]:
        if k == OPEN and body[1]:
            h, f = body[1][0]
            body = [body[0], [[h, (f + 1) % 72]] + body[1][1:], body[2], body[3], body[4]]
        return body

    g_ = game(2, tamper=lie)
    with pytest.raises(RemoteProtocolError) as info:
        g_.run()
    assert info.value.check == "face" and info.value.author is not None


def test_a_false_hidden_claim_is_caught_by_the_audit() -> None:
    g_ = game(2)
    g_.run()
    faces = g_.finish(claims=False)
    state = g_.state.clone()
    # Seat 1 claims its (final) hand holds no encounter card; the audit opens it.
    hand = state.hands[1]
    enc = any(C.CATALOGUE[faces[h]].is_encounter for h in hand)
    kind = "no_encounter" if enc else "has_encounter"
    state.claims = (engine.Claim(1, kind, hand, state.serial),)
    with pytest.raises(RemoteProtocolError) as info:
        g_.sources[0].check_claims(state)
    assert (info.value.check, info.value.author) == ("claim", 1)
    true_kind = "has_encounter" if enc else "no_encounter"
    state.claims = (engine.Claim(1, true_kind, hand, state.serial),)
    g_.sources[0].check_claims(state)  # the true claim passes


class Bluffer:
    """Plays like RandomBot but, as the offense in planning, claims to hold no encounter
    card (the engine cannot know better; start of turn made sure it holds one)."""

    def __init__(self, seed: bytes) -> None:
        self.bot = RandomBot(seed)

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        if state.step()[0] == "planning" and state.enc is not None and seat == state.enc.offense:
            return engine.NoEncounter(seat)
        return self.bot.choose(state, seat, kn)


def test_a_bluff_about_the_hand_is_caught_by_the_audit() -> None:
    cfg = engine.Config(2, planets=4, max_turns=1)
    names = [b"bluff0", b"bluff1"]
    g_ = InProcessGame(cfg, names, [Bluffer(b"x"), Bluffer(b"y")],
                       secret_seeds=[hashlib.sha256(b"bluff secret " + n).digest() for n in names])
    g_.run()
    assert any(c.kind == "no_encounter" for c in g_.state.claims)
    with pytest.raises(RemoteProtocolError) as info:
        g_.finish()
    assert info.value.check == "claim" and info.value.author == g_.state.claims[-1].seat


def test_a_face_down_card_that_was_not_in_the_hand() -> None:
    t = dealt(2)
    everyone(t, "begin_deliver", 0, [11, 10])
    s = seats(t)
    s[0].begin_facedown(0, (11, 10), 5)
    with pytest.raises(LocalProtocolError):  # we refuse to commit to a card we lack...
        s[0].produce()
    t = dealt(2)
    everyone(t, "begin_deliver", 0, [11, 10])
    s = seats(t)
    for m in s:  # ...and a seat that does so is caught when it must open it (here: the end)
        m.begin_facedown(0, (11, 10, 5) if m.seat == 0 else (11, 10), 5 if m.seat == 0 else None)
    t.pump()
    for m in s:
        m.begin_end()
    refused(t, "commitment", 0)
