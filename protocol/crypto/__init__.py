# The cryptographic core of the card protocol (mental poker after Barnett & Smart, 2003):
# a prime-order group from libsodium, ElGamal on card faces, Fiat-Shamir sigma proofs
# and a Terelius-Wikstrom verifiable shuffle. Sans-IO: bytes and values in, values out;
# secret randomness only from an Rng the caller passes: `secrets` by default
# (SYSTEM_RNG), or derived from a secret seed (DeterministicRng). Every verification
# raises ProofError or returns None; every decoder of outside bytes raises GroupError or
# ProofError (both CryptoError).
from __future__ import annotations

from .elgamal import (
    Ciphertext,
    card_face,
    decode_ciphertexts,
    decryption_share,
    encode_ciphertexts,
    encrypt,
    face_lookup,
    joint_key,
    open_deck,
    remask,
    trivial_encrypt,
    unmask,
)
from .group import (
    GENERATOR,
    SYSTEM_RNG,
    CryptoError,
    DeterministicRng,
    GroupError,
    Point,
    Rng,
    Scalar,
    base_mul,
    decode_point,
    decode_scalar,
    encode,
    encode_scalar,
    hash_to_group,
    hash_to_scalar,
    random_scalar,
)
from .proofs import (
    DleqProof,
    KeyProof,
    ProofError,
    check_key_share,
    prove_decryption_share,
    prove_decryption_shares,
    prove_key_share,
    prove_remask,
    verify_decryption_share,
    verify_decryption_shares,
    verify_key_share,
    verify_remask,
)
from .shuffle import (
    ShuffleProof, random_permutation, shuffle, shuffle_digest, shuffle_with, verify_shuffle,
    verify_shuffle_raw,
)
from .transcript import Transcript

__all__ = [
    # group
    "Point",
    "Scalar",
    "GENERATOR",
    "CryptoError",
    "GroupError",
    "decode_point",
    "encode",
    "decode_scalar",
    "encode_scalar",
    "hash_to_group",
    "hash_to_scalar",
    "random_scalar",
    "Rng",
    "SYSTEM_RNG",
    "DeterministicRng",
    "base_mul",
    # elgamal
    "Ciphertext",
    "card_face",
    "face_lookup",
    "joint_key",
    "encrypt",
    "trivial_encrypt",
    "open_deck",
    "remask",
    "decryption_share",
    "unmask",
    "encode_ciphertexts",
    "decode_ciphertexts",
    # proofs
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
    # shuffle
    "ShuffleProof",
    "shuffle",
    "shuffle_with",
    "random_permutation",
    "verify_shuffle",
    "verify_shuffle_raw",
    "shuffle_digest",
    # transcript
    "Transcript",
]
