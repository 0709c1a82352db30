# Envelopes: the signed, chained unit of every message between seats.
#
# Invariants:
# - Wire and stored form (one and the same bytes):
#       raw = signed || sig
#       signed = canonical msgpack [version, game_id, author, author_key, seq, prev,
#                                   state_hash, kind, body, view]
#       sig = Ed25519(author's key, signed), 64 bytes
#   The signature covers exactly the bytes that are stored and sent; nothing is ever
#   re-serialized to check it. Envelope.hash = SHA-256(raw).
# - open_envelope() checks, cheapest first: size, canonical encoding, version, field
#   types, author index, game id, author key against the genesis, then the signature,
#   then kind and body schema. An error before the signature check blames nobody for
#   sure (proven=False); after it, the author signed the offending bytes (proven=True).
#   check_opening() makes the same checks but the signature's and builds nothing;
#   open_checked() only builds the envelope of bytes that passed them elsewhere (the
#   verify worker, node.verify): it checks nothing itself.
# - seal() validates the body before encoding anything, then opens its own output with
#   open_envelope(), so we never send what a peer would refuse. It does not verify its
#   own signature again: made with the seat's key (checked), it verifies by construction.
# - Ledger (sans-IO) keeps each author's chain: seq runs 1, 2, 3... without gaps, prev is
#   the hash of the author's previous envelope (32 zero bytes for seq 1). A failed check
#   changes nothing, except that proof of equivocation (two different signed envelopes
#   with one (author, seq)) is recorded as Evidence and the author is refused from then on.
# - view binds the author's view of the *other* chains: for each seat, the seq of the
#   latest envelope of that seat outside chat (CHAT_KINDS) the author had taken (0: none;
#   always 0 for the author itself), and one digest of their hashes (view_digest). A
#   reader checks the view against its own chains before anything that depends on them
#   (Ledger.check_view): a seat that shows two peers two versions of one envelope (a
#   fork) is then caught by the first envelope of a third seat that saw one version,
#   before that third seat can be blamed for a proof made on another input. Chat is left
#   out so that the view of a card message depends only on the game's order and a node
#   that regenerates it after a restart makes the same bytes.
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import msgpack

from protocol import canonical
from protocol.canonical import Value
from protocol.errors import DecodeError, LocalProtocolError, RemoteProtocolError
from protocol.genesis import MAX_SEATS, Genesis
from protocol.keys import SIGNATURE_SIZE, SigningKey, verify
from protocol.schema import (
    NAME, Bytes, Int, Record, Schema, SchemaError, Str, Tree, strict_depth,
)

__all__ = [
    "ENVELOPE_VERSION",
    "MAX_ENVELOPE_SIZE",
    "MAX_SEQ",
    "ZERO_HASH",
    "KindCheck",
    "KindSpec",
    "KindRegistry",
    "DEFAULT_KINDS",
    "CHAT_KINDS",
    "MAX_CHAT_TEXT",
    "TELL_BLOCK",
    "MAX_TELL_BOX",
    "register_kind",
    "action_body_schema",
    "Envelope",
    "seal",
    "open_envelope",
    "open_checked",
    "check_opening",
    "Evidence",
    "Ledger",
    "View",
    "view_digest",
    "empty_view",
    "check_state_hash",
]

ENVELOPE_VERSION = 2  # 2: the view field (version 1 had nine fields, no view)
# 256 KiB: the largest expected body is a proven shuffle of the 82-card deck (about
# 82 x 2 x 32 bytes of ciphertexts plus a proof of a few x 82 points, ~30 KiB).
MAX_ENVELOPE_SIZE = 256 * 1024
MAX_SEQ = 2**32 - 1
ZERO_HASH = bytes(32)
_FIELDS = 10
_VIEW_TAG = b"cosmic/view/v1\x00"
# The smallest possible envelope is larger than this; shorter input is refused early.
_MIN_SIZE = SIGNATURE_SIZE + 1 + _FIELDS
_UNPACKB = msgpack.unpackb  # as protocol.canonical unpacks (open_checked)

