# The card protocol's messages: envelope kinds, body schemas, Fiat-Shamir contexts, the
# sealed box for cards shown to one seat, and how crypto failures become blame.
#
# Invariants:
# - Every card message is an envelope kind named "cards.<name>", registered in
#   DEFAULT_KINDS when this module is first imported (as envelope.py does for its own
#   kinds), with a strict Record schema plus a KindCheck for the rules that tie fields
#   together (byte lengths that are whole points, distinct positions, a recipient that is
#   another seat). Field 0 of every body is `op`, the number of the card operation the
#   message belongs to; every node numbers operations alike because the engine's
#   decision points start them in the same order everywhere.
# - Group elements travel as raw 32-byte encodings (lists of them concatenated) and
#   proofs as their to_bytes(). Nothing here decodes a point: the state machine does, and
#   decode_point() refuses anything outside the prime-order subgroup.
# - A proof's Fiat-Shamir context is canonical msgpack [CONTEXT_TAG, game id, op, author,
#   label]; protocol.crypto adds the whole statement (keys, inputs, outputs) after it.
# - A card shown to one seat travels as a ChaCha20-Poly1305 box keyed by HKDF-SHA256 of
#   the static X25519 secret between sender and recipient, salted by the game id and
#   bound to op, sender, recipient and the cards shown. Each (op, sender, recipient)
#   carries at most one box in a record, and its plaintext (shares, and a proof whose
#   nonce is bound to them) is a function of the cards, so the fixed nonce never seals
#   two plaintexts under one key, even when a restarted seat makes its box again. A
#   seat's X25519 private key is HKDF of its ElGamal key share: when key shares are
#   published at the end of the game, anyone can open every box and check it (the audit
#   does).
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from protocol import canonical
from protocol.crypto import group as _g
from protocol.envelope import DEFAULT_KINDS, Envelope, KindRegistry
from protocol.errors import RemoteProtocolError
from protocol.genesis import Genesis
from protocol.schema import Bytes, Int, List, Optional, Record, Schema

__all__ = [
    "CONTEXT_TAG",
    "MAX_CARDS",
    "CARD_CHECKS",
    "KEY_COMMIT",
    "KEY",
    "SHUFFLE",
    "PICK",
    "REMASK",
    "SHARES",
    "OPEN",
    "FACEDOWN",
    "SHOW",
    "BEACON_COMMIT",
    "BEACON_REVEAL",
    "SECRET",
    "PAGE",
    "UNVEIL",
    "CARD_KINDS",
    "register_card_kinds",
    "context",
    "blame",
    "x25519_private",
    "x25519_public",
    "box_key",
    "shared_box_key",
    "seal_box",
    "open_box",
    "BoxError",
]

CONTEXT_TAG = "cosmic/cards/v1"
MAX_CARDS = 256  # the largest list of cards one message may carry (a deck is 72-82)
_HANDLE = Int(0, 2**31 - 1)
_OPENED = Int(-1, 2**31 - 1)  # a face-down opening's handle: -1 is the commitment to no card
_OP = Int(0, 2**32 - 1)
_B32 = Bytes(32)
_BOX_OVERHEAD = 16  # the Poly1305 tag

# The `check` names the card protocol gives RemoteProtocolError (beyond errors.CHECKS).
CARD_CHECKS: frozenset[str] = frozenset(
    {
        "point",  # a group element that does not decode (off the curve, small order...)
        "key-proof",  # a key share without a valid Schnorr proof
        "key-share",  # a secret key share (end of game) that does not match its public share
        "shuffle-proof",  # a shuffle whose proof does not verify (substitution, duplication...)
        "remask-proof",  # a re-masked card whose proof does not verify
        "share-proof",  # decryption shares whose Chaum-Pedersen proof does not verify
        "pick",  # a random take's positions that are not k distinct positions of the hand
        "face",  # an opened card that is not the face the seat claimed
        "box",  # a card shown to one seat whose box does not open
        "claim",  # a hidden claim the end-of-game audit proves false
        "commitment",  # (also in errors.CHECKS) a reveal that does not open its commitment
    }
)

