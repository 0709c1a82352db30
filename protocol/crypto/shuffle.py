# Verifiable re-encryption shuffle with a Terelius-Wikstrom proof, after the pseudo-code
# of Haenni, Locher, Koenig and Dubuis, "Pseudo-Code Algorithms for Verifiable
# Re-encryption Mix-Nets" (FC 2017 workshops), in additive notation over our group.
#
# Invariants and how it works:
# - shuffle() picks a permutation p with Fisher-Yates over an Rng (`secrets` by default)
#   and outputs out_i = in_{p(i)} + (rho_i G, rho_i Y) (GenShuffle).
# - Secret values come from the caller's Rng: p first, then the re-masking scalars rho
#   from a source bound to (context, Y, in), then every other secret of the proof from a
#   source bound to (context, Y, in, out) (Transcript.prover_rng). With a seeded Rng, the
#   same inputs give the same bytes, and different statements never share a nonce.
# - Generators h, h_1..h_N are hash_to_group(GEN_DOMAIN, index): nobody knows a discrete
#   log between any two of them or G. They are fixed for all games (the Fiat-Shamir
#   challenge binds the caller's context), so they are computed once and cached.
# - The proof, for u_j = transcript challenges over (context, Y, in, out, commitments):
#     permutation commitment  c_{p(i)} = r_{p(i)} G + h_i     (GenPermutationCommitment)
#     u'_i = u_{p(i)}
#     commitment chain        chat_0 = h, chat_i = rhat_i G + u'_i chat_{i-1}
#                                                           (GenCommitmentChain)
#   and one Sigma protocol (GenProof) for the witnesses
#     rbar = sum r_j, rhat = sum rhat_i prod_{k>i} u'_k, rtilde = sum r_j u_j,
#     rho* = sum rho_i u'_i, u'_1..u'_N, rhat_1..rhat_N
#   of the relations
#     sum c_j - sum h_i          = rbar G                          (t1)
#     chat_N - (prod u_j) h      = rhat G                          (t2)
#     sum u_j c_j                = rtilde G + sum u'_i h_i         (t3)
#     sum u'_i out_i             = sum u_j in_j + (rho* G, rho* Y) (t4, two components)
#     chat_i                     = rhat_i G + u'_i chat_{i-1}      (that_i)
#   The proof carries the commitments c, the chain chat, the challenge and the responses;
#   CheckProof recomputes t1..t4 and that_i from them and compares the challenge.
# - Proof bytes: challenge, s1, s2, s3, s4, then c (N points), chat (N points), shat (N
#   scalars), s' (N scalars); 160 + 128 N bytes. Parsing validates every point and
#   scalar and raises ProofError; nothing else escapes from parsing or verification.
# - Cost (variable-base / fixed-base multiplications): prove 6N+1 / 4N+4 (re-masking
#   included), verify 8N+4 / N+4, plus 2N point validations to parse a proof.
# - verify_shuffle_raw() checks a proof and its outputs as received, undecoded: every
#   point of them is multiplied by a nonzero scalar in the check (libsodium's
#   variable-base multiplication refuses exactly what decode_point refuses), so each is
#   validated once instead of twice; where a multiplication would be skipped (a zero
#   scalar, the identity) it refuses outright, and the caller checks the slow way (which
#   names the exact fault). It accepts exactly what decoding then verify_shuffle accept.
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from .elgamal import Ciphertext, remask
from .group import (
    IDENTITY,
    ORDER,
    SYSTEM_RNG,
    GroupError,
    Point,
    Rng,
    Scalar,
    add,
    base_mul,
    decode_point,
    decode_scalar,
    encode_scalar,
    hash_to_group,
    msm,
    mul,
    sub,
    sum_points,
)
from .proofs import ProofError
from .transcript import Transcript

__all__ = [
    "GEN_DOMAIN", "ShuffleProof", "shuffle", "shuffle_with", "verify_shuffle", "verify_shuffle_raw",
    "shuffle_digest", "random_permutation",
]