# A kind's extra check, run after its schema: returns why the body is invalid, or None.
KindCheck = Callable[[Genesis, int, Any], "str | None"]


@dataclass(frozen=True, slots=True)
class KindSpec:
    """A registered kind: its name, body schema and optional extra check."""

    name: str
    schema: Schema
    check: KindCheck | None = None
    # How deep the arrays the schema accepts nest, when it accepts nothing outside the
    # canonical value space (protocol.schema.strict_depth), else None.
    depth: int | None = None


_KIND_NAME = Str(32, min_len=1, pattern=NAME)


class KindRegistry:
    """Kinds and their body schemas; an envelope of an unregistered kind is refused."""

    def __init__(self) -> None:
        self._specs: dict[str, KindSpec] = {}
        self.revision = 0  # how many kinds were registered: the same registry, the same kinds

    def register(self, name: str, schema: Schema, check: KindCheck | None = None) -> None:
        """Register kind name. Raises LocalProtocolError for a bad or already-taken name."""
        if not _KIND_NAME.is_valid(name):
            raise LocalProtocolError("kind", f"bad kind name {name!r}")
        if name in self._specs:
            raise LocalProtocolError("kind", f"kind {name!r} is already registered")
        self._specs[name] = KindSpec(name, schema, check, strict_depth(schema))
        self.revision += 1

    def get(self, name: str) -> KindSpec | None:
        return self._specs.get(name)

    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self._specs))

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def copy(self) -> KindRegistry:
        """An independent registry holding the same kinds."""
        other = KindRegistry()
        other._specs = dict(self._specs)
        other.revision = self.revision
        return other


PURPOSE = Str(64, min_len=1, pattern=NAME)
MAX_REVEAL_PAYLOAD = 64 * 1024


