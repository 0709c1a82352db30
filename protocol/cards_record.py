# The record of one seat in the card protocol: the public state every node keeps alike
# (keys, each handle's ciphertext and published shares, public faces, commitments), the
# seat's own secrets and knowledge, and the message flow of operations. The operations
# themselves are protocol/cards.py (CardSeat).
#
# Invariants:
# - Operations run one at a time, in the order the engine asks for them; each has a
#   script of (author, kind) fixed when it begins, in phases; within a phase the record
#   order is seat order. receive() accepts only the next scripted message, so every
#   node's record is the same list of envelopes. A seat may produce() its message as soon
#   as its phase is open; peers take it in its turn.
# - Every check happens before anything changes: a message that fails leaves the seat as
#   it was and raises RemoteProtocolError naming its author (cards_wire.CARD_CHECKS).
# - Own messages are recorded without re-verifying what we proved ourselves.
# - Secrets (docs/security.md, "Derived secrets"): without a secret seed every draw comes
#   from `secrets`. With one, the key share is DeterministicRng(seed, [tag, game id,
#   "key-share", seat]) and every draw of the message at script index i of operation
#   `op` comes from DeterministicRng(seed, [tag, game id, op, i, kind]) (canonical
#   msgpack labels), so the same record gives the same secrets and the same bodies.
# - Resume: receive() of one of our own messages that this process did not produce (a
#   restart replaying its journal) regenerates it from the seed, checks it is byte for
#   byte the recorded body, and keeps what producing it kept (a permutation, a nonce,
#   the face-down handle). Without a seed that is impossible: LocalProtocolError.
# - `cts` keeps the latest ciphertext of every handle ever dealt (the audit opens them
#   all); `shares[h]` holds the verified shares of cts[h] only; `opened` the public faces;
#   `known` the faces this seat has learned, which is its engine Knowledge.
# - Points from peers pass decode_point() (prime-order subgroup, not the identity), or
#   for decryption shares the same checks inside verify_decryption_shares (each point
#   checked once, not twice; a bad one still blamed "point"); protocol.crypto errors
#   become RemoteProtocolError: "point", "share-proof", ...
# - Verdicts from elsewhere (proof_verdicts): a journal's verifier may have a peer's
#   shuffle checked in another process ahead of the replay; it is taken as checked only
#   when that process checked the very same bytes (key, input, output, proof, context:
#   shuffle_digest), else checked here. Without verdicts in force, everything is here.
from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from protocol import canonical
from protocol.cards_wire import CARD_KINDS, blame, context, x25519_private
from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto.proofs import (
    DleqProof, ProofError, prove_decryption_shares, verify_decryption_shares,
)
from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, ProtocolError
from protocol.genesis import Genesis

__all__ = [
    "CardRecord", "Operation", "Facedown", "ShowRecord", "Body", "reblame", "handle_bytes",
    "ProofVerdicts", "proof_verdicts", "current_verdicts",
]


class ProofVerdicts(Protocol):
    """Checks made elsewhere on exact bytes (node.verify's worker)."""

    def shuffle_verified(self, digest: bytes) -> bool:
        """True only if the shuffle check whose input has this shuffle_digest passed."""
        ...


_VERDICTS: contextvars.ContextVar[ProofVerdicts | None] = contextvars.ContextVar(
    "cosmic_proof_verdicts", default=None)


@contextlib.contextmanager
def proof_verdicts(verdicts: ProofVerdicts | None) -> Iterator[None]:
    """Card checks in this context may take `verdicts`' word for a check of the same bytes."""
    token = _VERDICTS.set(verdicts)
    try:
        yield
    finally:
        _VERDICTS.reset(token)


def current_verdicts() -> ProofVerdicts | None:
    """The verdicts in force (proof_verdicts), or None."""
    return _VERDICTS.get()

Body = list[Any]


def handle_bytes(handle: int) -> bytes:
    """The payload a face-down commitment binds: the handle, 4 bytes big-endian, two's
    complement (the same bytes for every real handle; -1 is NO_CARD)."""
    return handle.to_bytes(4, "big", signed=True)  # -1: a commitment to no card


_SECRET_TAG = "cosmic/cards/secrets/v1"