_L = ORDER
_DOMAIN = b"cosmic/crypto/shuffle/v1"
GEN_DOMAIN = b"cosmic/crypto/shuffle-generators/v1"


class _Generators:
    """h, h_1, h_2, ... and the prefix sums of h_i, extended on demand and kept."""

    def __init__(self) -> None:
        self._h: Point | None = None
        self._hs: list[Point] = []
        self._sums: list[Point] = []

    def get(self, n: int) -> tuple[Point, list[Point], Point]:
        """(h, [h_1..h_n], h_1 + ... + h_n)."""
        if self._h is None:
            self._h = hash_to_group(GEN_DOMAIN, (0).to_bytes(4, "big"))
        while len(self._hs) < n:
            i = len(self._hs) + 1
            g = hash_to_group(GEN_DOMAIN, i.to_bytes(4, "big"))
            self._sums.append(add(self._sums[-1], g) if self._sums else g)
            self._hs.append(g)
        return self._h, self._hs[:n], self._sums[n - 1]


_GENERATORS = _Generators()


@dataclass(frozen=True, slots=True)
class ShuffleProof:
    """A Terelius-Wikstrom proof that out is a re-masked permutation of in."""

    commitments: tuple[Point, ...]  # c_1..c_N, the permutation commitment
    chain: tuple[Point, ...]  # chat_1..chat_N, the commitment chain
    challenge: Scalar
    s1: Scalar
    s2: Scalar
    s3: Scalar
    s4: Scalar
    s_hat: tuple[Scalar, ...]
    s_prime: tuple[Scalar, ...]

    @property
    def size(self) -> int:
        """N, the number of ciphertexts shuffled."""
        return len(self.commitments)

    def to_bytes(self) -> bytes:
        """The wire form (160 + 128 N bytes)."""
        head = [self.challenge, self.s1, self.s2, self.s3, self.s4]
        return b"".join(
            [encode_scalar(s) for s in head]
            + list(self.commitments)
            + list(self.chain)
            + [encode_scalar(s) for s in self.s_hat]
            + [encode_scalar(s) for s in self.s_prime]
        )

    @classmethod
    def from_bytes(cls, data: bytes, size: int | None = None, *,
                   validate: bool = True) -> ShuffleProof:
        """Parse and validate a proof (of exactly `size` ciphertexts if given). Raises ProofError.

        validate=False leaves its points unchecked (verify_shuffle_raw checks them)."""
        raw = bytes(data)
        if len(raw) < 288 or (len(raw) - 160) % 128 != 0:
            raise ProofError(f"shuffle proof: bad length {len(raw)}")
        n = (len(raw) - 160) // 128
        if size is not None and n != size:
            raise ProofError(f"shuffle proof: for {n} ciphertexts, expected {size}")
        words = [raw[32 * k : 32 * k + 32] for k in range(len(raw) // 32)]
        try:
            head = [decode_scalar(w) for w in words[:5]]
            points = ([decode_point(w) for w in words[5 : 5 + 2 * n]] if validate
                      else [Point(w) for w in words[5 : 5 + 2 * n]])
            scalars = [decode_scalar(w) for w in words[5 + 2 * n :]]
        except GroupError as e:
            raise ProofError(f"shuffle proof: {e}") from e
        return cls(
            commitments=tuple(points[:n]),
            chain=tuple(points[n:]),
            challenge=head[0],
            s1=head[1],
            s2=head[2],
            s3=head[3],
            s4=head[4],
            s_hat=tuple(scalars[:n]),
            s_prime=tuple(scalars[n:]),
        )


def random_permutation(n: int, rng: Rng = SYSTEM_RNG) -> list[int]:
    """A uniformly random permutation of range(n) (Fisher-Yates over `rng`, from the last
    position down)."""
    p = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        p[i], p[j] = p[j], p[i]
    return p


def _statement(
    y: Point, cts: Sequence[Ciphertext], out: Sequence[Ciphertext], commitments: Sequence[Point], context: bytes
) -> tuple[Transcript, list[Scalar]]:
    """The transcript after the statement and the permutation commitment, and the u_j."""
    t = _bound(Transcript(_DOMAIN, context), y, cts)
    t.append_points(b"output", [p for ct in out for p in (ct.c1, ct.c2)])
    t.append_points(b"permutation-commitment", commitments)
    return t, t.challenges(b"u", len(cts))


def _final_challenge(t: Transcript, chain: Sequence[Point], ts: Sequence[Point], t_hat: Sequence[Point]) -> Scalar:
    t.append_points(b"chain", chain)
    t.append_points(b"t", ts)
    t.append_points(b"t-hat", t_hat)
    return t.challenge(b"challenge")


def shuffle(
    y: Point, cts: Sequence[Ciphertext], context: bytes, rng: Rng = SYSTEM_RNG
) -> tuple[list[Ciphertext], ShuffleProof]:
    """Permute and re-mask `cts` under the joint key y; return the new list and its proof.

    `context` must name the game, round and author (it is bound into the proof).
    Raises ValueError for an empty list.
    """
    if not cts:
        raise ValueError("shuffle: no ciphertexts")
    return shuffle_with(y, cts, random_permutation(len(cts), rng), context, rng)


def _bound(t: Transcript, y: Point, cts: Sequence[Ciphertext]) -> Transcript:
    """t with the size, joint key and input absorbed (the head of every statement)."""
    t.append_int(b"size", len(cts))
    t.append_points(b"joint-key", (y,))
    t.append_points(b"input", [p for ct in cts for p in (ct.c1, ct.c2)])
    return t


def shuffle_with(
    y: Point, cts: Sequence[Ciphertext], perm: Sequence[int], context: bytes,
    rng: Rng = SYSTEM_RNG,
) -> tuple[list[Ciphertext], ShuffleProof]:
    """shuffle() with the caller's permutation: out_i = in_{perm[i]}, freshly re-masked.

    For a prover who must know where each card went (a seat shuffling its own hand).
    `perm` must be a secret, uniformly random permutation (random_permutation()).
    Raises ValueError for an empty list or a perm that is not a permutation of range(N).
    """
    n = len(cts)
    if n == 0:
        raise ValueError("shuffle: no ciphertexts")
    if sorted(perm) != list(range(n)):
        raise ValueError("shuffle: perm is not a permutation of the ciphertexts")
    masks = _bound(Transcript(_DOMAIN, context), y, cts).prover_rng(rng, b"remask")
    rhos = [masks.scalar() for _ in range(n)]
    out = [remask(y, cts[perm[i]], rhos[i]) for i in range(n)]
    return out, _prove(y, cts, out, perm, rhos, context, rng)


def _prove(
    y: Point,
    cts: Sequence[Ciphertext],
    out: Sequence[Ciphertext],
    perm: Sequence[int],
    rhos: Sequence[int],
    context: bytes,
    rng: Rng = SYSTEM_RNG,
) -> ShuffleProof:
    """GenProof: out_i = in_{perm[i]} + (rho_i G, rho_i Y)."""
    n = len(cts)
    h, hs, _ = _GENERATORS.get(n)
    head = _bound(Transcript(_DOMAIN, context), y, cts)
    head.append_points(b"output", [p for ct in out for p in (ct.c1, ct.c2)])
    secret = head.prover_rng(rng, b"prover")

    # GenPermutationCommitment: c_{p(i)} = r_{p(i)} G + h_i (r indexed by input position).
    r = [secret.scalar() for _ in range(n)]
    commitments: list[Point] = [h] * n
    for i, j in enumerate(perm):
        commitments[j] = add(base_mul(r[j]), hs[i])

    t, u = _statement(y, cts, out, commitments, context)
    u_p = [u[j] for j in perm]

    # GenCommitmentChain from chat_0 = h.
    r_hat = [secret.scalar() for _ in range(n)]
    chain: list[Point] = []
    prev = h
    for i in range(n):
        prev = add(base_mul(r_hat[i]), mul(u_p[i], prev))
        chain.append(prev)

    r_bar = sum(r) % _L
    r_hat_total, v = 0, 1
    for i in range(n - 1, -1, -1):
        r_hat_total = (r_hat_total + r_hat[i] * v) % _L
        v = v * u_p[i] % _L
    r_tilde = sum(rj * uj for rj, uj in zip(r, u)) % _L
    rho_star = sum(rho * up for rho, up in zip(rhos, u_p)) % _L

    w1, w2, w3, w4 = (secret.scalar() for _ in range(4))
    w_hat = [secret.scalar() for _ in range(n)]
    w_prime = [secret.scalar() for _ in range(n)]
    t1 = base_mul(w1)
    t2 = base_mul(w2)
    t3 = add(base_mul(w3), msm(w_prime, hs))
    t41 = sub(msm(w_prime, [ct.c1 for ct in out]), base_mul(w4))
    t42 = sub(msm(w_prime, [ct.c2 for ct in out]), mul(w4, y))
    t_hat = [add(base_mul(w_hat[i]), mul(w_prime[i], chain[i - 1] if i else h)) for i in range(n)]

    c = _final_challenge(t, chain, (t1, t2, t3, t41, t42), t_hat)
    return ShuffleProof(
        commitments=tuple(commitments),
        chain=tuple(chain),
        challenge=c,
        s1=Scalar((w1 + c * r_bar) % _L),
        s2=Scalar((w2 + c * r_hat_total) % _L),
        s3=Scalar((w3 + c * r_tilde) % _L),
        s4=Scalar((w4 + c * rho_star) % _L),
        s_hat=tuple(Scalar((w_hat[i] + c * r_hat[i]) % _L) for i in range(n)),
        s_prime=tuple(Scalar((w_prime[i] + c * u_p[i]) % _L) for i in range(n)),
    )


def verify_shuffle(
    y: Point,
    cts: Sequence[Ciphertext],
    out: Sequence[Ciphertext],
    proof: ShuffleProof,
    context: bytes,
    _all_multiplied: bool = False,
) -> None:
    """CheckProof: `out` is a permutation of `cts` re-masked under y. Raises ProofError.

    The ciphertexts must be validated ones (decode_ciphertexts); the proof may come from
    ShuffleProof.from_bytes or be built directly (its points are then checked by the
    scalar multiplications, which refuse points outside the group).
    """
    n = len(cts)
    if n == 0:
        raise ProofError("shuffle proof: no ciphertexts")
    if len(out) != n:
        raise ProofError(f"shuffle proof: {len(out)} outputs for {n} inputs")
    if not (len(proof.commitments) == len(proof.chain) == len(proof.s_hat) == len(proof.s_prime) == n):
        raise ProofError(f"shuffle proof: not a proof for {n} ciphertexts")
    head = (proof.challenge, proof.s1, proof.s2, proof.s3, proof.s4)
    if not all(0 <= s < _L for s in head + proof.s_hat + proof.s_prime):
        raise ProofError("shuffle proof: scalar out of range")
    try:
        expected = _recompute(y, cts, out, proof, context, _all_multiplied)
    except GroupError as e:
        raise ProofError(f"shuffle proof: {e}") from e
    if expected != proof.challenge:
        raise ProofError("shuffle proof: challenge mismatch")


def verify_shuffle_raw(
    y: Point, cts: Sequence[Ciphertext], out: bytes, proof: bytes, context: bytes,
) -> list[Ciphertext]:
    """verify_shuffle on the outputs and proof as received (undecoded): the outputs,
    checked. Raises ProofError on any fault, without saying which check a full decoding
    would blame first: the caller then checks the slow way (decode_ciphertexts,
    ShuffleProof.from_bytes, verify_shuffle) for the exact error.

    Accepts exactly what that slow way accepts: every point of `out` and of the proof
    is multiplied by a nonzero scalar here (libsodium refuses, as decode_point does, a
    non-canonical, small-order, off-curve or out-of-subgroup point), and a proof in
    which one would not be (a zero challenge, weight or response, or the identity) is
    refused here outright. `cts` must be validated ciphertexts."""
    n = len(cts)
    if type(out) is not bytes or type(proof) is not bytes or n == 0 or len(out) != 64 * n:
        raise ProofError("shuffle proof: outputs not for the inputs")
    parsed = ShuffleProof.from_bytes(proof, size=n, validate=False)
    outs = [Ciphertext(Point(out[i:i + 32]), Point(out[i + 32:i + 64])) for i in range(0, 64 * n, 64)]
    points = [p for ct in outs for p in (ct.c1, ct.c2)] + list(parsed.commitments) + list(parsed.chain)
    if parsed.challenge == 0 or 0 in parsed.s_prime or IDENTITY in points:
        raise ProofError("shuffle proof: a point would go unchecked")
    # A weight u_j of zero (a hash: probability 2^-252) is refused in _recompute.
    verify_shuffle(y, cts, outs, parsed, context, _all_multiplied=True)
    return outs


_DIGEST_TAG = b"cosmic/crypto/shuffle-statement/v1"


def shuffle_digest(y: Point, cts: Sequence[Ciphertext], out: bytes, proof: bytes,
                   context: bytes) -> bytes:
    """SHA-256 of a whole shuffle check's input: the joint key, the input and output
    ciphertexts, the proof and the context, each length-prefixed. Two checks with the same
    digest check the same bytes (node.verify's worker reports its verdicts by it)."""
    h = hashlib.sha256(_lp(_DIGEST_TAG))
    for part in (y, b"".join([ct.c1 + ct.c2 for ct in cts]), out, proof, context):
        h.update(_lp(bytes(part)))
    return h.digest()


def _lp(data: bytes) -> bytes:
    return len(data).to_bytes(8, "big") + data


def _recompute(
    y: Point, cts: Sequence[Ciphertext], out: Sequence[Ciphertext], proof: ShuffleProof,
    context: bytes, all_multiplied: bool = False,
) -> Scalar:
    """The challenge a valid proof would have, recomputed from the responses
    (all_multiplied: refuse weights u_j of zero, which would leave a commitment
    unmultiplied, so unchecked)."""
    n = len(cts)
    h, hs, h_sum = _GENERATORS.get(n)
    t, u = _statement(y, cts, out, proof.commitments, context)
    if all_multiplied and 0 in u:
        raise GroupError("a commitment would go unchecked")
    c = proof.challenge
    neg_c = (-c) % _L
    u_prod = 1
    for uj in u:
        u_prod = u_prod * uj % _L
    cu = [neg_c * uj % _L for uj in u]
    s_prime = list(proof.s_prime)
    chain = proof.chain

    # t1 = s1 G - c (sum c_j - sum h_i)
    t1 = sub(base_mul(proof.s1), mul(c, sub(sum_points(proof.commitments), h_sum)))
    # t2 = s2 G - c chat_N + (c prod u) h
    t2 = add(base_mul(proof.s2), msm((neg_c, c * u_prod % _L), (chain[-1], h)))
    # t3 = s3 G + sum s'_i h_i - c sum u_j c_j
    t3 = add(base_mul(proof.s3), msm(s_prime + cu, hs + list(proof.commitments)))
    # t4 = sum s'_i out_i - (s4 G, s4 Y) - c sum u_j in_j
    t41 = sub(msm(s_prime + cu, [ct.c1 for ct in out] + [ct.c1 for ct in cts]), base_mul(proof.s4))
    t42 = sub(msm(s_prime + cu, [ct.c2 for ct in out] + [ct.c2 for ct in cts]), mul(proof.s4, y))
    # that_i = shat_i G + s'_i chat_{i-1} - c chat_i
    t_hat = [
        add(base_mul(proof.s_hat[i]), msm((s_prime[i], neg_c), (chain[i - 1] if i else h, chain[i])))
        for i in range(n)
    ]
    return _final_challenge(t, chain, (t1, t2, t3, t41, t42), t_hat)