MAX_CHAT_TEXT = 500  # characters of a chat or tell text
CHAT_KINDS = frozenset({"chat", "tell"})  # chained and journaled, outside the game's order
# A tell's box (protocol/tell.py): the text's UTF-8 padded with zero bytes to whole blocks,
# then a 16-byte Poly1305 tag; at most 500 characters of 4 bytes each.
TELL_BLOCK = 32
_TELL_TAG = 16
MAX_TELL_BOX = -(-4 * MAX_CHAT_TEXT // TELL_BLOCK) * TELL_BLOCK + _TELL_TAG


def _tell_check(genesis: Genesis, author: int, body: Any) -> str | None:
    to, box = body[0], body[2]
    if to >= genesis.n_seats or to == author:
        return f"tell to seat {to}: no such other seat"
    if (len(box) - _TELL_TAG) % TELL_BLOCK:
        return f"a tell's box is whole {TELL_BLOCK}-byte blocks and a {_TELL_TAG}-byte tag"
    return None


def _chat_check(genesis: Genesis, author: int, body: Any) -> str | None:
    # Chat is public: a message to one seat travels sealed, as a "tell" (protocol/tell.py),
    # never in clear. `to` stays in the body (always -1) so the format keeps its shape.
    if body[0] != -1:
        return f"chat to seat {body[0]}: a message to one seat must be a sealed tell"
    return None


DEFAULT_KINDS = KindRegistry()
DEFAULT_KINDS.register("commit", Record(("purpose", PURPOSE), ("digest", Bytes(32))))
DEFAULT_KINDS.register(
    "reveal",
    Record(
        ("purpose", PURPOSE),
        ("nonce", Bytes(32)),
        ("payload", Bytes(max_len=MAX_REVEAL_PAYLOAD)),
    ),
)
DEFAULT_KINDS.register(
    "chat",
    Record(("to", Int(-1, MAX_SEATS - 1)), ("text", Str(MAX_CHAT_TEXT, min_len=1))),
    _chat_check,
)
DEFAULT_KINDS.register(
    "tell",
    Record(
        ("to", Int(0, MAX_SEATS - 1)),
        ("nonce", Bytes(32)),
        ("box", Bytes(min_len=TELL_BLOCK + _TELL_TAG, max_len=MAX_TELL_BOX)),
    ),
    _tell_check,
)


def register_kind(
    name: str, schema: Schema, check: KindCheck | None = None, *, registry: KindRegistry | None = None
) -> None:
    """Register a kind in registry (DEFAULT_KINDS unless given). See KindRegistry.register."""
    (DEFAULT_KINDS if registry is None else registry).register(name, schema, check)


def action_body_schema(
    *, max_depth: int = 6, max_len: int = 64, max_nodes: int = 1024, max_str: int = 128,
    max_bytes: int = 4096
) -> Tree:
    """A permissive but bounded schema for engine action data: nested arrays of
    None/bool/int/str/bytes within the given limits (the engine checks the shape)."""
    return Tree(
        max_depth=max_depth, max_len=max_len, max_nodes=max_nodes, max_str=max_str,
        max_bytes=max_bytes,
    )


def view_digest(heads: list[bytes]) -> bytes:
    """The digest of a view: SHA-256 of a domain tag and one 32-byte hash per seat, in
    seat order (32 zero bytes for a seat the view says nothing about)."""
    return hashlib.sha256(_VIEW_TAG + b"".join(heads)).digest()


@dataclass(frozen=True, slots=True)
class View:
    """What an envelope's author had taken of the other seats' chains when it signed it:
    seqs[a] is the seq of seat a's latest envelope outside chat that it held (0: none,
    and always 0 for the author), digest the view_digest of those envelopes' hashes."""

    seqs: tuple[int, ...]
    digest: bytes

    def encode(self) -> list[Value]:
        return [list(self.seqs), self.digest]

    @property
    def empty(self) -> bool:
        return not any(self.seqs)


def empty_view(n_seats: int) -> View:
    """A view that claims nothing (what a seal without a ledger binds)."""
    return View((0,) * n_seats, view_digest([ZERO_HASH] * n_seats))


def _parse_view(value: object, n_seats: int, author: int, build: bool = True) -> View | None:
    """The View in a decoded view field, or None if it is malformed (build=False: a
    placeholder View for a well-formed one, when only the check matters)."""
    if type(value) is not list or len(value) != 2:
        return None
    seqs, digest = value
    if (type(seqs) is not list or len(seqs) != n_seats or type(digest) is not bytes
            or len(digest) != 32):
        return None
    for x in seqs:  # a loop: a generator under any() costs twice as much
        if type(x) is not int or not 0 <= x <= MAX_SEQ:
            return None
    if seqs[author]:
        return None
    return _view(tuple(seqs), digest) if build else _CHECKED


@dataclass(frozen=True, slots=True, eq=False)
class Envelope:
    """An opened (or sealed) envelope. Made by open_envelope() and seal() only.

    Equality and hashing are those of `raw`, the exact stored bytes.
    """

    version: int
    game_id: bytes
    author: int
    author_key: bytes
    seq: int
    prev: bytes
    state_hash: bytes
    kind: str
    body: Any
    view: View
    sig: bytes
    raw: bytes
    hash: bytes

    @property
    def signed(self) -> bytes:
        """The signed part of raw (everything but the signature)."""
        return self.raw[:-SIGNATURE_SIZE]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Envelope) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    def __repr__(self) -> str:
        return (
            f"<Envelope author={self.author} seq={self.seq} kind={self.kind!r} "
            f"hash={self.hash.hex()[:16]}>"
        )


def _remote(check: str, message: str, author: int | None = None, seq: int | None = None,
            proven: bool = False) -> RemoteProtocolError:
    return RemoteProtocolError(check, message, author=author, seq=seq, proven=proven)