KEY_COMMIT = "cards.key-commit"
KEY = "cards.key"
SHUFFLE = "cards.shuffle"
PICK = "cards.pick"
REMASK = "cards.remask"
SHARES = "cards.shares"
OPEN = "cards.open"
FACEDOWN = "cards.facedown"
SHOW = "cards.show"
BEACON_COMMIT = "cards.beacon-commit"
BEACON_REVEAL = "cards.beacon-reveal"
SECRET = "cards.secret"
PAGE = "cards.page"  # a secret page committed place by place (protocol/pages.py)
UNVEIL = "cards.unveil"  # one place of a page opened


def _points(max_points: int) -> Bytes:
    return Bytes(max_len=32 * max_points, min_len=32)


_CTS = Bytes(max_len=64 * MAX_CARDS, min_len=64)
_SHUFFLE_PROOF = Bytes(max_len=160 + 128 * MAX_CARDS, min_len=288)

_SCHEMAS: dict[str, Schema] = {
    KEY_COMMIT: Record(("op", _OP), ("digest", _B32)),
    KEY: Record(
        ("op", _OP), ("nonce", _B32), ("key", _B32), ("x25519", _B32), ("proof", Bytes(64))
    ),
    SHUFFLE: Record(("op", _OP), ("cts", _CTS), ("proof", _SHUFFLE_PROOF)),
    PICK: Record(("op", _OP), ("positions", List(Int(0, MAX_CARDS - 1), max_len=MAX_CARDS))),
    REMASK: Record(
        ("op", _OP), ("cts", _CTS), ("proofs", List(Bytes(64), min_len=1, max_len=MAX_CARDS))
    ),
    SHARES: Record(("op", _OP), ("shares", _points(MAX_CARDS)), ("proof", Bytes(64))),
    OPEN: Record(
        ("op", _OP),
        ("cards", List(Record(("handle", _HANDLE), ("face", _HANDLE)), max_len=MAX_CARDS)),
        ("shares", Bytes(max_len=32 * MAX_CARDS)),
        ("proof", Optional(Bytes(64))),
        ("facedown", Optional(Record(("handle", _OPENED), ("nonce", _B32)))),
    ),
    FACEDOWN: Record(("op", _OP), ("digest", _B32)),
    SHOW: Record(
        ("op", _OP),
        ("to", Int(0, 255)),
        ("handles", List(_HANDLE, min_len=1, max_len=MAX_CARDS)),
        ("box", Bytes(max_len=32 * MAX_CARDS + 64 + _BOX_OVERHEAD)),
    ),
    BEACON_COMMIT: Record(("op", _OP), ("digest", _B32)),
    BEACON_REVEAL: Record(("op", _OP), ("nonce", _B32), ("value", _B32)),
    SECRET: Record(
        ("op", _OP),
        ("secret", _B32),
        ("openings", List(Record(("op", _OP), ("handle", _OPENED), ("nonce", _B32)),
                          max_len=1024)),
    ),
    PAGE: Record(("op", _OP), ("digests", _points(MAX_CARDS))),
    UNVEIL: Record(("op", _OP), ("count", Int(0, 2**16 - 1)), ("salt", _B32)),
}


def _check(kind: str, genesis: Genesis, author: int, body: Any) -> str | None:
    """The cross-field rules of a body that already matches its schema, or None."""
    if kind == SHUFFLE:
        n, rest = divmod(len(body[1]), 64)
        if rest or len(body[2]) != 160 + 128 * n:
            return "a shuffle carries 64-byte ciphertexts and a proof for as many"
    elif kind == REMASK:
        n, rest = divmod(len(body[1]), 64)
        if rest or len(body[2]) != n:
            return "a re-mask carries 64-byte ciphertexts and one proof for each"
    elif kind == SHARES:
        if len(body[1]) % 32:
            return "shares are 32-byte points"
    elif kind == PAGE:
        if len(body[1]) % 32:
            return "a page carries 32-byte commitments"
    elif kind == PICK:
        if len(set(body[1])) != len(body[1]):
            return "picked positions must be distinct"
    elif kind == OPEN:
        cards, shares, proof, facedown = body[1], body[2], body[3], body[4]
        if len(shares) != 32 * len(cards) or (proof is None) != (not cards):
            return "an open carries one share per card and a proof when it has cards"
        if len({h for h, _ in cards}) != len(cards) or (not cards and facedown is None):
            return "an open names distinct cards, or at least a face-down card"
    elif kind == SHOW:
        to, handles, box = body[1], body[2], body[3]
        if to >= genesis.n_seats or to == author:
            return f"show to seat {to}: no such other seat"
        if len(set(handles)) != len(handles) or len(box) != 32 * len(handles) + 64 + _BOX_OVERHEAD:
            return "a show names distinct cards and boxes one share each and a proof"
    return None


