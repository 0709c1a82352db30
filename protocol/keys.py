# Ed25519 keys, signatures and the key file format (bytes only; no file I/O here).
#
# Invariants:
# - A public key is its raw 32-byte encoding; a signature is 64 bytes; a private key is
#   its 32-byte seed (RFC 8032). pyca `cryptography` (OpenSSL) holds the key; libsodium
#   signs (about twice as fast here). Ed25519 signing is deterministic (RFC 8032, 5.1.6):
#   both give the same 64 bytes for a key and a message, which tests check.
# - verify() answers True or False and never raises, whatever the bytes.
# - A public key must be a point of the prime-order subgroup in its canonical encoding
#   (key_problem(), with libsodium's crypto_core_ed25519_is_valid_point). OpenSSL checks
#   neither: under a small-order key (the identity 01 00..00, say) the signature
#   R = identity, S = 0 verifies for every message, so anyone could sign as that seat.
#   verify() is False under such a key, and the genesis refuses one (check "point"). An
#   honest key is a multiple of the base point, so it always passes.
# - verify() asks libsodium first (about 1.6x faster than OpenSSL here) and OpenSSL only
#   about what libsodium refuses, so its answer is always OpenSSL's (see verify()).
# - Loaded public key objects are cached by their 32 bytes, so verifying a journal
#   parses each seat's key once.
# - Seat keys sign envelopes only. Any other use of the same key must sign bytes that
#   cannot be read as an envelope's signed part; an envelope's signed part always
#   begins with the byte 0x9a (a 10-element msgpack array), so a domain tag prefix such
#   as b"cosmic/hello/v1" is enough.
# - The key file is text:
#       COSMIC-ED25519-SECRET-KEY v1
#       seed <64 hex digits>
#       public <64 hex digits>
#   The public line lets a reader detect a damaged seed. The caller writes the file
#   with mode 0600 (os.open with O_CREAT | O_EXCL and 0o600) - node/ owns that.
from __future__ import annotations

import functools
import re

import nacl.bindings as _nb
import nacl.exceptions as _nx
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from protocol.errors import LocalProtocolError

__all__ = [
    "PUBLIC_KEY_SIZE",
    "SIGNATURE_SIZE",
    "SEED_SIZE",
    "KEY_FILE_MAGIC",
    "SigningKey",
    "VerifyKey",
    "generate",
    "sign",
    "verify",
    "key_problem",
    "check_public_key",
    "fingerprint",
    "dump_key_file",
    "load_key_file",
]

PUBLIC_KEY_SIZE = 32
SIGNATURE_SIZE = 64
SEED_SIZE = 32
KEY_FILE_MAGIC = "COSMIC-ED25519-SECRET-KEY v1"

_RAW = serialization.Encoding.Raw
_RAW_PUB = serialization.PublicFormat.Raw
_RAW_PRIV = serialization.PrivateFormat.Raw
_NO_ENC = serialization.NoEncryption()


class SigningKey:
    """An Ed25519 private key. repr() never shows the seed."""

    __slots__ = ("_key", "_public", "_sodium")

    def __init__(self, key: Ed25519PrivateKey) -> None:
        self._key = key
        self._public = key.public_key().public_bytes(_RAW, _RAW_PUB)
        # libsodium's form of the same key: seed || public (64 bytes, secret).
        self._sodium = key.private_bytes(_RAW, _RAW_PRIV, _NO_ENC) + self._public

    @classmethod
    def generate(cls) -> SigningKey:
        """A fresh key from the operating system's CSPRNG."""
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> SigningKey:
        """The key of a 32-byte seed. Raises LocalProtocolError for another length."""
        if type(seed) is not bytes or len(seed) != SEED_SIZE:
            raise LocalProtocolError("key-file", "an Ed25519 seed is 32 bytes")
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    @property
    def seed(self) -> bytes:
        """The 32-byte private seed (secret)."""
        return self._key.private_bytes(_RAW, _RAW_PRIV, _NO_ENC)

    @property
    def public(self) -> bytes:
        """The raw 32-byte public key."""
        return self._public

    def verify_key(self) -> VerifyKey:
        return VerifyKey(self._public)

    def sign(self, message: bytes) -> bytes:
        """The 64-byte Ed25519 signature of message (libsodium; the same bytes as
        OpenSSL's, RFC 8032 signing being deterministic)."""
        if type(message) is not bytes:
            message = bytes(message)
        return _nb.crypto_sign(message, self._sodium)[:SIGNATURE_SIZE]

    def __repr__(self) -> str:
        return f"SigningKey(public={self._public.hex()})"


class VerifyKey:
    """An Ed25519 public key held as its raw 32 bytes."""

    __slots__ = ("raw",)

    def __init__(self, raw: bytes) -> None:
        if type(raw) is not bytes or len(raw) != PUBLIC_KEY_SIZE:
            raise LocalProtocolError("schema", "an Ed25519 public key is 32 bytes")
        self.raw = raw

    def verify(self, signature: bytes, message: bytes) -> bool:
        """True iff signature is a valid signature of message by this key."""
        return verify(self.raw, signature, message)

    def hex(self) -> str:
        return self.raw.hex()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, VerifyKey) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    def __repr__(self) -> str:
        return f"VerifyKey(bytes.fromhex({self.raw.hex()!r}))"


def generate() -> SigningKey:
    """A fresh signing key."""
    return SigningKey.generate()