def open_envelope(
    data: bytes, genesis: Genesis, kinds: KindRegistry = DEFAULT_KINDS, *,
    check_signature: bool = True, digest: bytes | None = None,
) -> Envelope:
    """Check data as an envelope of genesis's game and return it.

    Raises RemoteProtocolError (DecodeError before the author is known) with check
    "size", "canonical", "version", "schema", "author", "game-id", "schema" (prev,
    state_hash, kind, view), "signature", "kind" or "schema" (body) - in that order of
    checking. The view is only parsed here; Ledger.check_view compares it with a ledger.

    check_signature=False skips step "signature" only: for a verifier that checks the
    signatures of a batch elsewhere (another process) and reconciles the results in
    record order (see protocol.game). Never use it for bytes that are then trusted
    without that separate check.

    digest, when given, is hashlib.sha256(data).digest() (a caller that hashed the bytes
    already, to drop one it has seen: the envelope's hash is not computed again).
    """
    data, fields, parsed = _open(data, genesis, kinds, check_signature)
    version, game_id, author, author_key, seq, prev, state_hash, kind, body, _ = fields
    return _envelope(version, game_id, author, author_key, seq, prev, state_hash, kind, body,
                     parsed, data, digest)


def check_opening(data: bytes, genesis: Genesis, kinds: KindRegistry = DEFAULT_KINDS) -> None:
    """Make every check of open_envelope(data, genesis, kinds, check_signature=False),
    raising exactly as it does, without building the envelope (node.verify's worker)."""
    _open(data, genesis, kinds, False, build=False)


def _open(data: bytes, genesis: Genesis, kinds: KindRegistry, check_signature: bool,
          build: bool = True) -> tuple[bytes, list[Any], View]:
    """open_envelope's checks: the bytes (as bytes), their fields and the parsed view
    (build=False: a placeholder, for check_opening)."""
    if type(data) is not bytes:
        if not isinstance(data, (bytearray, memoryview)):
            raise DecodeError("schema", f"expected bytes, got {type(data).__name__}")
        data = bytes(data)
    n = len(data)
    if n > MAX_ENVELOPE_SIZE:
        raise DecodeError("size", f"{n} bytes is over the envelope limit of {MAX_ENVELOPE_SIZE}")
    if n < _MIN_SIZE:
        raise DecodeError("size", f"{n} bytes is too short for an envelope")
    signed = data[:-SIGNATURE_SIZE]
    # The canonical walk of the value (no float or other type outside the value space
    # anywhere) comes first, as every error after it would; it is made only when there
    # is an error to report, or when the body's schema could let such a value through:
    # every other check below accepts exact types only (canonical._unpack's values).
    fields = canonical._unpack(signed, MAX_ENVELOPE_SIZE, values=False)
    try:
        parsed, depth = _checks(data, signed, fields, genesis, kinds, check_signature, build)
    except Exception:
        error = canonical._value_error(fields)
        if error is not None:
            raise error from None
        raise
    if depth is None or depth >= canonical.MAX_DEPTH:
        error = canonical._value_error(fields)
        if error is not None:
            raise error
    return data, fields, parsed  # type: ignore[return-value]


def _checks(data: bytes, signed: bytes, fields: Any, genesis: Genesis, kinds: KindRegistry,
            check_signature: bool, build: bool = True) -> tuple[View, int | None]:
    """_open's checks of the decoded fields: the parsed view, and the strict depth of
    the body's schema (KindSpec.depth)."""
    if type(fields) is not list or not fields:
        raise DecodeError("schema", "an envelope is an array")
    if type(fields[0]) is not int or fields[0] != ENVELOPE_VERSION:
        raise DecodeError("version", f"unknown envelope version {fields[0]!r}")
    if len(fields) != _FIELDS:
        raise DecodeError("schema", f"an envelope is an array of {_FIELDS} fields")
    version, game_id, author, author_key, seq, prev, state_hash, kind, body, view = fields
    n_seats = genesis.n_seats
    if type(author) is not int or not 0 <= author < n_seats:
        raise DecodeError("author", f"author {author!r} is not a seat of this game")
    if type(seq) is not int or not 1 <= seq <= MAX_SEQ:
        raise _remote("schema", f"seq {seq!r} is not in [1, {MAX_SEQ}]", author)
    if game_id != genesis.game_id:
        raise _remote("game-id", "the envelope belongs to another game", author, seq)
    if author_key != genesis.seats[author].key:
        raise _remote("author", f"author key differs from seat {author}'s key", author, seq)
    if type(prev) is not bytes or len(prev) != 32:
        raise _remote("schema", "prev is not a 32-byte hash", author, seq)
    if type(state_hash) is not bytes or len(state_hash) != 32:
        raise _remote("schema", "state_hash is not a 32-byte hash", author, seq)
    if type(kind) is not str:
        raise _remote("schema", "kind is not a string", author, seq)
    parsed = _parse_view(view, n_seats, author, build)
    if parsed is None:
        raise _remote("schema", "view is not [a seq per seat, the author's 0; a 32-byte "
                      "digest]", author, seq)
    if check_signature and not verify(author_key, data[-SIGNATURE_SIZE:], signed):
        raise _remote("signature", "the signature does not verify", author, seq)
    spec = kinds.get(kind)
    if spec is None:
        raise _remote("kind", f"unknown kind {kind[:40]!r}", author, seq, True)
    try:
        spec.schema.check(body, "body")
    except SchemaError as exc:
        raise _remote(exc.check, exc.message, author, seq, True) from None
    if spec.check is not None:
        why = spec.check(genesis, author, body)
        if why is not None:
            raise _remote("schema", why, author, seq, True)
    return parsed, spec.depth


