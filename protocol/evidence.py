# Evidence records: judging, from a journal alone, an envelope an honest node refused.
#
# Invariants:
# - An evidence record (protocol/journal.py, type 3) holds the exact bytes of one
#   envelope, as its author signed it, that the node writing the journal refused for a
#   proven fault. It is not part of the game: the replay skips it. Its place in the
#   journal is the claim: the node met it there, after the envelope records before it.
# - judge() names a seat only for bytes that seat signed, for this game, under its
#   genesis key, and only for a fault that is real wherever the envelope could go:
#     * its body is one no seat may sign (the kind's schema: open_envelope's checks after
#       the signature);
#     * its seq is one the game already holds from its author, in another version
#       (equivocation), or it is the author's next and its prev is not the author's
#       previous envelope (chain);
#     * it is its author's next envelope and due at that place - an action the game waits
#       for from its author (no chance step, no card work open); a card message the card
#       protocol waits for from its author, or one that opens card work (none open) made
#       on this very public state - and, tried on a copy of the game there, it fails with
#       a proven fault of its author (state hash, illegal, face, commitment, a card
#       protocol proof). An envelope that is not due there could belong later: it proves
#       nothing, as every other case does (a bad signature, another game, a view that
#       names other envelopes, a legal envelope, a fault only its recipient can see).
# - The game the verifier replays is never changed by a judgment (the trial is made on
#   a deep copy, its engine states and rules shared: they are values).
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from protocol.envelope import CHAT_KINDS
from protocol.errors import LocalProtocolError, ProtocolError, RemoteProtocolError

if TYPE_CHECKING:
    from protocol.game import GameVerifier

__all__ = ["Finding", "judge"]

# Faults a trial may raise that prove nothing against the envelope's author here.
_UNPROVEN = frozenset({"incomplete", "view", "duplicate", "seq-gap", "too-early", "box"})


@dataclass(frozen=True, slots=True)
class Finding:
    """What evidence record `record` shows: `author` (a seat) signed the envelope of
    `seq` (`kind`) and it breaks `check` (message says how); or, `author` None, that it
    proves nothing against anyone (message says why)."""

    record: int
    author: int | None
    seq: int | None
    kind: str | None
    check: str
    message: str

    @property
    def proven(self) -> bool:
        return self.author is not None


def _nothing(record: int, check: str, why: str) -> Finding:
    return Finding(record, None, None, None, check, why)


def judge(verifier: GameVerifier, data: bytes, record: int) -> Finding:
    """Judge evidence record `record` (an envelope's bytes) at its place: `verifier` has
    taken the envelope records before it. Never raises a ProtocolError, never changes
    the verifier's game."""
    try:
        env = verifier.open(data, record)  # signature included
    except ProtocolError as exc:
        author = getattr(exc, "author", None)
        if isinstance(exc, RemoteProtocolError) and exc.proven and type(author) is int:
            return Finding(record, author, exc.seq, None, exc.check, exc.message)
        return _nothing(record, exc.check, exc.message)
    author, seq, ledger = env.author, env.seq, verifier.ledger
    last = ledger.last_seq(author)
    if seq <= last:
        held = ledger.get(author, seq)
        if held is not None and held.signed != env.signed:
            return Finding(record, author, seq, env.kind, "equivocation",
                           f"another version of its seq {seq} than the game's")
        return _nothing(record, "duplicate", f"it is an envelope of the game itself "
                        f"(seat {author}'s seq {seq})")
    if seq > last + 1:
        return _nothing(record, "seq-gap", f"it is not its author's next envelope there "
                        f"(seq {seq}, the next is {last + 1})")
    if env.prev != ledger.head(author):
        return Finding(record, author, seq, env.kind, "chain",
                       f"it follows another version of its seq {seq - 1} than the game's")
    if ledger.view_missing(env):
        return _nothing(record, "view", "its view names envelopes the game does not hold there")
    try:
        ledger.check_view(env)
    except RemoteProtocolError as exc:
        return _nothing(record, "view", exc.message)
    if env.kind in CHAT_KINDS:
        return _nothing(record, "legal", f"a {env.kind} is taken wherever it is due")
    trial = _copy(verifier)
    try:
        why = _not_due(trial, env, record)
        if why is not None:
            return _nothing(record, "not-due", why)
        trial.feed(data, record)
    except RemoteProtocolError as exc:
        if exc.proven and exc.author == author and exc.check not in _UNPROVEN:
            return Finding(record, author, seq, env.kind, exc.check, exc.message)
        return _nothing(record, exc.check, exc.message)
    except LocalProtocolError as exc:
        return _nothing(record, exc.check, f"this verifier cannot judge it: {exc.message}")
    return _nothing(record, "legal", f"it is a legal {env.kind} there")


def _not_due(trial: GameVerifier, env: Any, record: int) -> str | None:
    """Why env is not due at the trial's place (None if it is), after the chance facts
    due there; raises RemoteProtocolError("state-hash") for a card message the card
    protocol waits for from its author made on another public state."""
    from protocol.game import ACTION_KIND

    rules, author = trial.rules, env.author
    waiting = getattr(trial.source, "waiting_for", None)
    if env.kind == ACTION_KIND:
        trial.settle(record)
        p = rules.pending(trial.state)
        card = waiting() if callable(waiting) else None
        if (p.chance is not None or p.over or not p.seats or p.seats[0] != author
                or card is not None):
            return f"the game does not wait for seat {author}'s action there"
        return None
    trial._settle_done(record)
    card = waiting() if callable(waiting) else None
    ours = rules.public_hash(trial.state)
    if card == author and env.state_hash != ours:
        raise RemoteProtocolError(
            "state-hash", f"desync: the {env.kind} claims state {env.state_hash.hex()[:16]}, "
            f"the game's is {ours.hex()[:16]}", author=author, seq=env.seq, proven=True,
            record=record)
    if card == author or (card is None and env.state_hash == ours):
        return None
    return f"the card protocol does not wait for seat {author}'s message there"


def _copy(verifier: GameVerifier) -> GameVerifier:
    """A deep copy of the verifier to try an envelope on; engine states, the rules and
    the genesis are values and shared."""
    memo: dict[int, Any] = {id(verifier.rules): verifier.rules,
                            id(verifier.genesis): verifier.genesis,
                            id(verifier.state): verifier.state}
    source_rules = getattr(verifier.source, "rules", None)
    if source_rules is not None:
        memo[id(source_rules)] = source_rules
    return copy.deepcopy(verifier, memo)
