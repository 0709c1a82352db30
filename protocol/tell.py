# Private chat: a "tell" is a message to one seat, sealed so that only that seat and its
# author can read it, during the game and after (docs/journal-format.md 5.5 is the byte
# specification; docs/security.md 1 says what it protects).
#
# Invariants:
# - A tell is an ordinary envelope of kind "tell" (signed, chained, taken and journaled by
#   every node, checked by every verifier); only its body's box is secret. Its body is
#   [to, nonce, box]: `to` another seat, `nonce` 32 fresh random bytes, `box` the
#   ChaCha20-Poly1305 box of the padded text (protocol.cards_wire seal_box / open_box:
#   one AEAD for every box of the protocol).
# - Keys. Each seat's X25519 key pair is its Ed25519 identity key pair mapped to
#   Curve25519 (libsodium crypto_sign_ed25519_{sk,pk}_to_curve25519): the recipient's
#   public key is in the genesis from the start, and the private key never leaves its
#   player. (Not the card protocol's X25519 keys: those derive from the ElGamal key
#   shares, which every seat publishes at the end of the game for the audit, so anyone
#   could then open every box made with them.) The box key is
#       HKDF-SHA256(X25519(own, peer), salt = game id,
#                   info = "cosmic/tell/key/v1" || canonical [author, to, nonce])
#   so each tell has its own key (the nonce is fresh), the fixed AEAD nonce never
#   seals two plaintexts under one key, and the key is apart from every card box key
#   (other key pairs, other info tag).
# - The AEAD's associated data is canonical ["cosmic/tell/v1", game id, author, to, seq]:
#   a box opens only in the envelope it was made for (its game, author, recipient and
#   place in the author's chain).
# - The plaintext is the text's UTF-8 followed by the fewest zero bytes that make its
#   length a multiple of 32 (so the box shows the length only to within 32 bytes). A box
#   that does not open, or opens to anything but such a padding of a valid chat text
#   (safe text, 1..500 characters), is the author's fault: check "box", proven (the
#   author signed it); only the two ends of a tell can tell.
from __future__ import annotations

import secrets
from typing import Any

import nacl.bindings
import nacl.exceptions
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

from protocol import canonical
from protocol.cards_wire import BoxError, open_box, seal_box, shared_box_key
from protocol.envelope import CHAT_KINDS, MAX_CHAT_TEXT, TELL_BLOCK, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.genesis import Genesis
from protocol.keys import SigningKey
from protocol.schema import SchemaError, Str

__all__ = [
    "TELL_KIND",
    "CHAT_KINDS",
    "tell_body",
    "read_tell",
    "reader_of",
    "pad_text",
    "unpad_text",
]

TELL_KIND = "tell"  # its body schema is registered with the built-in kinds (envelope.py)
TEXT = Str(MAX_CHAT_TEXT, min_len=1)
_KEY_INFO = b"cosmic/tell/key/v1"
_AAD_TAG = "cosmic/tell/v1"


# --- text <-> plaintext -------------------------------------------------------------------


def pad_text(text: str) -> bytes:
    """The plaintext of a text: UTF-8, then zero bytes up to a multiple of 32 bytes."""
    data = text.encode("utf-8")
    return data + bytes(-len(data) % TELL_BLOCK)


def unpad_text(plain: bytes) -> str:
    """The text of a plaintext made by pad_text. Raises ValueError for anything else."""
    data = plain.rstrip(b"\0")
    if not data or len(plain) != len(data) + (-len(data) % TELL_BLOCK):
        raise ValueError("the padding is not the fewest zero bytes to a whole block")
    text = data.decode("utf-8")  # strict: raises UnicodeDecodeError, a ValueError
    try:
        TEXT.check(text, "text")
    except SchemaError as exc:
        raise ValueError(exc.message) from None
    return text


# --- keys -----------------------------------------------------------------------------------


def _own_x25519(key: SigningKey) -> X25519PrivateKey:
    """The X25519 private key of an Ed25519 identity (the same secret scalar)."""
    raw = nacl.bindings.crypto_sign_ed25519_sk_to_curve25519(key.seed + key.public)
    return X25519PrivateKey.from_private_bytes(raw)


