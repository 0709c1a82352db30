"""The verifiable re-encryption shuffle (Terelius-Wikstrom proof)."""

from __future__ import annotations

import dataclasses

import nacl.bindings as nb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto.shuffle import ShuffleProof, _prove, random_permutation, shuffle, verify_shuffle
from protocol.crypto.proofs import ProofError

L = g.ORDER
ORDER_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
CTX = b"game=g1|round=2|author=seat1"


@pytest.fixture(scope="module")
def seats() -> tuple[list[g.Scalar], g.Point]:
    xs = [g.random_scalar() for _ in range(3)]
    return xs, eg.joint_key([g.base_mul(x) for x in xs])


def deck(y: g.Point, n: int) -> list[eg.Ciphertext]:
    return [eg.remask(y, ct, g.random_scalar()) for ct in eg.open_deck(y, range(n))]


def open_all(xs: list[g.Scalar], cts: list[eg.Ciphertext], n: int) -> list[int]:
    faces = eg.face_lookup(range(n))
    return [faces[eg.unmask(ct, [eg.decryption_share(x, ct) for x in xs])] for ct in cts]


def rejects(y: g.Point, cts: list[eg.Ciphertext], out: list[eg.Ciphertext], proof: ShuffleProof,
            ctx: bytes = CTX) -> str:
    with pytest.raises(ProofError) as info:
        verify_shuffle(y, cts, out, proof, ctx)
    return info.value.reason


# --- honest shuffles --------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 10])
def test_shuffle_verifies_and_keeps_the_cards(seats: tuple[list[g.Scalar], g.Point], n: int) -> None:
    xs, y = seats
    cts = deck(y, n)
    out, proof = shuffle(y, cts, CTX)
    verify_shuffle(y, cts, out, proof, CTX)
    assert proof.size == n
    assert sorted(open_all(xs, out, n)) == list(range(n))
    assert not set(out) & set(cts)  # every ciphertext is re-masked
    data = proof.to_bytes()
    assert len(data) == 160 + 128 * n
    assert ShuffleProof.from_bytes(data, size=n) == proof
    verify_shuffle(y, cts, out, ShuffleProof.from_bytes(data), CTX)


def test_full_deck_shuffle_82(seats: tuple[list[g.Scalar], g.Point]) -> None:
    xs, y = seats
    cts = eg.open_deck(y, range(82))  # the public starting deck
    out, proof = shuffle(y, cts, CTX)
    verify_shuffle(y, cts, out, proof, CTX)
    assert sorted(open_all(xs, out, 82)) == list(range(82))
    assert open_all(xs, out, 82) != list(range(82))  # fails with probability 1/82!


def test_chained_shuffles_by_every_seat(seats: tuple[list[g.Scalar], g.Point]) -> None:
    xs, y = seats
    cts = eg.open_deck(y, range(6))
    for seat in range(3):
        ctx = b"game=g1|round=0|author=seat%d" % seat
        out, proof = shuffle(y, cts, ctx)
        verify_shuffle(y, cts, out, proof, ctx)
        cts = out
    assert sorted(open_all(xs, cts, 6)) == list(range(6))


def test_random_permutation() -> None:
    for n in (1, 2, 7):
        assert sorted(random_permutation(n)) == list(range(n))
    assert random_permutation(0) == []
    with pytest.raises(ValueError):
        shuffle(g.GENERATOR, [], CTX)


# --- cheating shufflers -----------------------------------------------------------------


def test_substituted_card_rejected(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 4)
    out, proof = shuffle(y, cts, CTX)
    forged = eg.encrypt(y, eg.card_face(50), g.random_scalar())
    for i in range(4):
        assert "challenge mismatch" in rejects(y, cts, out[:i] + [forged] + out[i + 1 :], proof)


def test_duplicated_card_rejected(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 4)
    out, proof = shuffle(y, cts, CTX)
    dup = out[:3] + [eg.remask(y, out[0], g.random_scalar())]
    assert "challenge mismatch" in rejects(y, cts, dup, proof)


def test_proof_of_a_non_permutation_fails(seats: tuple[list[g.Scalar], g.Point]) -> None:
    # An honest run of the prover on a duplicating map (card 0 twice, card 1 dropped):
    # every relation but "the commitment is to a permutation" holds, and that one fails.
    _, y = seats
    cts = deck(y, 3)
    for bad_map in ([0, 0, 2], [1, 1, 1]):
        rhos = [g.random_scalar() for _ in range(3)]
        out = [eg.remask(y, cts[j], rhos[i]) for i, j in enumerate(bad_map)]
        proof = _prove(y, cts, out, bad_map, rhos, CTX)
        assert "challenge mismatch" in rejects(y, cts, out, proof)


def test_swapped_outputs_rejected(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 5)
    out, proof = shuffle(y, cts, CTX)
    swapped = [out[1], out[0]] + out[2:]
    assert "challenge mismatch" in rejects(y, cts, swapped, proof)
    # Inputs reordered also break it.
    assert "challenge mismatch" in rejects(y, [cts[1], cts[0]] + cts[2:], out, proof)


