"""One seat of a networked game, without sockets: signed envelopes in, envelopes out.

The node applies exactly what the game expects next, so every node's record has the same
order and no consensus protocol is needed:
- an engine action is taken only from the seat the pending decision names first (for a
  simultaneous step, in its canonical order), while no card operation is under way;
- a card message is taken only when the card protocol expects it (`too-early` otherwise);
- per author, envelopes are taken in sequence (a gap waits), after signature, game id,
  schema, chain and public-state-hash checks.
Anything that arrives early waits in the inbox. Anything proven wrong (a bad signature is
not proof; a signed illegal move, bad proof, forged face or equivocation is) names its
author with the evidence, is never taken, and the node goes on. One exception: a tell
(private chat) whose box does not open is taken like every other seat takes it (only its
recipient can know), and the recipient names its author with it.

Every envelope taken is appended to the journal (durably) before it changes the state.
Peers that cannot talk directly still hear each other: a node tells its peers how far
each author's chain goes, and sends what they lack (node/runner.py), so any signed copy
is as good as the original. (Flooding every envelope to every peer was measured to cost
more than it saves: catch-up alone repairs a missing link within its interval.)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from protocol.canonical import Value
from protocol.cards_source import NetworkCardSource
from protocol.envelope import Envelope, Ledger, open_envelope, seal
from protocol.errors import LocalProtocolError, ProtocolError, RemoteProtocolError
from protocol.game import (
    ACTION_KIND, GAME_KINDS, action_body, config_from_genesis, decode_action,
)
from protocol.genesis import Genesis
from protocol.keys import SigningKey
from protocol.tell import TELL_KIND, read_tell, reader_of, tell_body

__all__ = ["NodeCore", "Blame", "secret_seed_for"]

CARD_PREFIX = "cards."


def secret_seed_for(key: SigningKey, genesis: Genesis) -> bytes:
    """The seed of a seat's card-protocol secrets: derived from the player's private key
    and the game, so a restarted node regenerates them (and nobody else can)."""
    return hashlib.sha256(b"cosmic/card-secrets/v1\0" + key.seed + genesis.game_id).digest()


@dataclass(frozen=True)
class Blame:
    """A peer named for misbehaviour, with the check that failed and the evidence."""

    author: int | None
    check: str
    message: str
    evidence: bytes


class NodeCore:
    """A seat's state machine. Feed it with offer(); run pump(); send what outbox() gives."""

    def __init__(self, genesis: Genesis, seat: int, key: SigningKey, *,
                 append: Callable[[bytes], None] | None = None,
                 secret_seed: bytes | None = None,
                 on_take: Callable[[Envelope], None] | None = None,
                 send: Callable[[bytes], None] | None = None,
                 append_batch: Callable[[list[bytes]], None] | None = None) -> None:
        """`append(raw)` stores an envelope durably (the journal); it is called before the
        envelope changes anything. `send(raw)`, if given, sends our own envelopes to every
        peer the moment they are sealed and journaled, before any further work (card
        crypto may follow an action); without it they wait in outbox().

        An action and the card messages it needs (a Select's commitment, the faces a play
        shows) are journaled together by `append_batch(raws)` (one write; default: append
        each) and sent only then. So a crash leaves either all of them or card messages
        no one has seen, which unbacked() counts and a restart drops."""
        if genesis.seat_key(seat) != key.public:
            raise LocalProtocolError("author", f"this key is not seat {seat}'s in the genesis")
        self.genesis, self.seat, self.key = genesis, seat, key
        self.config = config_from_genesis(genesis)
        self.state = engine.new_game(self.config)
        self.ledger = Ledger(genesis)
        self.cards = _card_source(genesis, seat, secret_seed)
        self.cards.observe(self.state)
        self.cards.start()
        self.append = append or (lambda raw: None)
        self.on_take = on_take  # told of every envelope taken (measurements)
        self.send = send
        self.append_batch = append_batch
        self._batch: list[bytes] | None = None  # journal writes held during act()
        self._held: list[bytes] = []  # sends held during act()
        self.record: list[bytes] = []  # every envelope taken, in order (the journal's)
        self._out: list[bytes] = []  # to send to every peer (ours, and relays)
        self._inbox: dict[bytes, tuple[bytes, Envelope | None]] = {}  # hash -> waiting
        self._index: list[tuple[int, int]] = []  # (author, seq) of each record entry
        self._seen: set[bytes] = set()  # hashes taken or refused for good
        self.blames: list[Blame] = []
        # Engine events and chat for the screen; chat is ("chat", author, to, text), to -1
        # for everyone, text None for a tell between two other seats (sealed).
        self.events: list[tuple[Any, ...]] = []
        self.faces: dict[int, int] | None = None  # every face, after the end-of-game audit
        self._begun = -1
        self._tail = (0, bytes(32))  # our last sealed envelope: (seq, hash), taken or not
        self._hashed: tuple[engine.GameState | None, bytes] = (None, b"")

    # -- what the outside world calls -------------------------------------------------------

    @property
    def knowledge(self) -> engine.Knowledge:
        return self.cards.knowledge

    def public_hash(self) -> bytes:
        """The public hash of the current state (states are values: hashed once each)."""
        if self._hashed[0] is not self.state:
            self._hashed = (self.state, engine.public_hash(self.state))
        return self._hashed[1]

    def pending(self) -> engine.Pending:
        return engine.pending(self.state)

    def my_turn(self) -> bool:
        """Is an action of this seat what the game waits for, with no card work due?"""
        p = engine.pending(self.state)
        return (p.chance is None and not p.over and bool(p.seats)
                and p.seats[0] == self.seat and self.cards.cards.idle)

    @property
    def done(self) -> bool:
        """The game is over and the end-of-game reveal and audit are complete."""
        return self.faces is not None

    def offer(self, raw: bytes) -> None:
        """An envelope from the network (any peer, any order, maybe again)."""
        h = hashlib.sha256(raw).digest()
        if h not in self._seen and h not in self._inbox and len(self._inbox) < 100_000:
            self._inbox[h] = (raw, None)

    def outbox(self) -> list[bytes]:
        out, self._out = self._out, []
        return out

    def act(self, action: engine.Action) -> None:
        """This seat's decision (a Select needs knowledge.selected set first).

        Raises engine.IllegalAction, state unchanged, if the rules refuse it."""
        if not self.my_turn() or action.seat != self.seat:
            p = engine.pending(self.state)
            raise engine.IllegalAction(p.phase, p.step, action.format(),
                                       f"not this seat's decision now (waiting for {list(p.seats)})")
        engine.apply(self.state, action)  # refuse before anything is signed
        self._batch, self._held = [], []
        try:
            if self.cards.announce(action):
                self._send_cards()
            seq, prev = self._next_link()
            _, raw = seal(self.genesis, self.key, self.seat, seq, prev, self.public_hash(),
                          ACTION_KIND, action_body(action), kinds=GAME_KINDS)
            self._take_own(raw)
        except BaseException:
            # A bug (the engine already allowed the action): write and send none of it,
            # so a restart finds nothing of this decision.
            self._batch, self._held = None, []
            raise
        batch, held, self._batch, self._held = self._batch, self._held, None, []
        if len(batch) > 1 and self.append_batch is not None:
            self.append_batch(batch)
        else:
            for r in batch:
                self.append(r)
        for r in held:
            self._send(r)
        self.pump()

    def unbacked(self) -> int:
        """How many of our own card messages, the last of the record, announce an action
        we never signed: a crash cut act()'s batch short. They were never sent; a
        restart drops them (see node.runner). 0 normally."""
        ops = self.cards.announced()
        if not ops or any(not op.done or op.script[0][0] != self.seat for op in ops):
            return 0
        return len(ops)

    def say(self, text: str, to: int = -1) -> None:
        """Signed chat to everyone (-1), or a tell to one seat: sealed so that only that
        seat and we can read it (protocol/tell.py). Either goes into every journal.

        Raises LocalProtocolError (nothing is sent) for a text or seat the protocol
        refuses."""
        seq, prev = self._next_link()
        body: Value
        if to == -1:
            kind, body = "chat", [to, text]
        else:
            kind, body = TELL_KIND, tell_body(self.genesis, self.key, self.seat, seq, to, text)
        _, raw = seal(self.genesis, self.key, self.seat, seq, prev,
                      self.public_hash(), kind, body, kinds=GAME_KINDS)
        self._take_own(raw)

    def pump(self) -> bool:
        """Make every step that is possible now; True if anything changed."""
        moved = False
        while True:
            step = self._sync() | self._send_cards() | self._answer() | self._take_inbox()
            step |= self._audit()
            if not step:
                return moved
            moved = True

    def have(self) -> list[int]:
        """The last sequence number taken of each author (for catching up)."""
        return [self.ledger.last_seq(a) for a in range(self.config.seats)]

    def missing_for(self, theirs: list[int]) -> list[bytes]:
        """Envelopes we hold that a peer with `have()` == theirs lacks, in record order."""
        return [raw for raw, (author, seq) in zip(self.record, self._index)
                if author < len(theirs) and seq > theirs[author]]

    # -- progress ----------------------------------------------------------------------------

    def _sync(self) -> bool:
        """Begin the card work the position asks for (a chance, or the end-of-game reveal)."""
        if not self.cards.cards.idle or self._begun == self.state.serial:
            return False
        p = engine.pending(self.state)
        if p.chance is not None:
            self.cards.begin(p.chance)
        elif p.over:
            self.cards.finish()
        else:
            return False
        self._begun = self.state.serial
        return True

    def _send_cards(self) -> bool:
        moved = False
        while self.cards.can_send():
            kind, body = self.cards.produce()
            seq, prev = self._next_link()
            _, raw = seal(self.genesis, self.key, self.seat, seq, prev,
                          self.public_hash(), kind, body, kinds=GAME_KINDS)
            self._take_own(raw)
            moved = True
        return moved

    def _answer(self) -> bool:
        p = engine.pending(self.state)
        if p.chance is None or self._begun != self.state.serial or not self.cards.cards.idle:
            return False
        try:
            fact = self.cards.answer(p.chance)
        except LocalProtocolError:
            return False  # its messages are still coming
        self._apply(fact)
        return True

    def _audit(self) -> bool:
        if (self.faces is not None or not self.state.outcome or not self.cards.cards.idle
                or any(x is None for x in self.cards.cards.secrets)):
            return False
        try:
            self.faces = dict(self.cards.audit())
            self.cards.check_claims(self.state)
        except RemoteProtocolError as exc:
            self.faces = self.faces or {}
            self._blame(exc, b"")
        self.events.append(("audit", not any(b.check in ("audit", "claim")
                                              for b in self.blames)))
        return True

    def _apply(self, action: engine.Action) -> None:
        self.state, events = engine.apply(self.state, action)
        self.cards.observe(self.state)
        self.events.extend(events)

    # -- taking envelopes ------------------------------------------------------------------

    def _next_link(self) -> tuple[int, bytes]:
        """Our next (seq, prev): after our last envelope sealed or taken (a resumed node
        takes its own record first, so it never signs a second version of a seq)."""
        last = self.ledger.last_seq(self.seat)
        if last > self._tail[0]:
            env = self.ledger.get(self.seat, last)
            assert env is not None
            self._tail = (last, env.hash)
        return self._tail[0] + 1, self._tail[1]

    def _take_own(self, raw: bytes) -> None:
        """Our own envelope goes through the same checks as a peer's (we never send what
        a peer would refuse). It may have to wait for others' messages that come before
        it in the record (the card protocol takes messages in seat order)."""
        env = open_envelope(raw, self.genesis, GAME_KINDS, check_signature=False)
        self._tail = (env.seq, env.hash)
        result = self._try(raw, env)  # taken: journaled first
        if result == "refused":
            raise LocalProtocolError("schema", "our own envelope was refused")
        if result == "wait":
            self._inbox[hashlib.sha256(raw).digest()] = (raw, env)
        if self._batch is not None:
            self._held.append(raw)  # sent once act()'s batch is in the journal
        else:
            self._send(raw)

    def _send(self, raw: bytes) -> None:
        if self.send is not None:
            self.send(raw)
        else:
            self._out.append(raw)

    def _take_inbox(self) -> bool:
        moved = False
        for h, (raw, env) in list(self._inbox.items()):
            if env is None:  # opened once: the signature is checked once
                try:
                    env = open_envelope(raw, self.genesis, GAME_KINDS)
                except RemoteProtocolError as exc:
                    self._blame(exc, raw)
                    del self._inbox[h]
                    self._seen.add(h)
                    continue
                self._inbox[h] = (raw, env)
            result = self._try(raw, env)
            if result == "wait":
                continue
            del self._inbox[h]
            self._seen.add(h)
            if result == "taken":
                moved = True  # peers that did not hear the author get it by catch-up
        return moved

    def _try(self, raw: bytes, env: Envelope | None = None) -> str:
        """Take one envelope if it is due: 'taken', 'wait' or 'refused'."""
        if env is None:
            try:
                env = open_envelope(raw, self.genesis, GAME_KINDS)
            except RemoteProtocolError as exc:
                self._blame(exc, raw)
                return "refused"
        last = self.ledger.last_seq(env.author)
        if env.seq > last + 1:
            return "wait"
        if env.seq <= last:
            try:
                self.ledger.accept(env)  # a copy we hold (dropped) or equivocation (raises)
            except RemoteProtocolError as exc:
                self._blame(exc, raw)
            return "refused"
        if env.prev != self.ledger.next_link(env.author)[1]:
            self._blame(RemoteProtocolError("chain", "prev does not link to the author's "
                                            "previous envelope", author=env.author,
                                            seq=env.seq, proven=True), raw)
            return "refused"
        try:
            if env.kind == "chat":
                return self._commit(env, raw, lambda: self.events.append(
                    ("chat", env.author, env.body[0], env.body[1])))
            if env.kind == TELL_KIND:
                return self._commit(env, raw, lambda: self._heard_tell(env, raw))
            if env.kind.startswith(CARD_PREFIX):
                return self._take_card(env, raw)
            return self._take_action(env, raw)
        except RemoteProtocolError as exc:
            if exc.recoverable:
                return "wait"
            self._blame(exc, raw)
            return "refused"

    def _heard_tell(self, env: Envelope, raw: bytes) -> None:
        """A tell taken: the event ("chat", author, to, text), text None unless we are its
        author or recipient. A box that does not open is still in the record (every
        other seat took it, signed and chained); its author is blamed with it."""
        text = None
        if reader_of(self.genesis, self.key, env):
            try:
                text = read_tell(self.genesis, self.key, env)
            except RemoteProtocolError as exc:
                self._blame(exc, raw)
        self.events.append(("chat", env.author, env.body[0], text))

    def _take_card(self, env: Envelope, raw: bytes) -> str:
        ours = self.public_hash()
        if env.state_hash != ours:
            # Behind or diverged: wait unless this author's message is what the card
            # work waits for now, which proves the author's state differs from ours.
            if self.cards.waiting_for() == env.author:
                raise RemoteProtocolError("state-hash", "desync: its public state differs",
                                          author=env.author, seq=env.seq, proven=True)
            return "wait"
        self._sync()
        self.cards.receive(env)  # too-early (wait) or a proven fault; changes nothing then
        return self._commit(env, raw, lambda: None)

    def _take_action(self, env: Envelope, raw: bytes) -> str:
        p = engine.pending(self.state)
        due = (p.chance is None and not p.over and bool(p.seats) and p.seats[0] == env.author
               and self.cards.cards.idle)
        if not due:
            return "wait"
        if env.state_hash != self.public_hash():
            raise RemoteProtocolError("state-hash", "desync: its public state differs from "
                                      "ours", author=env.author, seq=env.seq, proven=True)
        action, _ = decode_action(env)
        try:
            self.cards.check(action)
        except LocalProtocolError:
            return "wait"  # its card message has not come yet
        try:
            new, events = engine.apply(self.state, action)
        except engine.IllegalAction as exc:
            raise RemoteProtocolError("illegal", str(exc), author=env.author, seq=env.seq,
                                      proven=True) from None

        def go() -> None:
            self.state = new
            self.cards.observe(new)
            self.events.extend(events)
        return self._commit(env, raw, go)

    def _commit(self, env: Envelope, raw: bytes, effect: Callable[[], None]) -> str:
        """Durably record, then act: the journal holds it before it changes anything."""
        self.ledger.accept(env)
        if self._batch is not None:
            self._batch.append(raw)  # journaled with the rest of act()'s batch
        else:
            self.append(raw)
        self.record.append(raw)
        self._index.append((env.author, env.seq))
        effect()
        if self.on_take is not None:
            self.on_take(env)
        return "taken"

    def _blame(self, exc: ProtocolError, raw: bytes) -> None:
        author = getattr(exc, "author", None)
        proven = getattr(exc, "proven", False)
        self.blames.append(Blame(author if proven else None, exc.check, str(exc), raw))
        self.events.append(("blame", author if proven else None, exc.check, str(exc)))


def _card_source(genesis: Genesis, seat: int, secret_seed: bytes | None) -> NetworkCardSource:
    try:
        return NetworkCardSource(genesis, seat, secret_seed=secret_seed)  # type: ignore[call-arg]
    except TypeError:  # a card source without derived secrets (no resume after a crash)
        return NetworkCardSource(genesis, seat)

