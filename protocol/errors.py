# Errors of the protocol layer.
#
# Invariants:
# - Every failure the protocol layer detects is a ProtocolError. A decoder fed untrusted
#   bytes lets no other exception type escape.
# - Blame is explicit (after h11's LocalProtocolError / RemoteProtocolError):
#   LocalProtocolError  - we tried to produce or send something invalid (a bug or bad
#                         local input); nothing left this process.
#   RemoteProtocolError - bytes from outside broke a rule. `author` and `seq` say whose
#                         message it was when that is known; `proven` is True only when
#                         the offending message carries its author's valid signature, so
#                         the message itself is evidence against that author.
#   JournalError        - a journal's bytes are damaged (not a torn tail, which is
#                         reported, not raised).
# - `check` is a short, stable, machine-readable name (see CHECKS); the message is for
#   people. str() names every part.
from __future__ import annotations

__all__ = [
    "CHECKS",
    "RECOVERABLE_CHECKS",
    "ProtocolError",
    "LocalProtocolError",
    "RemoteProtocolError",
    "DecodeError",
    "JournalError",
]

# The names a `check` may take. Kept in one place so the node and tests can rely on them.
CHECKS: frozenset[str] = frozenset(
    {
        "audit",  # the end-of-game audit found a hidden claim false
        "author",  # author index out of range, or author key differs from the genesis
        "canonical",  # not canonical msgpack (malformed, trailing bytes, wider forms, floats, maps)
        "chain",  # prev does not link to the author's previous envelope
        "commitment",  # a reveal that does not open its commitment, or a commit out of place
        "duplicate",  # the same envelope twice where that is not allowed (a journal)
        "equivocation",  # two different signed envelopes with the same (author, seq)
        "face",  # an action shows a card face that the card source refutes
        "genesis",  # a genesis this engine cannot play (engine version, rules data, options)
        "game-id",  # the envelope belongs to another game
        "kind",  # unknown or unregistered kind
        "view",  # an envelope's view of the other chains differs from the record's
        "key-file",  # a key file that cannot be read
        "record",  # journal record framing (length, checksum, type)
        "header",  # journal header
        "illegal",  # an action the rules do not allow at that point (engine replay)
        "incomplete",  # the record lacks a message an operation needs before what follows
        # the card protocol (protocol/cards*.py):
        "point",  # a group element that is not a valid point of the prime-order group
        "key-proof",  # a key share without a valid proof of knowledge
        "key-share",  # an end-of-game secret share that does not match the public share
        "shuffle-proof",  # a shuffle whose proof does not verify
        "remask-proof",  # a re-masked card whose proof does not verify
        "share-proof",  # a decryption share whose proof does not verify
        "pick",  # a random take naming positions outside the shuffled hand
        "box",  # a card shown to one seat whose sealed box does not open
        "claim",  # a hidden claim contradicted once the cards are known
        "schema",  # a field of the wrong type, shape or range
        "secret-seed",  # our own card message in a record is not what our secret seed gives
        "seq-gap",  # seq is not the author's next one (an earlier one is missing)
        "signature",  # the Ed25519 signature does not verify
        "size",  # over a size, length or depth limit
        "state-hash",  # the author's public state hash differs from ours
        "too-early",  # valid, but not acceptable yet (e.g. a reveal before every commit)
        "unsupported",  # this build cannot check it (e.g. no card source for the game's mode)
        "version",  # unknown format version
    }
)

# Checks that do not prove a fault: the message may become acceptable once what is
# missing has arrived (a node buffers it and catches up).
RECOVERABLE_CHECKS: frozenset[str] = frozenset({"seq-gap", "too-early"})


class ProtocolError(Exception):
    """Base of every error raised by protocol/."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(check, message)
        self.check = check
        self.message = message

    def __str__(self) -> str:
        return f"[{self.check}] {self.message}"


class LocalProtocolError(ProtocolError):
    """We tried to encode, seal or send something invalid; nothing was sent."""


class RemoteProtocolError(ProtocolError):
    """Bytes from outside broke a rule: `author` (seat index, key hex or None) at `seq`.

    `record` is the journal record index (from 0) when the bytes came from a journal.
    """

    def __init__(
        self,
        check: str,
        message: str,
        *,
        author: int | str | None = None,
        seq: int | None = None,
        proven: bool = False,
        record: int | None = None,
    ) -> None:
        super().__init__(check, message)
        self.author = author
        self.seq = seq
        self.proven = proven
        self.record = record

    @property
    def recoverable(self) -> bool:
        """True when the message may become acceptable later (nothing proves a fault)."""
        return self.check in RECOVERABLE_CHECKS

    def __str__(self) -> str:
        who = "unknown author" if self.author is None else f"author {self.author}"
        seq = "" if self.seq is None else f" seq {self.seq}"
        signed = " (signed)" if self.proven else ""
        where = "" if self.record is None else f"record {self.record}, "
        return f"[{self.check}] {where}{who}{seq}{signed}: {self.message}"


class DecodeError(RemoteProtocolError):
    """Bytes that do not decode (canonical msgpack, schema or size) before any author is known."""


class JournalError(ProtocolError):
    """A damaged journal: record `index` (None for the header) at byte `offset`."""

    def __init__(
        self, check: str, message: str, *, index: int | None, offset: int | None = None
    ) -> None:
        super().__init__(check, message)
        self.index = index
        self.offset = offset

    def __str__(self) -> str:
        where = "header" if self.index is None else f"record {self.index}"
        at = "" if self.offset is None else f" at byte {self.offset}"
        return f"[{self.check}] journal {where}{at}: {self.message}"
