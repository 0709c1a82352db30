# Sigma proofs made non-interactive with Fiat-Shamir (transcript.py).
#
# Invariants:
# - Every proof is (challenge, response): the verifier recomputes the prover's
#   commitments from them and accepts only if the transcript's challenge is the same.
#   The transcript holds a per-proof domain tag, the caller's context (game id, round,
#   author...) and the whole statement, so a proof never transfers to another statement,
#   seat or round.
# - Key share (Schnorr): knowledge of x with X = x G. Stops rogue keys: a seat cannot
#   register X_j = x G - (others) without knowing the others' secrets.
# - Decryption shares (Chaum-Pedersen DLEQ, batched): D_j = x c1_j for every j, with
#   X = x G. The verifier folds the statement into one DLEQ, log_G X = log_C D, with
#   C = sum a_j c1_j and D = sum a_j D_j, a_1 = 1 and a_j (j > 1) transcript challenges
#   drawn after every D_j is fixed; a wrong D_j survives the folding with probability
#   at most 1/L. One share is a batch of one.
# - Re-mask: knowledge of r with out - in = (r G, r Y), a DLEQ on the differences.
# - Verification functions return None or raise ProofError naming the proof and the
#   reason; a bad point inside a proof or statement is a ProofError, never another
#   exception. Responses and challenges must be canonical scalars (< L).
# - Provers take an Rng (default: `secrets`) and draw each nonce from
#   Transcript.prover_rng after the whole statement is absorbed, so a nonce derived from
#   a seed is bound to the statement it proves.
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .elgamal import Ciphertext
from .group import (
    IDENTITY,
    ORDER,
    CryptoError,
    GroupError,
    SYSTEM_RNG,
    Point,
    Rng,
    Scalar,
    base_mul,
    decode_point,
    decode_scalar,
    encode_scalar,
    msm,
    mul,
    sub,
)
from .transcript import Transcript

__all__ = [
    "ProofError",
    "KeyProof",
    "DleqProof",
    "prove_key_share",
    "verify_key_share",
    "check_key_share",
    "prove_decryption_share",
    "verify_decryption_share",
    "prove_decryption_shares",
    "verify_decryption_shares",
    "prove_remask",
    "verify_remask",
]

_L = ORDER
_KEY_DOMAIN = b"cosmic/crypto/key-share/v1"
_SHARES_DOMAIN = b"cosmic/crypto/decryption-shares/v1"
_REMASK_DOMAIN = b"cosmic/crypto/remask/v1"