def test_bound_to_context_and_key(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 3)
    out, proof = shuffle(y, cts, CTX)
    assert "challenge mismatch" in rejects(y, cts, out, proof, b"game=g1|round=3|author=seat1")
    assert "challenge mismatch" in rejects(y, cts, out, proof, b"game=g1|round=2|author=seat2")
    other_y = g.base_mul(g.random_scalar())
    assert "challenge mismatch" in rejects(other_y, cts, out, proof)


def test_size_mismatches_rejected(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 3)
    out, proof = shuffle(y, cts, CTX)
    assert "outputs" in rejects(y, cts, out[:2], proof)
    assert "not a proof for 2" in rejects(y, cts[:2], out[:2], proof)
    assert "no ciphertexts" in rejects(y, [], [], proof)
    other_out, other_proof = shuffle(y, cts[:2], CTX)
    assert "not a proof for 3" in rejects(y, cts, out, other_proof)
    with pytest.raises(ProofError, match="expected 2"):
        ShuffleProof.from_bytes(proof.to_bytes(), size=2)


def test_altered_responses_rejected(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 2)
    out, proof = shuffle(y, cts, CTX)

    def bump(s: int) -> g.Scalar:
        return g.Scalar((s + 1) % L)

    variants = [
        dataclasses.replace(proof, challenge=bump(proof.challenge)),
        dataclasses.replace(proof, s1=bump(proof.s1)),
        dataclasses.replace(proof, s2=bump(proof.s2)),
        dataclasses.replace(proof, s3=bump(proof.s3)),
        dataclasses.replace(proof, s4=bump(proof.s4)),
        dataclasses.replace(proof, s_hat=(proof.s_hat[0], bump(proof.s_hat[1]))),
        dataclasses.replace(proof, s_prime=(bump(proof.s_prime[0]), proof.s_prime[1])),
        dataclasses.replace(proof, commitments=proof.commitments[::-1]),
        dataclasses.replace(proof, chain=(proof.chain[0], g.add(proof.chain[1], g.GENERATOR))),
        dataclasses.replace(proof, s4=g.Scalar(L)),
        dataclasses.replace(proof, s1=g.Scalar(0), s2=g.Scalar(0)),
    ]
    for bad in variants:
        rejects(y, cts, out, bad)


# --- bytes from outside -----------------------------------------------------------------


def test_every_flipped_byte_rejected(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 1)
    out, proof = shuffle(y, cts, CTX)
    data = proof.to_bytes()
    for i in range(len(data)):
        for mask in (0x01, 0x80):
            flipped = data[:i] + bytes((data[i] ^ mask,)) + data[i + 1 :]
            with pytest.raises(ProofError):
                verify_shuffle(y, cts, out, ShuffleProof.from_bytes(flipped), CTX)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_byte_corruption_rejected(seats: tuple[list[g.Scalar], g.Point], data: st.DataObject) -> None:
    _, y = seats
    cts, out, raw = _fixed_n2_shuffle(y)
    i = data.draw(st.integers(0, len(raw) - 1))
    value = data.draw(st.integers(0, 255).filter(lambda v: v != raw[i]))
    corrupted = raw[:i] + bytes((value,)) + raw[i + 1 :]
    with pytest.raises(ProofError):
        verify_shuffle(y, cts, out, ShuffleProof.from_bytes(corrupted), CTX)


_CACHE: dict[bytes, tuple[list[eg.Ciphertext], list[eg.Ciphertext], bytes]] = {}


def _fixed_n2_shuffle(y: g.Point) -> tuple[list[eg.Ciphertext], list[eg.Ciphertext], bytes]:
    if y not in _CACHE:
        cts = deck(y, 2)
        out, proof = shuffle(y, cts, CTX)
        _CACHE[y] = (cts, out, proof.to_bytes())
    return _CACHE[y]


def test_points_outside_the_group_in_proof(seats: tuple[list[g.Scalar], g.Point]) -> None:
    _, y = seats
    cts = deck(y, 2)
    out, proof = shuffle(y, cts, CTX)
    raw = proof.to_bytes()
    mixed = nb.crypto_core_ed25519_add(proof.chain[0], ORDER_8)
    off_curve = (2).to_bytes(32, "little")  # y = 2 has no x on edwards25519
    for bad_point in (mixed, off_curve, ORDER_8, g.IDENTITY):
        for offset in (160, 160 + 32, 160 + 64, 160 + 96):  # c_1, c_2, chat_1, chat_2
            bad = raw[:offset] + bad_point + raw[offset + 32 :]
            with pytest.raises(ProofError, match="shuffle proof: point"):
                ShuffleProof.from_bytes(bad)
    # Built directly (skipping the parser), the multiplications still refuse it.
    for field in ("commitments", "chain"):
        bad_tuple = (g.Point(mixed),) + getattr(proof, field)[1:]
        assert "not in group" in rejects(y, cts, out, dataclasses.replace(proof, **{field: bad_tuple}))


def test_proof_parsing_lengths() -> None:
    for length in (0, 160, 287, 289, 288 + 64):
        with pytest.raises(ProofError, match="bad length"):
            ShuffleProof.from_bytes(bytes(length))
    with pytest.raises(ProofError, match="canonical"):
        ShuffleProof.from_bytes(b"\xff" * 288)
