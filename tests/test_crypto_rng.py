"""Sources of secret randomness (protocol.crypto.group.Rng): the `secrets` default, and
draws derived from a secret seed, bound to what they are used for."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto.proofs import (
    prove_decryption_shares, prove_key_share, prove_remask, verify_decryption_shares,
    verify_key_share,
)
from protocol.crypto.shuffle import shuffle, verify_shuffle

SEED = bytes(range(32))
CTX = b"test-context"


def lp(data: bytes) -> bytes:
    return len(data).to_bytes(8, "big") + data


def test_the_stream_is_hmac_sha512_of_seed_label_and_counter() -> None:
    rng = g.DeterministicRng(SEED, b"label")
    expected = b"".join(
        hmac.new(SEED, lp(b"cosmic/crypto/rng/block/v1") + lp(b"label") + i.to_bytes(8, "big"),
                 hashlib.sha512).digest() for i in range(2))
    assert rng.token(10) + rng.token(118) == expected
    # scalar(): the next 64 bytes, little-endian, mod (L - 1), plus 1.
    rng = g.DeterministicRng(SEED, b"label")
    assert rng.scalar() == int.from_bytes(expected[:64], "little") % (g.ORDER - 1) + 1


def test_same_seed_and_label_give_the_same_draws_and_others_differ() -> None:
    def draws(seed: bytes, label: bytes) -> tuple[object, ...]:
        r = g.DeterministicRng(seed, label)
        return (r.token(7), r.scalar(), [r.below(n) for n in (1, 2, 3, 10, 1000, 2**70)],
                r.derive(b"x").token(8))

    assert draws(SEED, b"a") == draws(SEED, b"a")
    assert draws(SEED, b"a") != draws(SEED, b"b")
    assert draws(SEED, b"a") != draws(bytes(32), b"a")
    with pytest.raises(ValueError):
        g.DeterministicRng(bytes(31), b"a")


def test_below_is_in_range_and_covers_it() -> None:
    r = g.DeterministicRng(SEED, b"below")
    seen = {r.below(6) for _ in range(200)}
    assert seen == set(range(6))
    assert all(0 < r.scalar() < g.ORDER for _ in range(20))
    with pytest.raises(ValueError):
        r.below(0)
    with pytest.raises(ValueError):
        g.SYSTEM_RNG.below(0)


def test_derive_binds_the_data_and_the_position_in_the_stream() -> None:
    a, b = g.DeterministicRng(SEED, b"d"), g.DeterministicRng(SEED, b"d")
    assert a.derive(b"one").token(32) == b.derive(b"one").token(32)
    a, b = g.DeterministicRng(SEED, b"d"), g.DeterministicRng(SEED, b"d")
    assert a.derive(b"one").token(32) != b.derive(b"two").token(32)
    a = g.DeterministicRng(SEED, b"d")
    assert a.derive(b"one").token(32) != a.derive(b"one").token(32)  # the next use differs
    assert g.SYSTEM_RNG.derive(b"x") is g.SYSTEM_RNG
    assert g.SYSTEM_RNG.token(32) != g.SYSTEM_RNG.token(32)


def test_seeded_proofs_are_reproducible_and_verify() -> None:
    x = g.random_scalar()
    xp = g.base_mul(x)
    y = g.base_mul(g.random_scalar())
    cts = eg.open_deck(y, range(5))

    def make() -> tuple[bytes, ...]:
        rng = g.DeterministicRng(SEED, b"proofs")
        key = prove_key_share(x, CTX, rng)
        shares, sproof = prove_decryption_shares(x, cts, CTX, rng)
        out, shp = shuffle(y, cts, CTX, rng)
        verify_key_share(xp, key, CTX)
        verify_decryption_shares(xp, cts, shares, sproof, CTX)
        verify_shuffle(y, cts, out, shp, CTX)
        return key.to_bytes(), sproof.to_bytes(), eg.encode_ciphertexts(out), shp.to_bytes()

    assert make() == make()


def _extract(c1: int, s1: int, c2: int, s2: int) -> int:
    """The witness from two responses under one nonce: s = w + c x."""
    return (s1 - s2) * pow(c1 - c2, -1, g.ORDER) % g.ORDER


def test_one_seeded_source_never_gives_one_nonce_to_two_statements() -> None:
    # Were the Schnorr / Chaum-Pedersen nonce a function of the seed and label alone, two
    # proofs of different statements under one label would give the key share away.
    x = g.random_scalar()
    y = g.base_mul(g.random_scalar())
    cts = eg.open_deck(y, range(4))
    label = b"same-label"
    _, p1 = prove_decryption_shares(x, cts[:2], CTX, g.DeterministicRng(SEED, label))
    _, p2 = prove_decryption_shares(x, cts[2:], CTX, g.DeterministicRng(SEED, label))
    assert _extract(p1.challenge, p1.response, p2.challenge, p2.response) != x
    k1 = prove_key_share(x, b"ctx-1", g.DeterministicRng(SEED, label))
    k2 = prove_key_share(x, b"ctx-2", g.DeterministicRng(SEED, label))
    assert _extract(k1.challenge, k1.response, k2.challenge, k2.response) != x
    r = g.random_scalar()
    outs = [eg.remask(y, ct, r) for ct in cts[:2]]
    m1 = prove_remask(y, cts[0], outs[0], r, CTX, g.DeterministicRng(SEED, label))
    m2 = prove_remask(y, cts[1], outs[1], r, CTX, g.DeterministicRng(SEED, label))
    assert _extract(m1.challenge, m1.response, m2.challenge, m2.response) != r
    # A shuffle under one label of two different decks: different re-masking too.
    o1, _ = shuffle(y, cts[:3], CTX, g.DeterministicRng(SEED, label))
    o2, _ = shuffle(y, cts[1:], CTX, g.DeterministicRng(SEED, label))
    assert {g.sub(a.c1, b.c1) for a in o1 for b in cts[:3]}.isdisjoint(
        {g.sub(a.c1, b.c1) for a in o2 for b in cts[1:]})