def open_checked(data: bytes) -> Envelope:
    """The Envelope that open_envelope(data, genesis, kinds, check_signature=False)
    returns, for bytes already known to pass exactly that call: none of its checks is
    made again here, only the value is built (the same value: the same unpacking).

    For a verifier that has those checks made elsewhere, on the same bytes, the same
    genesis and registry (node.verify's worker process, which reports each record that
    passes them); bytes nobody checked may give anything here, or raise anything.
    """
    (version, game_id, author, author_key, seq, prev, state_hash, kind, body,
     (seqs, digest)) = _UNPACKB(data[:-SIGNATURE_SIZE], raw=False, use_list=True)
    # Envelope(...) and View(...) field by field through their slots: a frozen
    # dataclass's __init__ sets each through object.__setattr__, which costs more than
    # the unpacking.
    return _envelope(version, game_id, author, author_key, seq, prev, state_hash, kind, body,
                     _view(tuple(seqs), digest), data, None)


def _envelope(version: int, game_id: bytes, author: int, author_key: bytes, seq: int,
              prev: bytes, state_hash: bytes, kind: str, body: Any, view: View,
              data: bytes, digest: bytes | None) -> Envelope:
    """Envelope(..., sig, raw, hash) of data, field by field through its slots (see
    open_checked)."""
    env = _NEW(Envelope)
    _SET_VERSION(env, version)
    _SET_GAME_ID(env, game_id)
    _SET_AUTHOR(env, author)
    _SET_AUTHOR_KEY(env, author_key)
    _SET_SEQ(env, seq)
    _SET_PREV(env, prev)
    _SET_STATE_HASH(env, state_hash)
    _SET_KIND(env, kind)
    _SET_BODY(env, body)
    _SET_VIEW(env, view)
    _SET_SIG(env, data[-SIGNATURE_SIZE:])
    _SET_RAW(env, data)
    _SET_HASH(env, _SHA256(data).digest() if digest is None else digest)
    return env


# Envelope's and View's slots, set one by one by open_checked (tests/test_game_journal.py checks
# that it builds what open_envelope does, field for field).
_NEW = object.__new__
_SHA256 = hashlib.sha256
(_SET_VERSION, _SET_GAME_ID, _SET_AUTHOR, _SET_AUTHOR_KEY, _SET_SEQ, _SET_PREV,
 _SET_STATE_HASH, _SET_KIND, _SET_BODY, _SET_VIEW, _SET_SIG, _SET_RAW, _SET_HASH) = (
    getattr(Envelope, name).__set__ for name in (
        "version", "game_id", "author", "author_key", "seq", "prev", "state_hash", "kind",
        "body", "view", "sig", "raw", "hash"))
_SET_SEQS, _SET_DIGEST = (getattr(View, name).__set__ for name in ("seqs", "digest"))
_CHECKED = View((), b"")  # what _parse_view(build=False) says of a well-formed view


def _view(seqs: tuple[int, ...], digest: bytes) -> View:
    """View(seqs, digest), through its slots (see open_checked)."""
    view: View = _NEW(View)
    _SET_SEQS(view, seqs)
    _SET_DIGEST(view, digest)
    return view


