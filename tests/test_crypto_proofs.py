"""Schnorr key-share proofs, Chaum-Pedersen decryption-share proofs and re-mask proofs."""

from __future__ import annotations

import dataclasses

import nacl.bindings as nb
import pytest

from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto import proofs as pf

L = g.ORDER
ORDER_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
CTX = b"game=g1|round=3|author=seat0"


def setup_seats(n: int) -> tuple[list[g.Scalar], list[g.Point], g.Point]:
    xs = [g.random_scalar() for _ in range(n)]
    pubs = [g.base_mul(x) for x in xs]
    return xs, pubs, eg.joint_key(pubs)


def masked_deck(y: g.Point, n: int) -> list[eg.Ciphertext]:
    return [eg.remask(y, ct, g.random_scalar()) for ct in eg.open_deck(y, range(n))]


def tweak(s: int) -> g.Scalar:
    return g.Scalar((s + 1) % L)


# --- key shares -------------------------------------------------------------------------


def test_key_share_proof_verifies_and_round_trips() -> None:
    x = g.random_scalar()
    proof = pf.prove_key_share(x, CTX)
    pf.verify_key_share(g.base_mul(x), proof, CTX)
    assert pf.KeyProof.from_bytes(proof.to_bytes()) == proof


def test_key_share_proof_is_bound_to_context_and_key() -> None:
    x = g.random_scalar()
    pub = g.base_mul(x)
    proof_a = pf.prove_key_share(x, b"game=g1|seat=A")
    with pytest.raises(pf.ProofError, match="key share proof: challenge mismatch"):
        pf.verify_key_share(pub, proof_a, b"game=g1|seat=B")
    with pytest.raises(pf.ProofError, match="challenge mismatch"):
        pf.verify_key_share(g.base_mul(g.random_scalar()), proof_a, b"game=g1|seat=A")


def test_key_share_proof_rejects_altered_values() -> None:
    x = g.random_scalar()
    pub = g.base_mul(x)
    proof = pf.prove_key_share(x, CTX)
    for bad in (
        dataclasses.replace(proof, challenge=tweak(proof.challenge)),
        dataclasses.replace(proof, response=tweak(proof.response)),
    ):
        with pytest.raises(pf.ProofError):
            pf.verify_key_share(pub, bad, CTX)
    with pytest.raises(pf.ProofError, match="out of range"):
        pf.verify_key_share(pub, pf.KeyProof(proof.challenge, g.Scalar(L)), CTX)
    with pytest.raises(pf.ProofError, match="identity"):
        pf.verify_key_share(g.IDENTITY, proof, CTX)


def test_rogue_key_without_knowledge_fails() -> None:
    # A last seat announcing X = x G - (sum of the others) cannot prove knowledge of its log.
    _, pubs, _ = setup_seats(2)
    x = g.random_scalar()
    rogue = g.sub(g.base_mul(x), g.sum_points(pubs))
    with pytest.raises(pf.ProofError):
        pf.verify_key_share(rogue, pf.prove_key_share(x, CTX), CTX)


def test_key_proof_parsing() -> None:
    with pytest.raises(pf.ProofError, match="64 bytes"):
        pf.KeyProof.from_bytes(bytes(63))
    with pytest.raises(pf.ProofError, match="canonical"):
        pf.KeyProof.from_bytes(L.to_bytes(32, "little") + bytes(32))
    with pytest.raises(pf.ProofError, match="canonical"):
        pf.DleqProof.from_bytes(bytes(32) + b"\xff" * 32)


def test_check_key_share() -> None:
    x = g.random_scalar()
    pf.check_key_share(x, g.base_mul(x))
    with pytest.raises(pf.ProofError, match="does not match"):
        pf.check_key_share(tweak(x), g.base_mul(x))
    with pytest.raises(pf.ProofError):
        pf.check_key_share(g.Scalar(0), g.base_mul(x))


# --- decryption shares ------------------------------------------------------------------