def sign(key: SigningKey, message: bytes) -> bytes:
    """The 64-byte signature of message by key."""
    return key.sign(message)


_P = 2**255 - 19  # the field prime of edwards25519 (RFC 8032, section 5.1)
_IDENTITY = b"\x01" + b"\x00" * 31


def key_problem(public: object) -> str | None:
    """Why `public` cannot be an Ed25519 public key of a seat, or None if it can.

    A key must be 32 bytes, the canonical encoding of a point of the curve (y below the
    field prime), of the prime-order subgroup: not of small order (then anyone can
    forge its signatures) nor with a small-order component.
    """
    if type(public) is not bytes or len(public) != PUBLIC_KEY_SIZE:
        return f"an Ed25519 public key is {PUBLIC_KEY_SIZE} bytes"
    return _point_problem(public)


@functools.lru_cache(maxsize=1024)
def _point_problem(public: bytes) -> str | None:
    """key_problem of 32 bytes, kept: the subgroup check costs a scalar multiplication,
    and a node or a verifier meets the same few seat keys again and again (every
    genesis it decodes, every journal of one game)."""
    if int.from_bytes(public, "little") & ((1 << 255) - 1) >= _P:
        return "a non-canonical encoding (y is not below the field prime)"
    if _nb.crypto_core_ed25519_is_valid_point(public):
        return None
    # Only to say why: 8P is the identity exactly for the points of small order.
    try:
        p2 = _nb.crypto_core_ed25519_add(public, public)
        p4 = _nb.crypto_core_ed25519_add(p2, p2)
        p8 = _nb.crypto_core_ed25519_add(p4, p4)
    except (_nx.CryptoError, ValueError, TypeError):
        return "not a point of the curve"
    if p8 == _IDENTITY:
        return "a point of small order: anyone can sign as it"
    return "not in the prime-order subgroup (it has a small-order component)"


def check_public_key(public: object, what: str = "the key") -> None:
    """Raise LocalProtocolError("point") naming `what` if `public` cannot be a seat's key
    (see key_problem)."""
    why = key_problem(public)
    if why is not None:
        raise LocalProtocolError("point", f"{what} is not a valid Ed25519 public key: {why}")


@functools.lru_cache(maxsize=1024)
def _public_key(raw: bytes) -> Ed25519PublicKey | None:
    if key_problem(raw) is not None:
        return None  # a key OpenSSL would take but that proves nothing
    try:
        return Ed25519PublicKey.from_public_bytes(raw)
    except Exception:  # an unusable encoding: it verifies nothing
        return None


def verify(public: bytes, signature: bytes, message: bytes) -> bool:
    """True iff signature is a valid Ed25519 signature of message under public.

    Never raises: a key or signature of the wrong type or length gives False, and so
    does a key that is not a valid public key (key_problem), whatever the signature.

    The answer is OpenSSL's. libsodium checks first, being faster: what it accepts,
    OpenSSL accepts too (both refuse S >= L and compare R byte for byte, without the
    cofactor; libsodium also refuses small-order R and A and a non-canonical A, which
    only makes it stricter), given a key key_problem accepts, as here. What libsodium
    refuses is asked of OpenSSL, so a signature only OpenSSL takes still verifies.
    """
    if type(public) is not bytes or len(public) != PUBLIC_KEY_SIZE:
        return False
    if type(signature) is not bytes or len(signature) != SIGNATURE_SIZE:
        return False
    key = _public_key(public)
    if key is None:
        return False
    if type(message) is bytes:
        try:
            _nb.crypto_sign_open(signature + message, public)
            return True
        except Exception:  # BadSignatureError: OpenSSL's word is the answer
            pass
    try:
        key.verify(signature, message)
    except InvalidSignature:
        return False
    except Exception:  # e.g. a message of a type OpenSSL refuses
        return False
    return True


def fingerprint(public: bytes) -> str:
    """A short human-readable form of a public key (first 8 bytes as hex groups)."""
    h = public[:8].hex()
    return ":".join(h[i : i + 4] for i in range(0, len(h), 4))


def dump_key_file(key: SigningKey) -> bytes:
    """The bytes of a key file holding key (secret: the caller writes it with mode 0600)."""
    text = f"{KEY_FILE_MAGIC}\nseed {key.seed.hex()}\npublic {key.public.hex()}\n"
    return text.encode("ascii")


_KEY_FILE = re.compile(
    r"\A" + re.escape(KEY_FILE_MAGIC) + r"\nseed ([0-9a-f]{64})\npublic ([0-9a-f]{64})\n?\Z"
)


def load_key_file(data: bytes) -> SigningKey:
    """The signing key in a key file's bytes.

    Raises LocalProtocolError(check="key-file") for a wrong header, a malformed line or
    a public key that does not match the seed (a damaged file).
    """
    try:
        text = data.decode("ascii")
    except (UnicodeDecodeError, AttributeError):
        raise LocalProtocolError("key-file", "not an ASCII key file") from None
    m = _KEY_FILE.match(text.replace("\r\n", "\n"))
    if m is None:
        raise LocalProtocolError("key-file", f"expected a {KEY_FILE_MAGIC!r} key file")
    key = SigningKey.from_seed(bytes.fromhex(m.group(1)))
    if key.public != bytes.fromhex(m.group(2)):
        raise LocalProtocolError("key-file", "the public key does not match the seed")
    return key
