# CurveZMQ keys of a node: one X25519 keypair, derived from the player's Ed25519 seed.
#
# Invariants:
# - A node has exactly one Curve keypair. Its ROUTER is a CURVE server with it and each
#   of its outbound DEALERs is a CURVE client with the same keypair, so a peer knows one
#   Curve public key per player, used both to reach the player and to admit it.
# - Keys are raw 32-byte strings everywhere in our code; libzmq accepts them as socket
#   options as they are. z85 appears only in repr-free debugging, never on the wire.
# - The choice: secret = SHA-256(b"cosmic/curve/v1\0" || Ed25519 seed). It is not the
#   birational map of the Ed25519 key (no key does two jobs) and it is not random: a node
#   resumed from its key file gets the same Curve key, so peers that admitted it need no
#   new exchange and nothing else is stored. A different domain tag and hash than
#   Ed25519's own seed expansion (SHA-512(seed)) keep the two keys independent. X25519
#   clamps any 32 bytes into a valid scalar, so every digest is a valid secret.
# - Nobody can check the derivation from the outside (it needs the seed). What binds a
#   Curve public key to a player is that player's Ed25519 signature over a card naming
#   it (node.discovery); a Curve key is only admitted from a verified card.
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import zmq
from zmq.utils import z85

__all__ = ["CURVE_KEY_SIZE", "CurveKeys"]

CURVE_KEY_SIZE = 32
_DERIVE_TAG = b"cosmic/curve/v1\x00"


def _public_of(secret: bytes) -> bytes:
    return z85.decode(zmq.curve_public(z85.encode(secret)))


@dataclass(frozen=True, repr=False)
class CurveKeys:
    """A Curve (X25519) keypair as raw 32-byte strings. repr() never shows the secret."""

    public: bytes
    secret: bytes

    @classmethod
    def from_seed(cls, seed: bytes) -> CurveKeys:
        """The keypair derived from a 32-byte Ed25519 seed. Raises ValueError otherwise."""
        if type(seed) is not bytes or len(seed) != 32:
            raise ValueError("an Ed25519 seed is 32 bytes")
        secret = hashlib.sha256(_DERIVE_TAG + seed).digest()
        return cls(_public_of(secret), secret)

    @classmethod
    def generate(cls) -> CurveKeys:
        """A fresh keypair from libzmq's CSPRNG (for a node without a player key)."""
        public, secret = zmq.curve_keypair()
        return cls(z85.decode(public), z85.decode(secret))

    def __post_init__(self) -> None:
        for name in ("public", "secret"):
            value = getattr(self, name)
            if type(value) is not bytes or len(value) != CURVE_KEY_SIZE:
                raise ValueError(f"a Curve {name} key is {CURVE_KEY_SIZE} bytes")
        if _public_of(self.secret) != self.public:
            raise ValueError("the Curve public key does not match the secret")

    def __repr__(self) -> str:
        return f"CurveKeys(public={self.public.hex()})"