def test_single_decryption_share() -> None:
    xs, pubs, y = setup_seats(3)
    ct = masked_deck(y, 1)[0]
    share, proof = pf.prove_decryption_share(xs[1], ct, CTX)
    assert share == eg.decryption_share(xs[1], ct)
    pf.verify_decryption_share(pubs[1], ct, share, proof, CTX)
    assert pf.DleqProof.from_bytes(proof.to_bytes()) == proof
    # Wrong share: another seat's share of the same card under this seat's key.
    wrong = eg.decryption_share(xs[0], ct)
    with pytest.raises(pf.ProofError, match="decryption share: DLEQ failed"):
        pf.verify_decryption_share(pubs[1], ct, wrong, proof, CTX)
    # A correct share proved by seat 1 is not seat 0's share.
    with pytest.raises(pf.ProofError, match="DLEQ failed"):
        pf.verify_decryption_share(pubs[0], ct, share, proof, CTX)


def test_batch_decryption_shares_and_private_draw() -> None:
    xs, pubs, y = setup_seats(3)
    hand = masked_deck(y, 8)
    drawer = 2
    collected = []
    for seat in (0, 1):
        shares, proof = pf.prove_decryption_shares(xs[seat], hand, CTX + bytes([seat]))
        pf.verify_decryption_shares(pubs[seat], hand, shares, proof, CTX + bytes([seat]))
        collected.append(shares)
    faces = eg.face_lookup(range(8))
    opened = []
    for j, ct in enumerate(hand):
        others = [collected[0][j], collected[1][j]]
        assert eg.unmask(ct, others) not in faces  # the others alone cannot read it
        opened.append(faces[eg.unmask(ct, others + [eg.decryption_share(xs[drawer], ct)])])
    assert opened == list(range(8))


def test_batch_decryption_shares_reject_tampering() -> None:
    xs, pubs, y = setup_seats(3)
    hand = masked_deck(y, 4)
    shares, proof = pf.prove_decryption_shares(xs[0], hand, CTX)
    pub = pubs[0]
    pf.verify_decryption_shares(pub, hand, shares, proof, CTX)
    other = masked_deck(y, 1)[0]
    cases = {
        "one share wrong": (pub, hand, shares[:2] + [eg.decryption_share(xs[1], hand[2])] + shares[3:], proof, CTX),
        "shares swapped": (pub, hand, [shares[1], shares[0]] + shares[2:], proof, CTX),
        "ciphertext replaced": (pub, hand[:3] + [other], shares, proof, CTX),
        "c2 altered": (pub, hand[:1] + [eg.Ciphertext(hand[0].c1, other.c2)] + hand[2:], shares, proof, CTX),
        "context": (pub, hand, shares, proof, CTX + b"x"),
        "key share": (pubs[1], hand, shares, proof, CTX),
        "challenge": (pub, hand, shares, dataclasses.replace(proof, challenge=tweak(proof.challenge)), CTX),
        "response": (pub, hand, shares, dataclasses.replace(proof, response=tweak(proof.response)), CTX),
    }
    for name, args in cases.items():
        with pytest.raises(pf.ProofError, match="decryption share"):
            pf.verify_decryption_shares(*args)
            pytest.fail(name)
    with pytest.raises(pf.ProofError, match="3 shares for 4"):
        pf.verify_decryption_shares(pub, hand, shares[:3], proof, CTX)
    with pytest.raises(pf.ProofError):
        pf.verify_decryption_shares(pub, [], [], proof, CTX)


def test_share_outside_the_group_is_a_proof_error() -> None:
    xs, pubs, y = setup_seats(2)
    ct = masked_deck(y, 1)[0]
    share, proof = pf.prove_decryption_share(xs[0], ct, CTX)
    bad = g.Point(nb.crypto_core_ed25519_add(share, ORDER_8))
    with pytest.raises(pf.ProofError, match="not in group"):
        pf.verify_decryption_share(pubs[0], ct, bad, proof, CTX)