@dataclass
class Facedown:
    """A commitment to the handle a seat put face down, and its opening once known."""

    seat: int
    op: int
    digest: bytes
    hand: tuple[int, ...]  # the seat's hand when it committed
    handle: int | None = None  # set when opened


@dataclass
class ShowRecord:
    """A box of shares shown to one seat, with what opening it needs, as it was then."""

    env: Envelope
    cts: list[eg.Ciphertext]
    public: list[list[g.Point]]  # the other seats' shares of each card


@dataclass
class Operation:
    """One card operation: its script of messages and what it produced.

    `result` is set when it is done: the faces for a reveal, the first seat for a beacon,
    the (handle, face) pairs proven by an open, else None.
    """

    number: int
    name: str
    script: list[tuple[int, str, int]]  # (author, kind, phase), in record order
    pos: int = 0
    sent: set[int] = field(default_factory=set)
    result: Any = None
    data: dict[str, Any] = field(default_factory=dict)  # what the steps share

    @property
    def done(self) -> bool:
        return self.pos >= len(self.script)

    def next(self) -> tuple[int, str, int] | None:
        return self.script[self.pos] if self.pos < len(self.script) else None

class CardRecord:
    """One seat's record of the card protocol of one game (sans-IO); see CardSeat."""

    def __init__(self, genesis: Genesis, seat: int | None, faces: Iterable[int],
                 secret_seed: bytes | None = None) -> None:
        """Seat `seat` of the game, or (None) an observer who checks every message and
        never sends one (a verifier of a journal). `faces`: the card ids in play.
        `secret_seed` (32 bytes or more, known to this seat alone): derive every secret
        from it, so a restarted seat can replay its record; None: draw from `secrets`.
        Raises LocalProtocolError for a bad seat or seed."""
        if seat is not None and not 0 <= seat < genesis.n_seats:
            raise LocalProtocolError("author", f"no seat {seat}")
        if secret_seed is not None and (seat is None or type(secret_seed) is not bytes
                                        or len(secret_seed) < 32):
            raise LocalProtocolError("schema", "a secret seed is 32 bytes or more, for a seat")
        self.genesis = genesis
        self.game_id = genesis.game_id
        self.n = genesis.n_seats
        self.seat = -1 if seat is None else seat
        self._lookup = eg.face_lookup(faces)
        self._seed = secret_seed
        # An observer's key share is never used but to check peers' keys.
        self._x = g.random_scalar(self._secret_rng("key-share", self.seat))
        self._xkey = x25519_private(self._x, self.game_id, self.seat % 2**16)
        self.keys: list[g.Point | None] = [None] * self.n
        self.xkeys: list[bytes | None] = [None] * self.n
        self.joint: g.Point | None = None
        self.cts: dict[int, eg.Ciphertext] = {}
        self.shares: dict[int, dict[int, g.Point]] = {}
        self.opened: dict[int, int] = {}
        self.known: dict[int, int] = {}
        self.facedowns: list[Facedown] = []
        self.shows: list[ShowRecord] = []
        self.secrets: list[g.Scalar | None] = [None] * self.n
        self.record: list[Envelope] = []
        self.op = -1
        self.current: Operation | None = None
        self.last: Operation | None = None
        self._mine: dict[int, tuple[int, bytes]] = {}  # facedown op -> (handle, nonce)

    # --- progress -------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        """True when no operation is under way."""
        return self.current is None

    def waiting_for(self) -> int | None:
        """The author of the next message of the record, or None when idle."""
        op = self.current
        nxt = op.next() if op is not None else None
        return None if nxt is None else nxt[0]

    def can_send(self) -> bool:
        """True if one of our messages is due in the current phase and not yet produced."""
        return self._due() is not None

    def _due(self) -> int | None:
        op = self.current
        nxt = op.next() if op is not None else None
        if op is None or nxt is None:
            return None
        for i in range(op.pos, len(op.script)):
            author, _, phase = op.script[i]
            if phase != nxt[2]:
                break
            if author == self.seat and i not in op.sent:
                return i
        return None

    def produce(self) -> tuple[str, Body]:
        """Our next message (kind, body). Raises LocalProtocolError if none is due."""
        i = self._due()
        op = self.current
        if i is None or op is None:
            raise LocalProtocolError("too-early", f"seat {self.seat} has nothing to send now")
        kind = op.script[i][1]
        body = getattr(self, "_make_" + op.name)(op, kind, self._rng(op, i))
        op.sent.add(i)
        return kind, body

    def _secret_rng(self, *label: str | int) -> g.Rng:
        """The source of the draws named by `label`: derived from the seed, or `secrets`."""
        if self._seed is None:
            return g.SYSTEM_RNG
        return g.DeterministicRng(self._seed, canonical.encode([_SECRET_TAG, self.game_id,
                                                                *label]))

    def _rng(self, op: Operation, i: int) -> g.Rng:
        """The source of every draw of our message at script index i of op."""
        return self._secret_rng(op.number, i, op.script[i][1])

    def _regenerate(self, op: Operation, env: Envelope) -> None:
        """Produce again our own message `env` that this process did not produce (a
        restart replaying its record), check it is the same body, and keep what producing
        it keeps (in op.data and _mine; the caller undoes that if the message is refused).
        Raises LocalProtocolError("secret-seed") if it is not the same."""
        if self._seed is None:
            raise LocalProtocolError("secret-seed", f"{env.kind}: our own message was not "
                                     "produced here, and without a secret seed it cannot be")
        try:
            recall = getattr(self, "_recall_" + op.name, None)
            if recall is not None:  # the choices a message states (cards to open...)
                recall(op, env)
            body = getattr(self, "_make_" + op.name)(op, env.kind, self._rng(op, op.pos))
            same = canonical.encode(body) == canonical.encode(env.body)
        except ProtocolError:
            same = False
        if not same:
            raise LocalProtocolError("secret-seed", f"{env.kind}: our own message in the "
                                     f"record (seq {env.seq}) is not what our secret seed gives")

    def receive(self, env: Envelope) -> None:
        """Take the next message of the record (ours too: one we did not produce in this
        process is regenerated from the secret seed and must be the same). Raises
        RemoteProtocolError, or LocalProtocolError("secret-seed")."""
        if env.kind not in CARD_KINDS:
            raise blame("kind", "not a card message", env)
        op = self.current
        nxt = op.next() if op is not None else None
        if op is None or nxt is None:
            raise blame("too-early", "no card operation is under way", env)
        if env.body[0] != op.number:
            check = "too-early" if env.body[0] > op.number else "schema"
            raise blame(check, f"for operation {env.body[0]}, this is {op.number}", env)
        if (env.author, env.kind) != nxt[:2]:
            later = any((a, k) == (env.author, env.kind) for a, k, _ in op.script[op.pos + 1:])
            raise blame("too-early" if later else "kind",
                        f"expected {nxt[1]} from seat {nxt[0]} in {op.name}", env)
        own = env.author == self.seat
        regenerate = own and op.pos not in op.sent
        if regenerate:
            data, mine = dict(op.data), dict(self._mine)
        try:
            if regenerate:
                self._regenerate(op, env)
                op.sent.add(op.pos)
            getattr(self, "_take_" + op.name)(op, env, own)
        except ProtocolError:
            if regenerate:  # refused: as if it never came
                op.data, self._mine = data, mine
                op.sent.discard(op.pos)
            raise
        op.pos += 1
        self.record.append(env)
        if op.done:
            self._finish(op)

    def _begin(self, name: str, phases: Sequence[Sequence[tuple[int, str]]],
               **data: Any) -> Operation:
        if self.current is not None:
            raise LocalProtocolError("too-early", f"{self.current.name} is still under way")
        if name != "keys" and self.joint is None:
            raise LocalProtocolError("too-early", "the keys are not registered yet")
        self.op += 1
        script = [(a, k, p) for p, phase in enumerate(phases) for a, k in phase]
        op = Operation(self.op, name, script, data=data)
        self.current = op
        if op.done:
            self._finish(op)
        return op

    def cancel(self) -> None:
        """Forget the operation under way while none of its messages was taken (its first
        message was refused): the seat is as it was before beginning it."""
        op = self.current
        if op is None or op.pos:
            raise LocalProtocolError("too-early", "no operation to cancel")
        self.current = None
        self.op -= 1

    def _finish(self, op: Operation) -> None:
        end = getattr(self, "_end_" + op.name, None)
        if end is not None:
            end(op)
        self.current = None
        self.last = op

    def _ctx(self, op: Operation, author: int, label: str) -> bytes:
        return context(self.game_id, op.number, author, label)

    def _each(self, kind: str, but: int | None = None) -> list[tuple[int, str]]:
        return [(s, kind) for s in range(self.n) if s != but]

    # --- decoding and shares --------------------------------------------------------------

    def _points(self, env: Envelope, data: bytes, count: int, own: bool) -> list[g.Point]:
        if len(data) != 32 * count:
            raise blame("schema", f"expected {count} points", env)
        chunks = [data[i : i + 32] for i in range(0, len(data), 32)]
        if own:
            return [g.Point(c) for c in chunks]
        try:
            return [g.decode_point(c) for c in chunks]
        except g.GroupError as e:
            raise blame("point", str(e), env) from None

    def _ciphertexts(self, env: Envelope, data: bytes, count: int,
                     own: bool) -> list[eg.Ciphertext]:
        if own:
            return [eg.Ciphertext(g.Point(data[i : i + 32]), g.Point(data[i + 32 : i + 64]))
                    for i in range(0, len(data), 64)]
        try:
            return eg.decode_ciphertexts(data, count)
        except g.GroupError as e:
            raise blame("point", str(e), env) from None

    def _make_shares(self, op: Operation, handles: Sequence[int], rng: g.Rng) -> Body:
        cts = [self.cts[h] for h in handles]
        shares, proof = prove_decryption_shares(self._x, cts, self._ctx(op, self.seat, "shares"),
                                                rng)
        return [op.number, b"".join(shares), proof.to_bytes()]

    def _check_shares(self, op: Operation, env: Envelope, handles: Sequence[int], data: bytes,
                      proof_bytes: bytes, own: bool) -> list[g.Point]:
        """The author's verified shares for the current ciphertexts of handles."""
        return self._verify_shares(op.number, env, [self.cts[h] for h in handles], data,
                                   proof_bytes, own)

    def _verify_shares(self, number: int, env: Envelope, cts: Sequence[eg.Ciphertext],
                       data: bytes, proof_bytes: bytes, own: bool) -> list[g.Point]:
        """The author's shares of cts in `data`, checked: each a point of the group (else
        blame "point"), together proven to be its key share's (else "share-proof").

        A peer's shares are not decoded before the proof is checked: the check refuses
        any that is not a group element (verify_decryption_shares), so each point is
        validated once (it was twice: decode_point, then the multiplication). Only when
        the check fails are they decoded, so a bad point is blamed as one, as before."""
        if own:
            return self._points(env, data, len(cts), True)
        if len(data) != 32 * len(cts):
            raise blame("schema", f"expected {len(cts)} points", env)
        shares = [g.Point(data[i : i + 32]) for i in range(0, len(data), 32)]
        key = self.keys[env.author]
        assert key is not None  # keys are registered before any other operation
        try:
            proof = DleqProof.from_bytes(proof_bytes)
            verify_decryption_shares(key, cts, shares, proof,
                                     context(self.game_id, number, env.author, "shares"))
        except ProofError as e:
            self._points(env, data, len(cts), False)  # "point" for a share that is none
            raise blame("share-proof", e.reason, env) from None
        return shares

    def _record_shares(self, author: int, handles: Sequence[int],
                       shares: Sequence[g.Point]) -> None:
        for h, s in zip(handles, shares):
            self.shares[h][author] = s

    def _open_with(self, h: int, extra: Sequence[g.Point] = ()) -> int | None:
        """The face of handle h from its published shares plus `extra`, or None."""
        m = eg.unmask(self.cts[h], list(self.shares[h].values()) + list(extra))
        return self._lookup.get(m)

    def _set_ct(self, h: int, ct: eg.Ciphertext) -> None:
        self.cts[h] = ct
        self.shares[h] = {}


def reblame(env: Envelope, check: Any) -> None:
    """Run a check of protocol.commit, restating its error against the signed envelope."""
    try:
        check()
    except ProtocolError as e:
        raise blame(e.check, e.message, env) from None