def seal(
    genesis: Genesis,
    signing_key: SigningKey,
    author: int,
    seq: int,
    prev: bytes,
    state_hash: bytes,
    kind: str,
    body: Value,
    *,
    kinds: KindRegistry = DEFAULT_KINDS,
    view: View | None = None,
) -> tuple[Envelope, bytes]:
    """Validate, encode and sign an envelope; return it and its bytes (to store and send).

    `view` is the author's view of the other chains (Ledger.view); None binds the empty
    view, which claims nothing (a node always binds its ledger's view).

    Raises LocalProtocolError (nothing is produced) for: author not a seat or the key
    not that seat's ("author"), seq, hashes or view malformed ("schema"), unknown kind
    ("kind"), a body that fails its schema ("schema"/"size"), or an envelope over
    MAX_ENVELOPE_SIZE ("size").
    """
    if type(author) is not int or not 0 <= author < genesis.n_seats:
        raise LocalProtocolError("author", f"author {author!r} is not a seat of this game")
    if signing_key.public != genesis.seats[author].key:
        raise LocalProtocolError("author", f"the signing key is not seat {author}'s key")
    if type(seq) is not int or not 1 <= seq <= MAX_SEQ:
        raise LocalProtocolError("schema", f"seq {seq!r} is not in [1, {MAX_SEQ}]")
    for name, h in (("prev", prev), ("state_hash", state_hash)):
        if type(h) is not bytes or len(h) != 32:
            raise LocalProtocolError("schema", f"{name} is not a 32-byte hash")
    spec = kinds.get(kind) if type(kind) is str else None
    if spec is None:
        raise LocalProtocolError("kind", f"unknown kind {kind!r}")
    try:
        spec.schema.check(body, "body")
    except SchemaError as exc:
        raise LocalProtocolError(exc.check, exc.message) from None
    if spec.check is not None:
        why = spec.check(genesis, author, body)
        if why is not None:
            raise LocalProtocolError("schema", why)
    if view is None:
        view = empty_view(genesis.n_seats)
    elif _parse_view(view.encode(), genesis.n_seats, author) != view:
        raise LocalProtocolError("schema", "the view is not one seq per seat (the author's "
                                 "0) and a 32-byte digest")
    signed = canonical.encode(
        [ENVELOPE_VERSION, genesis.game_id, author, signing_key.public, seq, prev,
         state_hash, kind, body, view.encode()]
    )
    if len(signed) + SIGNATURE_SIZE > MAX_ENVELOPE_SIZE:
        raise LocalProtocolError("size", f"envelope of {len(signed) + 64} bytes is too large")
    raw = signed + signing_key.sign(signed)
    try:
        # Opened as a peer opens it, every check but the signature's: that one holds by
        # construction (Ed25519 signing is deterministic, and the key was checked above
        # to be the seat's), and checking it again cost more than the rest of seal().
        envelope = open_envelope(raw, genesis, kinds, check_signature=False)
    except RemoteProtocolError as exc:
        raise LocalProtocolError(exc.check, f"sealed envelope refused: {exc.message}") from None
    return envelope, raw


@dataclass(frozen=True, slots=True)
class Evidence:
    """Proof of equivocation: two different signed envelopes of one (author, seq)."""

    author: int
    seq: int
    first: bytes
    second: bytes

    def encode(self) -> bytes:
        """Canonical bytes [author, seq, first, second], to show to others."""
        return canonical.encode([self.author, self.seq, self.first, self.second])

    @classmethod
    def decode(cls, data: bytes) -> Evidence:
        """Raises DecodeError for malformed bytes (the proof itself is checked by verify)."""
        value = canonical.decode(data, max_size=2 * MAX_ENVELOPE_SIZE + 64)
        if (
            type(value) is not list or len(value) != 4 or type(value[0]) is not int
            or type(value[1]) is not int or type(value[2]) is not bytes
            or type(value[3]) is not bytes
        ):
            raise DecodeError("schema", "evidence is [author, seq, first, second]")
        return cls(value[0], value[1], value[2], value[3])

    def verify(self, genesis: Genesis, kinds: KindRegistry = DEFAULT_KINDS) -> bool:
        """True iff both envelopes open, share author and seq, and differ in what is signed."""
        try:
            a = open_envelope(self.first, genesis, kinds)
            b = open_envelope(self.second, genesis, kinds)
        except RemoteProtocolError:
            return False
        return (
            a.author == b.author == self.author and a.seq == b.seq == self.seq
            and a.signed != b.signed
        )