def _kind_check(kind: str) -> Any:
    return lambda genesis, author, body: _check(kind, genesis, author, body)


CARD_KINDS: tuple[str, ...] = tuple(_SCHEMAS)


def register_card_kinds(registry: KindRegistry = DEFAULT_KINDS) -> None:
    """Register every card kind in `registry` (skipping those it already has)."""
    for kind, schema in _SCHEMAS.items():
        if kind not in registry:
            registry.register(kind, schema, _kind_check(kind))


register_card_kinds()


def context(game_id: bytes, op: int, author: int, label: str) -> bytes:
    """The Fiat-Shamir context of a proof: game, operation, author and what it proves."""
    return canonical.encode([CONTEXT_TAG, game_id, op, author, label])


def blame(check: str, message: str, env: Envelope) -> RemoteProtocolError:
    """A RemoteProtocolError against the author of a signed envelope."""
    return RemoteProtocolError(
        check, f"{env.kind}: {message}", author=env.author, seq=env.seq, proven=True
    )


# --- X25519 boxes for cards shown to one seat (and, with its own keys and tags, for
# private chat: protocol/tell.py) -------------------------------------------------------

_X_INFO = b"cosmic/cards/x25519/v1"
_BOX_INFO = b"cosmic/cards/box/v1"
_NONCE = bytes(12)


def x25519_private(secret: int, game_id: bytes, seat: int) -> X25519PrivateKey:
    """A seat's X25519 key, derived from its ElGamal key share (HKDF-SHA256)."""
    raw = HKDF(
        algorithm=hashes.SHA256(), length=32, salt=game_id,
        info=_X_INFO + seat.to_bytes(2, "big"),
    ).derive(_g.encode_scalar(secret))
    return X25519PrivateKey.from_private_bytes(raw)


def x25519_public(key: X25519PrivateKey) -> bytes:
    """The raw 32-byte public key."""
    return key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


class BoxError(Exception):
    """A box that cannot be opened, or a peer key that gives no shared secret."""


def box_key(
    own: X25519PrivateKey, peer: bytes, game_id: bytes, op: int, sender: int, to: int,
    handles: Sequence[int] = (),
) -> bytes:
    """The one-use AEAD key of (op, sender -> to, the cards shown). Raises BoxError for a
    degenerate peer key."""
    info = _BOX_INFO + canonical.encode([op, sender, to, list(handles)])
    return shared_box_key(own, peer, game_id, info)


def shared_box_key(own: X25519PrivateKey, peer: bytes, salt: bytes, info: bytes) -> bytes:
    """HKDF-SHA256 of the X25519 secret of own and peer (raw 32 bytes), under salt and
    info: the key of every box (card shows above, private chat in protocol/tell.py; each
    use has its own info tag). Raises BoxError for a degenerate peer key."""
    try:
        shared = own.exchange(X25519PublicKey.from_public_bytes(peer))
    except ValueError as e:  # a low-order peer key: the shared secret would be zero
        raise BoxError("the peer's X25519 key gives no shared secret") from e
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=info).derive(shared)


def seal_box(key: bytes, aad: bytes, plaintext: bytes) -> bytes:
    """ChaCha20-Poly1305 under a one-use key (fixed nonce)."""
    return ChaCha20Poly1305(key).encrypt(_NONCE, plaintext, aad)


def open_box(key: bytes, aad: bytes, box: bytes) -> bytes:
    """The plaintext of a box. Raises BoxError if it does not authenticate."""
    try:
        return ChaCha20Poly1305(key).decrypt(_NONCE, box, aad)
    except InvalidTag as e:
        raise BoxError("the box does not authenticate") from e