def _peer_x25519(ed_public: bytes) -> bytes:
    """The X25519 public key of an Ed25519 public key. Raises BoxError for a key that is
    not a point of the curve, or of small order."""
    try:
        return nacl.bindings.crypto_sign_ed25519_pk_to_curve25519(ed_public)
    except (nacl.exceptions.RuntimeError, nacl.exceptions.ValueError, TypeError) as e:
        raise BoxError("the seat's key cannot receive sealed messages") from e


def _box_key(own: SigningKey, peer: bytes, game_id: bytes, author: int, to: int,
             nonce: bytes) -> bytes:
    info = _KEY_INFO + canonical.encode([author, to, nonce])
    return shared_box_key(_own_x25519(own), _peer_x25519(peer), game_id, info)


def _aad(game_id: bytes, author: int, to: int, seq: int) -> bytes:
    return canonical.encode([_AAD_TAG, game_id, author, to, seq])


# --- sealing and reading ------------------------------------------------------------------


def tell_body(genesis: Genesis, key: SigningKey, author: int, seq: int, to: int, text: str,
              nonce: bytes | None = None) -> list[Any]:
    """The body [to, nonce, box] of author's tell `text` to seat `to`, for the envelope
    with sequence number seq (nonce: 32 fresh random bytes unless given, for tests).

    Raises LocalProtocolError ("schema") for a recipient that is not another seat, a key
    that is not the author's or a text that public chat would refuse; ("box") for a
    recipient whose key cannot receive one."""
    if type(to) is not int or not 0 <= to < genesis.n_seats or to == author:
        raise LocalProtocolError("schema", f"tell to seat {to!r}: no such other seat")
    if genesis.seat_key(author) != key.public:
        raise LocalProtocolError("author", f"the key is not seat {author}'s")
    try:
        TEXT.check(text, "text")
    except SchemaError as exc:
        raise LocalProtocolError(exc.check, exc.message) from None
    nonce = secrets.token_bytes(32) if nonce is None else nonce
    if type(nonce) is not bytes or len(nonce) != 32:
        raise LocalProtocolError("schema", "a tell's nonce is 32 bytes")
    try:
        box_key = _box_key(key, genesis.seat_key(to), genesis.game_id, author, to, nonce)
    except BoxError as e:
        raise LocalProtocolError("box", f"seat {to}: {e}") from None
    box = seal_box(box_key, _aad(genesis.game_id, author, to, seq), pad_text(text))
    return [to, nonce, box]


def reader_of(genesis: Genesis, key: SigningKey, env: Envelope) -> bool:
    """True if `key` can read the tell env: its author's or its recipient's key."""
    return key.public in (genesis.seat_key(env.author), genesis.seat_key(env.body[0]))


def read_tell(genesis: Genesis, key: SigningKey, env: Envelope) -> str:
    """The text of the tell env (opened by open_envelope), read with the key of its
    author or of its recipient.

    Raises LocalProtocolError ("author") if the key is neither; RemoteProtocolError
    ("box", proven: the author signed it) if the box does not open to a padded text."""
    if env.kind != TELL_KIND:
        raise LocalProtocolError("kind", f"a {env.kind!r} envelope is not a tell")
    to, nonce, box = env.body
    if key.public == genesis.seat_key(env.author):
        peer = genesis.seat_key(to)
    elif key.public == genesis.seat_key(to):
        peer = genesis.seat_key(env.author)
    else:
        raise LocalProtocolError("author", "only a tell's author and recipient can read it")
    try:
        box_key = _box_key(key, peer, genesis.game_id, env.author, to, nonce)
        return unpad_text(open_box(box_key, _aad(genesis.game_id, env.author, to, env.seq),
                                   box))
    except BoxError as e:
        why = str(e)
    except ValueError as e:
        why = f"the box opens to no chat text ({e})"
    raise RemoteProtocolError("box", f"tell to seat {to}: {why}", author=env.author,
                              seq=env.seq, proven=True)