class Ledger:
    """The per-author hash chains of one game (sans-IO; feed it envelopes in any order).

    accept() returns True for a new envelope, False for a duplicate, and raises
    RemoteProtocolError otherwise, changing nothing (except recording Evidence).
    """

    def __init__(self, genesis: Genesis) -> None:
        self.genesis = genesis
        self._chains: list[list[Envelope]] = [[] for _ in genesis.seats]
        self._game_heads = [0] * genesis.n_seats  # seq of each latest envelope outside chat
        self._evidence: list[Evidence] = []
        self._blamed: set[int] = set()
        self._count = 0
        # The last view check_view passed (seqs, digest): chains only grow, so the same
        # view names the same envelopes, all still held, and passes again.
        self._passed: tuple[tuple[int, ...], bytes] = ((), b"")

    @property
    def evidence(self) -> tuple[Evidence, ...]:
        """Every proof of equivocation seen, in order of detection."""
        return tuple(self._evidence)

    @property
    def blamed(self) -> frozenset[int]:
        """Seats proven to have equivocated; nothing more is accepted from them."""
        return frozenset(self._blamed)

    @property
    def halted(self) -> bool:
        """True once any seat has equivocated: the game cannot go on past them."""
        return bool(self._blamed)

    def __len__(self) -> int:
        return self._count

    def last_seq(self, author: int) -> int:
        """The seq of author's latest accepted envelope (0 if none)."""
        return len(self._chains[author])

    def next_link(self, author: int) -> tuple[int, bytes]:
        """(seq, prev) for author's next envelope."""
        chain = self._chains[author]
        return len(chain) + 1, chain[-1].hash if chain else ZERO_HASH

    def get(self, author: int, seq: int) -> Envelope | None:
        """Author's accepted envelope seq, or None."""
        chain = self._chains[author]
        return chain[seq - 1] if 1 <= seq <= len(chain) else None

    def chain(self, author: int) -> Iterator[Envelope]:
        return iter(tuple(self._chains[author]))

    def head(self, author: int) -> bytes:
        """The hash of author's latest accepted envelope (ZERO_HASH if none)."""
        chain = self._chains[author]
        return chain[-1].hash if chain else ZERO_HASH

    def view(self, author: int) -> View:
        """The view `author` binds into the envelope it seals now: every other seat's
        latest accepted envelope outside chat."""
        seqs = tuple(0 if a == author else s for a, s in enumerate(self._game_heads))
        return View(seqs, self._digest(seqs))

    def _digest(self, seqs: tuple[int, ...]) -> bytes:
        return view_digest([self._chains[a][s - 1].hash if s else ZERO_HASH
                            for a, s in enumerate(seqs)])

    def view_missing(self, env: Envelope) -> list[int]:
        """The seats of which env's view names an envelope this ledger does not hold yet
        (env must wait for them: its author had taken them)."""
        return [a for a, s in enumerate(env.view.seqs) if s > len(self._chains[a])]

    def check_view(self, env: Envelope) -> None:
        """Raise RemoteProtocolError("view", proven=False) if env's view names an
        envelope this ledger does not hold, or if the envelopes it holds there are not
        the ones env's author had taken: then one of the seats signed two versions of an
        envelope (a fork), or env's author signed a false view; which of them is only
        proven by the other version, so nobody is blamed here."""
        view = env.view
        if (view.seqs, view.digest) == self._passed:  # often the last one's view (always,
            return  # in a local game's journal, whose views are all empty)
        chains, heads = self._chains, []
        for a, s in enumerate(env.view.seqs):  # view_missing and _digest in one pass
            if not s:
                heads.append(ZERO_HASH)
                continue
            chain = chains[a]
            if s > len(chain):
                raise _remote("view", f"its view names seat {a}'s envelope {s}, which is "
                              "not held before it", env.author, env.seq)
            heads.append(chain[s - 1].hash)
        if view_digest(heads) != view.digest:
            raise _remote("view", "its author had taken other envelopes of the other seats "
                          f"than these (at seqs {list(view.seqs)}): a fork",
                          env.author, env.seq)
        self._passed = (view.seqs, view.digest)

    def prove_equivocation(self, first: Envelope, second: Envelope) -> RemoteProtocolError:
        """Record two signed envelopes of one (author, seq) that differ, neither accepted
        (both opened with their signatures checked): Evidence, and the author is refused
        from then on. Returns the error to report. Raises LocalProtocolError if they are
        not such a pair."""
        author, seq = first.author, first.seq
        if second.author != author or second.seq != seq or first.signed == second.signed:
            raise LocalProtocolError("equivocation", "not two versions of one envelope")
        self._evidence.append(Evidence(author, seq, first.raw, second.raw))
        self._blamed.add(author)
        return _remote("equivocation", f"two different envelopes with seq {seq}: "
                       f"{first.hash.hex()[:16]} and {second.hash.hex()[:16]}",
                       author, seq, True)

    def accept(self, env: Envelope, *, allow_duplicate: bool = True) -> bool:
        """Add env (from open_envelope or seal) to its author's chain.

        Returns True if new, False if already held (the same signed bytes; refused with
        check "duplicate" when allow_duplicate is False). Raises RemoteProtocolError:
        "game-id", "equivocation" (Evidence recorded; the author is refused from then
        on), "seq-gap" (an earlier envelope is missing; recoverable) or "chain".
        """
        author, seq = env.author, env.seq
        if env.game_id != self.genesis.game_id:
            raise _remote("game-id", "the envelope belongs to another game", author, seq)
        if author in self._blamed:
            raise _remote("equivocation", "this author has equivocated", author, seq, True)
        chain = self._chains[author]
        last = len(chain)
        if seq <= last:
            held = chain[seq - 1]
            if held.raw == env.raw or held.signed == env.signed:
                if allow_duplicate:
                    return False
                raise _remote("duplicate", "the envelope was already accepted", author, seq)
            self._evidence.append(Evidence(author, seq, held.raw, env.raw))
            self._blamed.add(author)
            raise _remote(
                "equivocation",
                f"two different envelopes with seq {seq}: {held.hash.hex()[:16]} and "
                f"{env.hash.hex()[:16]}",
                author, seq, True,
            )
        if seq != last + 1:
            raise _remote("seq-gap", f"expected seq {last + 1}", author, seq)
        expected = chain[-1].hash if chain else ZERO_HASH
        if env.prev != expected:
            raise _remote(
                "chain", f"prev {env.prev.hex()[:16]} is not {expected.hex()[:16]}",
                author, seq, True,
            )
        chain.append(env)
        if env.kind not in CHAT_KINDS:
            self._game_heads[author] = seq
        self._count += 1
        return True

    def receive(
        self, data: bytes, kinds: KindRegistry = DEFAULT_KINDS, *, allow_duplicate: bool = True
    ) -> Envelope | None:
        """open_envelope() then accept(): the envelope if new, None if a duplicate."""
        env = open_envelope(data, self.genesis, kinds)
        return env if self.accept(env, allow_duplicate=allow_duplicate) else None


def check_state_hash(env: Envelope, ours: bytes) -> None:
    """Raise RemoteProtocolError("state-hash") if env's claimed state hash is not ours.

    Called on each envelope in order, the first raise names the first diverging
    message (author, seq, kind and envelope hash).
    """
    if env.state_hash != ours:
        raise _remote(
            "state-hash",
            f"desync at envelope {env.hash.hex()[:16]} (kind {env.kind!r}): it claims state "
            f"{env.state_hash.hex()[:16]}, ours is {ours.hex()[:16]}",
            env.author, env.seq, True,
        )
