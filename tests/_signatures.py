"""Ed25519 signatures at the edge where libsodium and OpenSSL disagree, for the tests of
the checks that ask libsodium first and OpenSSL about what it refuses
(protocol.keys.verify, node.verify's SignatureChecker and envelope_signature_ok).

`edge_signatures()` gives an envelope-shaped message and three signatures of it: an
honest one, a broken one, and one whose R is the identity with S = k * a. [S]B - [k]A is
then the identity: a cofactorless check that compares bytes (OpenSSL) accepts it, and
libsodium refuses a small-order R. `openssl` is the reference answer."""

from __future__ import annotations

import hashlib

import nacl.bindings as nb
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

ORDER = 2**252 + 27742317777372353535851937790883648493
SEED = bytes(range(32))


def keypair() -> tuple[bytes, bytes]:
    """(public, secret) of the fixed test seed."""
    public, secret = nb.crypto_sign_seed_keypair(SEED)
    return public, secret


def edge_signatures() -> tuple[bytes, bytes, list[bytes]]:
    """(public key, message, [honest, broken, identity-R signature])."""
    public, secret = keypair()
    msg = bytes(39) + public + b"an envelope's signed part"
    honest = nb.crypto_sign(msg, secret)[:64]
    broken = honest[:10] + bytes([honest[10] ^ 1]) + honest[11:]
    h = hashlib.sha512(SEED).digest()
    a = int.from_bytes(h[:32], "little") & ((1 << 254) - 8) | (1 << 254)
    r = (1).to_bytes(32, "little")
    k = int.from_bytes(hashlib.sha512(r + public + msg).digest(), "little") % ORDER
    odd = r + (k * a % ORDER).to_bytes(32, "little")
    return public, msg, [honest, broken, odd]


def openssl(public: bytes, sig: bytes, msg: bytes) -> bool:
    """OpenSSL's answer (through `cryptography`)."""
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(sig, msg)
    except InvalidSignature:
        return False
    return True
