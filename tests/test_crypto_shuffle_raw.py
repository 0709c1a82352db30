"""verify_shuffle_raw, the check of a shuffle as received (its points validated by the
proof's multiplications), accepts exactly what decoding the outputs and the proof, then
verify_shuffle, accept: every kind of bad point, anywhere, is refused by both."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto.proofs import ProofError
from protocol.crypto.shuffle import ShuffleProof, shuffle, verify_shuffle, verify_shuffle_raw

CTX = b"game=raw|round=1|author=seat2"
N = 4
# A point of order 8 (small order: on the curve, outside the prime-order subgroup).
ORDER_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")


@pytest.fixture(scope="module")
def case() -> tuple[g.Point, list[eg.Ciphertext], bytes, bytes]:
    y = eg.joint_key([g.base_mul(g.random_scalar()) for _ in range(3)])
    cts = [eg.remask(y, ct, g.random_scalar()) for ct in eg.open_deck(y, range(N))]
    out, proof = shuffle(y, cts, CTX)
    return y, cts, eg.encode_ciphertexts(out), proof.to_bytes()


def _slow(y: g.Point, cts: list[eg.Ciphertext], out: bytes, proof: bytes) -> bool:
    try:
        verify_shuffle(y, cts, eg.decode_ciphertexts(out, len(cts)),
                       ShuffleProof.from_bytes(proof, size=len(cts)), CTX)
    except (ProofError, g.GroupError):
        return False
    return True


def _raw(y: g.Point, cts: list[eg.Ciphertext], out: bytes, proof: bytes) -> bool:
    try:
        got = verify_shuffle_raw(y, cts, out, proof, CTX)
    except ProofError:
        return False
    assert got == eg.decode_ciphertexts(out)
    return True


def _at(data: bytes, word: int, value: bytes) -> bytes:
    return data[:32 * word] + value + data[32 * word + 32:]


def _off_subgroup(p: bytes) -> bytes:
    return g.add(g.Point(p), g.Point(ORDER_8))


def _non_canonical(p: bytes) -> bytes:
    # y + p for the field prime p: the same y, not canonically encoded (y < 19 only:
    # take the identity's y = 1, whose non-canonical form fits in 255 bits)
    y = 1 + 2**255 - 19
    return y.to_bytes(32, "little")


BAD_POINTS: list[tuple[str, Callable[[bytes], bytes]]] = [
    ("identity", lambda p: g.IDENTITY),
    ("small order", lambda p: ORDER_8),
    ("outside the subgroup", _off_subgroup),
    ("non-canonical", _non_canonical),
    ("off the curve", lambda p: (2).to_bytes(32, "little")),
]


def test_a_true_shuffle_passes_both(case: tuple[g.Point, list[eg.Ciphertext], bytes, bytes]) -> None:
    y, cts, out, proof = case
    assert _slow(y, cts, out, proof) and _raw(y, cts, out, proof)


@pytest.mark.parametrize("name,bad", BAD_POINTS)
@pytest.mark.parametrize("where", ["output", "commitment", "chain"])
def test_a_bad_point_anywhere_is_refused_by_both(
        case: tuple[g.Point, list[eg.Ciphertext], bytes, bytes], name: str,
        bad: Callable[[bytes], bytes], where: str) -> None:
    y, cts, out, proof = case
    for k in (0, N - 1):
        if where == "output":
            word = 2 * k + 1
            out2, proof2 = _at(out, word, bad(out[32 * word:32 * word + 32])), proof
        else:
            word = 5 + k + (N if where == "chain" else 0)
            out2, proof2 = out, _at(proof, word, bad(proof[32 * word:32 * word + 32]))
        assert not _slow(y, cts, out2, proof2)
        assert not _raw(y, cts, out2, proof2)


def test_zero_scalars_leave_no_point_unchecked(
        case: tuple[g.Point, list[eg.Ciphertext], bytes, bytes]) -> None:
    """A zero challenge or a zero response would skip a multiplication: refused outright."""
    y, cts, out, proof = case
    p = ShuffleProof.from_bytes(proof)
    for changed in (dataclasses.replace(p, challenge=g.Scalar(0)),
                    dataclasses.replace(p, s_prime=(g.Scalar(0),) + p.s_prime[1:])):
        assert not _raw(y, cts, out, changed.to_bytes())
        assert not _slow(y, cts, out, changed.to_bytes())


def test_wrong_sizes_and_types_are_refused(
        case: tuple[g.Point, list[eg.Ciphertext], bytes, bytes]) -> None:
    y, cts, out, proof = case
    assert not _raw(y, cts, out[:-64], proof)
    assert not _raw(y, cts[:-1], out, proof)
    assert not _raw(y, cts, out, proof[:-32])
    assert not _raw(y, cts, bytearray(out), proof)  # type: ignore[arg-type]