P = 2**255 - 19
# Encodings that are no element of the prime-order subgroup (or its identity), each
# refused by decode_point.
NOT_IN_GROUP = {
    "identity": g.IDENTITY,
    "order 8": ORDER_8,
    "order 4": bytes(32),
    "identity, non-canonical": (P + 1).to_bytes(32, "little"),
    "identity with the sign bit": g.IDENTITY[:31] + b"\x80",
    "off the curve": b"\x02" + bytes(31),
}


@pytest.mark.parametrize("name", sorted(NOT_IN_GROUP))
def test_undecoded_shares_are_checked_as_decode_point_checks_them(name: str) -> None:
    """verify_decryption_shares takes shares as received: a share that decode_point
    refuses is refused there too, in any place of the batch, whatever the proof (the
    multiplication that folds it, or an outright check where none does)."""
    bad = NOT_IN_GROUP[name]
    with pytest.raises(g.GroupError):
        g.decode_point(bad)
    if bad != g.IDENTITY:  # (mul answers the identity itself, unchecked: see group.py)
        with pytest.raises(g.GroupError):  # libsodium refuses what decode_point does
            g.mul(5, g.Point(bad))
    xs, pubs, y = setup_seats(2)
    hand = masked_deck(y, 3)
    shares, proof = pf.prove_decryption_shares(xs[0], hand, CTX)
    pf.verify_decryption_shares(pubs[0], hand, shares, proof, CTX)
    zero = dataclasses.replace(proof, challenge=g.Scalar(0))  # no multiplication of shares
    for i in range(3):
        tampered = list(shares)
        tampered[i] = g.Point(bad)
        for pr in (proof, zero):
            with pytest.raises(pf.ProofError, match="point"):
                pf.verify_decryption_shares(pubs[0], hand, tampered, pr, CTX)


# --- re-masking -------------------------------------------------------------------------


def test_remask_proof() -> None:
    _, _, y = setup_seats(3)
    ct = masked_deck(y, 1)[0]
    r = g.random_scalar()
    out = eg.remask(y, ct, r)
    proof = pf.prove_remask(y, ct, out, r, CTX)
    pf.verify_remask(y, ct, out, proof, CTX)
    other_card = eg.remask(y, eg.trivial_encrypt(y, eg.card_face(99)), r)
    _, _, other_y = setup_seats(1)
    cases = {
        "another card": (y, ct, other_card, proof, CTX),
        "output c1 only": (y, ct, eg.Ciphertext(out.c1, ct.c2), proof, CTX),
        "input": (y, other_card, out, proof, CTX),
        "joint key": (other_y, ct, out, proof, CTX),
        "context": (y, ct, out, proof, b"game=g1|round=4|author=seat0"),
        "response": (y, ct, out, dataclasses.replace(proof, response=tweak(proof.response)), CTX),
        "challenge": (y, ct, out, dataclasses.replace(proof, challenge=tweak(proof.challenge)), CTX),
    }
    for name, args in cases.items():
        with pytest.raises(pf.ProofError, match="re-mask proof"):
            pf.verify_remask(*args)
            pytest.fail(name)


def test_pass_card_to_another_hand() -> None:
    # A card moves from seat 0 to seat 1: re-masked with proof, then opened to seat 1 alone
    # (shares from seats 0 and 2, each proven; seat 1 adds its own).
    xs, pubs, y = setup_seats(3)
    ct = masked_deck(y, 5)[4]
    r = g.random_scalar()
    moved = eg.remask(y, ct, r)
    pf.verify_remask(y, ct, moved, pf.prove_remask(y, ct, moved, r, CTX), CTX)
    shares = []
    for seat in (0, 2):
        share, proof = pf.prove_decryption_share(xs[seat], moved, CTX)
        pf.verify_decryption_share(pubs[seat], moved, share, proof, CTX)
        shares.append(share)
    assert eg.unmask(moved, shares + [eg.decryption_share(xs[1], moved)]) == eg.card_face(4)