class ProofError(CryptoError):
    """A proof does not verify, or cannot be parsed; `reason` says which and why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class _ChallengeResponse:
    challenge: Scalar
    response: Scalar

    def to_bytes(self) -> bytes:
        """challenge || response, 64 bytes."""
        return encode_scalar(self.challenge) + encode_scalar(self.response)


@dataclass(frozen=True, slots=True)
class KeyProof(_ChallengeResponse):
    """Schnorr proof of knowledge of a key share."""

    @classmethod
    def from_bytes(cls, data: bytes) -> KeyProof:
        """Parse 64 bytes. Raises ProofError."""
        c, s = _parse_pair(data, "key share proof")
        return cls(c, s)


@dataclass(frozen=True, slots=True)
class DleqProof(_ChallengeResponse):
    """Chaum-Pedersen proof of equal discrete logs."""

    @classmethod
    def from_bytes(cls, data: bytes) -> DleqProof:
        """Parse 64 bytes. Raises ProofError."""
        c, s = _parse_pair(data, "DLEQ proof")
        return cls(c, s)


def _parse_pair(data: bytes, what: str) -> tuple[Scalar, Scalar]:
    if len(data) != 64:
        raise ProofError(f"{what}: expected 64 bytes, got {len(data)}")
    try:
        return decode_scalar(data[:32]), decode_scalar(data[32:])
    except GroupError as e:
        raise ProofError(f"{what}: {e}") from e


def _check_scalars(proof: _ChallengeResponse, what: str) -> None:
    if not (0 <= proof.challenge < _L and 0 <= proof.response < _L):
        raise ProofError(f"{what}: scalar out of range")


def _ct_points(cts: Sequence[Ciphertext]) -> list[Point]:
    out: list[Point] = []
    for ct in cts:
        out.append(ct.c1)
        out.append(ct.c2)
    return out


# --- key shares -------------------------------------------------------------------------


def _key_transcript(x_pub: Point, context: bytes) -> Transcript:
    t = Transcript(_KEY_DOMAIN, context)
    t.append_points(b"key-share", (x_pub,))
    return t


def prove_key_share(x: Scalar, context: bytes, rng: Rng = SYSTEM_RNG) -> KeyProof:
    """Schnorr proof that we know x for X = x G, bound to `context` (game, seat...)."""
    t = _key_transcript(base_mul(x), context)
    w = t.prover_rng(rng, b"nonce").scalar()
    t.append_points(b"commitment", (base_mul(w),))
    c = t.challenge(b"challenge")
    return KeyProof(c, Scalar((w + c * x) % _L))


def verify_key_share(x_pub: Point, proof: KeyProof, context: bytes) -> None:
    """Check a key share proof. Raises ProofError."""
    what = "key share proof"
    _check_scalars(proof, what)
    if x_pub == IDENTITY:
        raise ProofError(f"{what}: the identity is not a key share")
    try:
        a = sub(base_mul(proof.response), mul(proof.challenge, x_pub))
    except GroupError as e:
        raise ProofError(f"{what}: {e}") from e
    t = _key_transcript(x_pub, context)
    t.append_points(b"commitment", (a,))
    if t.challenge(b"challenge") != proof.challenge:
        raise ProofError(f"{what}: challenge mismatch")


def check_key_share(x: Scalar, x_pub: Point) -> None:
    """Check a secret key share revealed at the end of a game against its public share.

    Raises ProofError.
    """
    if not 0 < x < _L or base_mul(x) != x_pub:
        raise ProofError("key share: secret does not match the public share")


# --- decryption shares ------------------------------------------------------------------


def _shares_transcript(
    x_pub: Point, cts: Sequence[Ciphertext], shares: Sequence[Point], context: bytes
) -> tuple[Transcript, list[Scalar]]:
    t = Transcript(_SHARES_DOMAIN, context)
    t.append_points(b"key-share", (x_pub,))
    t.append_points(b"ciphertexts", _ct_points(cts))
    t.append_points(b"shares", shares)
    weights = [Scalar(1)] + t.challenges(b"weights", len(cts) - 1)
    return t, weights


def prove_decryption_shares(
    x: Scalar, cts: Sequence[Ciphertext], context: bytes, rng: Rng = SYSTEM_RNG
) -> tuple[list[Point], DleqProof]:
    """Our decryption shares x c1 for each ciphertext and one DLEQ proof for them all.

    Raises ValueError for an empty list, GroupError for a point outside the group.
    """
    if not cts:
        raise ValueError("decryption shares: no ciphertexts")
    shares = [mul(x, ct.c1) for ct in cts]
    t, weights = _shares_transcript(base_mul(x), cts, shares, context)
    if len(cts) == 1:
        c_sum, d_sum = cts[0].c1, shares[0]
    else:
        c_sum = msm(weights, [ct.c1 for ct in cts])
        d_sum = mul(x, c_sum)
    w = t.prover_rng(rng, b"nonce").scalar()
    t.append_points(b"commitment", (base_mul(w), mul(w, c_sum)))
    c = t.challenge(b"challenge")
    return shares, DleqProof(c, Scalar((w + c * x) % _L))


def verify_decryption_shares(
    x_pub: Point,
    cts: Sequence[Ciphertext],
    shares: Sequence[Point],
    proof: DleqProof,
    context: bytes,
) -> None:
    """Check decryption shares against the seat's public key share. Raises ProofError.

    The shares may come as received, undecoded: each one is accepted only as an element
    of the prime-order subgroup other than the identity, canonically encoded (the checks
    of group.decode_point), else ProofError. Each is checked by the variable-base
    multiplication that folds it into the proof (libsodium refuses exactly those points:
    non-canonical, of small order, off the curve, outside the subgroup), or outright
    when that multiplication is skipped (the identity, or a zero coefficient, which
    needs a zero challenge or weight: probability about 2^-252). So a caller need not
    decode them first, and each point is checked once instead of twice."""
    what = "decryption share"
    if not cts or len(shares) != len(cts):
        raise ProofError(f"{what}: {len(shares)} shares for {len(cts)} ciphertexts")
    _check_scalars(proof, what)
    t, weights = _shares_transcript(x_pub, cts, shares, context)
    c, s = proof.challenge, proof.response
    neg_c = (-c) % _L
    try:
        a1 = sub(base_mul(s), mul(c, x_pub))
        # s C - c D, with C and D folded in one pass: sum (s a_j) c1_j + (-c a_j) D_j.
        coeffs = [s * a % _L for a in weights] + [neg_c * a % _L for a in weights]
        for share, k in zip(shares, coeffs[len(cts):]):
            if k == 0 or share == IDENTITY:
                decode_point(share)  # msm skips this term: check the point outright
        a2 = msm(coeffs, [ct.c1 for ct in cts] + list(shares))
    except GroupError as e:
        raise ProofError(f"{what}: {e}") from e
    t.append_points(b"commitment", (a1, a2))
    if t.challenge(b"challenge") != c:
        raise ProofError(f"{what}: DLEQ failed")


def prove_decryption_share(
    x: Scalar, ct: Ciphertext, context: bytes, rng: Rng = SYSTEM_RNG
) -> tuple[Point, DleqProof]:
    """One decryption share x c1 with its DLEQ proof (a batch of one)."""
    shares, proof = prove_decryption_shares(x, [ct], context, rng)
    return shares[0], proof


def verify_decryption_share(
    x_pub: Point, ct: Ciphertext, share: Point, proof: DleqProof, context: bytes
) -> None:
    """Check one decryption share. Raises ProofError."""
    verify_decryption_shares(x_pub, [ct], [share], proof, context)


# --- re-masking -------------------------------------------------------------------------


def _remask_transcript(y: Point, ct: Ciphertext, out: Ciphertext, context: bytes) -> Transcript:
    t = Transcript(_REMASK_DOMAIN, context)
    t.append_points(b"joint-key", (y,))
    t.append_points(b"input", (ct.c1, ct.c2))
    t.append_points(b"output", (out.c1, out.c2))
    return t


def prove_remask(
    y: Point, ct: Ciphertext, out: Ciphertext, r: Scalar, context: bytes, rng: Rng = SYSTEM_RNG
) -> DleqProof:
    """Proof that out = remask(y, ct, r), i.e. out - ct = (r G, r Y)."""
    t = _remask_transcript(y, ct, out, context)
    w = t.prover_rng(rng, b"nonce").scalar()
    t.append_points(b"commitment", (base_mul(w), mul(w, y)))
    c = t.challenge(b"challenge")
    return DleqProof(c, Scalar((w + c * r) % _L))


def verify_remask(y: Point, ct: Ciphertext, out: Ciphertext, proof: DleqProof, context: bytes) -> None:
    """Check that `out` re-masks `ct` under the joint key y. Raises ProofError."""
    what = "re-mask proof"
    _check_scalars(proof, what)
    c, s = proof.challenge, proof.response
    try:
        a1 = sub(base_mul(s), mul(c, sub(out.c1, ct.c1)))
        a2 = sub(mul(s, y), mul(c, sub(out.c2, ct.c2)))
    except GroupError as e:
        raise ProofError(f"{what}: {e}") from e
    t = _remask_transcript(y, ct, out, context)
    t.append_points(b"commitment", (a1, a2))
    if t.challenge(b"challenge") != c:
        raise ProofError(f"{what}: DLEQ failed")
