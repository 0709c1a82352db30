"""One seat of a networked game, without sockets: signed envelopes in, envelopes out.

The node applies exactly what the game expects next, so every node's record has the same
order and no consensus protocol is needed:
- an engine action is taken only from the seat the pending decision names first (for a
  simultaneous step, in its canonical order), while no card operation is under way;
- a card message is taken only when the card protocol expects it (`too-early` otherwise);
- per author, envelopes are taken in sequence (a gap waits), after signature, game id,
  schema, chain and public-state-hash checks.
Anything that arrives early waits in the inbox, one envelope per (author, seq), and only
a window of each author's next seqs and bytes (WINDOW, WINDOW_BYTES): an envelope far
ahead of what the game can take is dropped, and catch-up sends it again when it is due;
so whatever a seat floods, it fills only its own window. Anything proven wrong (a bad
signature is not proof; a signed illegal move, bad proof, forged face or equivocation
is) names its author with the evidence, is never taken, and the node goes on; at most
BLAME_KEEP blames of one kind per seat are kept (the rest are counted). One exception: a
tell (private chat) whose box does not open is taken like every other seat takes it
(only its recipient can know), and the recipient names its author with it.

Evidence. A peer's envelope refused for a proven fault (its author's signature holds;
not equivocation, which the journal shows as two envelope records, nor a fault only we
can see) is written once, by `keep(raw)`, into the journal as an evidence record at the
place we refused it (protocol/evidence.py judges it there), so a third party can check
what was signed. At most EVIDENCE_KEEP of them and EVIDENCE_BYTES per seat (the rest are
counted in evidence_over): a flood of lies grows the journal by that much at most.

Forks. Every envelope binds its author's view of the other chains (protocol/envelope.py,
View). Before anything that depends on those chains (a proof, a state hash, the rules),
an envelope's view is compared with ours: if it names envelopes we do not hold yet, it
waits; if the envelopes we hold there are not the ones its author had taken, some seat
showed two versions of an envelope, and nobody is blamed: the envelope waits and we send
our copies of what it names to every peer, so that whoever holds the other version
proves the fork. Proof of equivocation (two signed versions of one (author, seq), found
in the inbox, against our record, or by the runner's comparison of chain heads) is sent
to every peer and, when one version is in our record, the other is written into our
journal after it: a forked game's journal then fails verification naming the forker,
and never passes for a clean one. Equivocation halts the game.

Every envelope taken is appended to the journal (durably) before it changes the state,
and our own envelopes leave only once they are in the journal (one that waits for
others' messages is sent when it is taken), so a crash can never leave peers holding an
envelope of ours that our journal lacks. Steps run one at a time (pump): after each
envelope taken, the card work it opens is produced before the next is taken, so the
view a card message binds depends only on the game's order, and a node that makes it
again from its journal after a restart makes the same bytes.

Peers that cannot talk directly still hear each other: a node tells its peers how far
each author's chain goes and its head (have()), and sends what they lack (missing_for,
used by node/runner.py), so any signed copy is as good as the original. (Flooding every
envelope to every peer was measured to cost more than it saves: catch-up alone repairs
a missing link within its interval.)
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

from engine.errors import IllegalAction
from engine.game import Action, Knowledge, Pending, Rules
from protocol.canonical import Value
from protocol.cards_source import NetworkCardSource
from protocol.envelope import CHAT_KINDS, Envelope, Evidence, Ledger, open_envelope, seal
from protocol.errors import LocalProtocolError, ProtocolError, RemoteProtocolError
from protocol.keys import verify
from protocol.game import (
    ACTION_KIND, GAME_KINDS, action_body, config_from_genesis, decode_action, game_of,
)
from protocol.genesis import Genesis
from protocol.keys import SigningKey
from protocol.tell import TELL_KIND, read_tell, reader_of, tell_body

__all__ = ["NodeCore", "Blame", "secret_seed_for", "WINDOW", "WINDOW_BYTES", "BLAME_KEEP",
           "CHAT_BURST", "CHAT_PER_S", "EVIDENCE_KEEP", "EVIDENCE_BYTES"]

CARD_PREFIX = "cards."
# Per author, the inbox keeps envelopes of seqs last+1 .. last+WINDOW only, WINDOW_BYTES
# at most (the nearest seqs first). An honest seat is never that far ahead of what we can
# take except when we are behind, and then catch-up sends the rest as we go: at most 200
# envelopes a request, in record order. The bytes hold some 40 proven shuffles of the
# deck (the largest card message, ~49 KiB); most envelopes are far smaller.
WINDOW = 64
WINDOW_BYTES = 2 * 1024 * 1024
BLAME_KEEP = 16  # blames kept per (seat or None, check); the rest are only counted
# Evidence records written per seat: at most this many envelopes and bytes (see Evidence).
EVIDENCE_KEEP = 16
EVIDENCE_BYTES = 1024 * 1024
_NOT_EVIDENCE = frozenset({"equivocation", "box"})  # in the journal already; ours alone
_REFUSED_MEMORY = 4096  # hashes of refused envelopes remembered (not checked again)
# Chat taken from another seat, once limit_chat() is called (the runner does): a budget
# per author of CHAT_BURST, refilled by one for every game envelope taken (from anyone)
# and CHAT_PER_S a second of chat_time(). A chat beyond it waits in the inbox (its
# author's later envelopes with it), so a seat that floods valid chat grows our record
# and journal at that rate only, not at the rate we can write; a person typing never
# meets it, and a node catching up takes old chat as fast as the game it comes with.
CHAT_BURST = 32
CHAT_PER_S = 1.0


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
                 append_batch: Callable[[list[bytes]], None] | None = None,
                 keep: Callable[[bytes], None] | None = None) -> None:
        """`append(raw)` stores an envelope durably (the journal); it is called before the
        envelope changes anything. `send(raw)`, if given, sends an envelope to every peer
        at once: ours the moment they are journaled, before any further work (card
        crypto may follow an action); without it they wait in outbox().

        An action and the card messages it needs (a Select's commitment, the faces a play
        shows) are journaled together by `append_batch(raws)` (one write; default: append
        each) and sent only then. So a crash leaves either all of them or card messages
        no one has seen, which unbacked() counts and a restart drops.

        `keep(raw)` writes an evidence record (see the module's Evidence) durably."""
        if genesis.seat_key(seat) != key.public:
            raise LocalProtocolError("author", f"this key is not seat {seat}'s in the genesis")
        self.genesis, self.seat, self.key = genesis, seat, key
        self.config = config_from_genesis(genesis)
        self.rules: Rules = game_of(genesis)  # the game, as engine.game's interface
        self.state = self.rules.new_game(self.config)
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
        self._taken: set[bytes] = set()  # their hashes (a copy offered again: dropped)
        self._out: list[bytes] = []  # to send to every peer (ours, relays, evidence)
        n = genesis.n_seats
        # Waiting envelopes, opened (signature checked), one per (author, seq).
        self._inbox: dict[tuple[int, int], tuple[bytes, Envelope]] = {}
        self._inbox_bytes = [0] * n
        self._unsent: set[int] = set()  # seqs of our own envelopes sent once taken
        # Per author, the record position of its seq 1, 2, ... (taken in seq order).
        self._at: list[list[int]] = [[] for _ in range(n)]
        self._refused: OrderedDict[bytes, None] = OrderedDict()  # hashes refused for good
        # of those, the ones whose signature held: hash -> (author, seq)
        self._refused_signed: dict[bytes, tuple[int, int]] = {}
        self._probed: set[bytes] = set()  # envelopes whose view showed a fork (see _fork)
        self._evidence_done = 0  # ledger.evidence already sent and journaled
        self.blames: list[Blame] = []
        self.keep = keep or (lambda raw: None)
        self.kept: list[bytes] = []  # evidence written (or read back by remember_evidence)
        self._kept_hashes: set[bytes] = set()
        self._kept_size = [[0, 0] for _ in range(n)]  # per seat: envelopes, bytes
        self.evidence_over = [0] * n  # per seat: evidence not written (over the cap)
        self._chat_budget: list[float] | None = None  # per author (see CHAT_BURST)
        self._chat_spent = False  # some author's budget is below CHAT_BURST (else full)
        self.blame_counts: dict[tuple[int | None, str], int] = {}  # every blame, counted
        # Engine events and chat for the screen; chat is ("chat", author, to, text), to -1
        # for everyone, text None for a tell between two other seats (sealed).
        self.events: list[tuple[Any, ...]] = []
        self.faces: dict[int, int] | None = None  # every face, after the end-of-game audit
        self._begun = -1
        self._tail = (0, bytes(32))  # our last sealed envelope: (seq, hash), taken or not
        self._restoring = False  # taking our own journal again (see restore)
        self._journal_at: dict[tuple[int, int], int] = {}  # restore: (author, seq) -> place
        self._hashed: tuple[Any, bytes] = (None, b"")
        self._pended: tuple[Any, Pending | None] = (None, None)
        self._timed: tuple[Any, tuple[str, tuple[int, ...], str] | None] = (None, None)
        # act()'s own action applied to refuse it before signing: (state, action, result),
        # taken again when its envelope is (the same action on the same state).
        self._applied: tuple[Any, Action, tuple[Any, list[tuple[Any, ...]]]] | None = None

    # -- what the outside world calls -------------------------------------------------------

    @property
    def knowledge(self) -> Knowledge:
        kn: Knowledge = self.cards.knowledge
        return kn

    def public_hash(self) -> bytes:
        """The public hash of the current state (states are values: hashed once each)."""
        if self._hashed[0] is not self.state:
            self._hashed = (self.state, self.rules.public_hash(self.state))
        return self._hashed[1]

    def prepare(self) -> None:
        """Compute now what taking the next envelope asks of the current state (its
        public hash, which every envelope's claim is compared with, and which our own
        next envelope binds), so that it is not on the way of that take. For a node
        with nothing to do now (the runner asks when no message waits); it checks
        nothing and changes nothing."""
        if self.faces is None:
            self.public_hash()

    def pending(self) -> Pending:
        """The decision the current state waits for (asked once per state: the runner's
        tick and each step of pump() ask again and again between two envelopes)."""
        if self._pended[0] is not self.state:
            self._pended = (self.state, self.rules.pending(self.state))
        p = self._pended[1]
        assert p is not None
        return p

    def timer(self) -> tuple[str, tuple[int, ...], str] | None:
        """The current state's time limit, rules.timer(state) (asked once per state: the
        runner asks every tick)."""
        if self._timed[0] is not self.state:
            self._timed = (self.state, self.rules.timer(self.state))
        return self._timed[1]

    def my_turn(self) -> bool:
        """Is an action of this seat what the game waits for, with no card work due?"""
        p = self.pending()
        return (p.chance is None and not p.over and bool(p.seats)
                and p.seats[0] == self.seat and self.cards.cards.idle)

    @property
    def done(self) -> bool:
        """The game is over and the end-of-game reveal and audit are complete."""
        return self.faces is not None

    @property
    def halted(self) -> bool:
        """A seat has been proven to equivocate: the game cannot go on past it."""
        return self.ledger.halted

    def offer(self, raw: bytes) -> None:
        """An envelope from the network (any peer, any order, maybe again). Never raises.

        Kept only if it may be taken: within its author's window (WINDOW seqs and
        WINDOW_BYTES past the last taken, once what can be taken is: so a whole record
        offered in order is kept), signature checked on arrival. A copy of an envelope
        taken is dropped; another signed version of it, or of one waiting, is proof of
        equivocation."""
        if type(raw) is not bytes:
            return
        h = hashlib.sha256(raw).digest()
        if h in self._taken:
            return  # a copy of one we took (catch-up sends many)
        refused = h in self._refused
        if refused:
            at = self._refused_signed.get(h)
            if at is None or at[1] > self.ledger.last_seq(at[0]) or at[0] in self.ledger.blamed:
                return  # refused for good; signed, it is news only beside the one we took
        try:
            env = open_envelope(raw, self.genesis, GAME_KINDS, check_signature=False,
                                digest=h)
        except RemoteProtocolError:
            self._refuse_bad(raw, h)
            return
        author, seq = env.author, env.seq
        last = self.ledger.last_seq(author)
        if seq <= last:
            held = self.ledger.get(author, seq)
            if held is not None and held.raw == raw:
                return  # a copy of one we took
            # Another signed version of one we took, even one we refused before taking
            # this: a peer that held both at once proved equivocation with them, and so
            # must we (else it halts and we wait on it for ever).
            if not refused and not self._signed(env, h):
                return
            try:
                self.ledger.accept(env)  # the same signed bytes (dropped) or equivocation
            except RemoteProtocolError as exc:
                self._blame(exc, raw)
            self._publish_evidence()
            return
        if seq > last + WINDOW and (author, last + 1) in self._inbox and self.pump():
            last = self.ledger.last_seq(author)  # what was offered before may be taken
        if author in self.ledger.blamed or seq > last + WINDOW:
            return  # nothing more from an equivocator; far ahead: catch-up sends it again
        slot = self._inbox.get((author, seq))
        if slot is not None and slot[0] == raw:
            return
        if not self._signed(env, h) or not self._room(author, seq, len(raw)):
            return  # (a forgery must not push out what waits)
        if slot is not None:  # two signed versions of one waiting envelope
            self._blame(self.ledger.prove_equivocation(slot[1], env), raw)
            self._publish_evidence()
            return
        self._keep(raw, env)

    def restore(self, raws: list[bytes]) -> None:
        """Our own journal's envelopes, in order, to take again (a restart): no window, as
        they are the record itself. Signatures are checked as for any envelope."""
        later = []
        self._restoring = True  # (a fault in our own journal is not a peer's evidence)
        for place, raw in enumerate(raws):
            try:
                env = open_envelope(raw, self.genesis, GAME_KINDS)
            except RemoteProtocolError as exc:
                self._blame(exc, raw)
                continue
            if (env.author, env.seq) in self._inbox:
                later.append(raw)  # the other version of a fork, written after the first
            elif env.seq > self.ledger.last_seq(env.author):
                self._keep(raw, env)
                self._journal_at[(env.author, env.seq)] = place
                if env.author == self.seat:
                    self._tail = max(self._tail, (env.seq, env.hash))
        # Our own envelopes are taken from the journal as they were made (its bytes, and
        # a chat that came between two card messages keeps its place): the card source
        # checks each against what its secret seed gives, and makes nothing new until
        # the last of them is taken.
        # They are taken in the journal's order (see _take_one): so the record, and the
        # events a resumed screen shows again, keep a chat where it was said.
        self._restoring = True
        self.pump()
        self._restoring = False
        self._journal_at = {}
        for raw in later:
            self.offer(raw)  # proof of the fork again
        self.pump()

    def outbox(self) -> list[bytes]:
        out, self._out = self._out, []
        return out

    def act(self, action: Action) -> None:
        """This seat's decision (a Select needs knowledge.selected set first).

        Raises IllegalAction, state unchanged, if the rules refuse it."""
        if not self.my_turn() or action.seat != self.seat:
            p = self.pending()
            raise IllegalAction(p.phase, p.step, action.format(),
                                f"not this seat's decision now (waiting for {list(p.seats)})")
        # Refuse before anything is signed; the result is what taking our envelope gives.
        self._applied = (self.state, action, self.rules.apply(self.state, action))
        self._batch, self._held = [], []
        try:
            if self.cards.announce(action):
                self._send_cards()
            seq, prev = self._next_link()
            env, _ = seal(self.genesis, self.key, self.seat, seq, prev, self.public_hash(),
                          ACTION_KIND, action_body(action), kinds=GAME_KINDS,
                          view=self.ledger.view(self.seat))
            self._take_own(env.raw, env)
        except BaseException:
            # A bug (the engine already allowed the action): write and send none of it,
            # so a restart finds nothing of this decision.
            self._batch, self._held, self._applied = None, [], None
            raise
        self._applied = None
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
        seat and we can read it (protocol/tell.py). Either goes into every journal. It
        takes our next seq; if our own card messages before it still wait their turn, it
        waits with them and leaves once it is journaled.

        Raises LocalProtocolError (nothing is sent) for a text or seat the protocol
        refuses."""
        seq, prev = self._next_link()
        body: Value
        if to == -1:
            kind, body = "chat", [to, text]
        else:
            kind, body = TELL_KIND, tell_body(self.genesis, self.key, self.seat, seq, to, text)
        env, _ = seal(self.genesis, self.key, self.seat, seq, prev,
                      self.public_hash(), kind, body, kinds=GAME_KINDS,
                      view=self.ledger.view(self.seat))
        self._take_own(env.raw, env)

    def limit_chat(self) -> None:
        """From now on take other seats' chat within a budget (CHAT_BURST, CHAT_PER_S)."""
        self._chat_budget = [float(CHAT_BURST)] * self.config.seats
        self._chat_spent = False

    def chat_time(self, seconds: float) -> None:
        """`seconds` have passed: every author's chat budget grows by CHAT_PER_S each."""
        if self._chat_spent and seconds > 0:
            self._refill_chat(seconds * CHAT_PER_S)

    def _refill_chat(self, amount: float) -> None:
        """Every author's chat budget grows by `amount`, to CHAT_BURST at most. Only while
        one is below it (_chat_spent): a full budget stays full, so the runner's every
        tick and every envelope taken cost nothing while nobody chats."""
        assert self._chat_budget is not None
        self._chat_budget = [min(float(CHAT_BURST), b + amount) for b in self._chat_budget]
        self._chat_spent = any(b < CHAT_BURST for b in self._chat_budget)

    def pump(self) -> bool:
        """Make every step that is possible now, one at a time; True if anything changed.

        The order is what makes a card message's view (and so its bytes) depend on the
        game's order only: after each step, begin the card work due and produce our
        messages before taking another envelope."""
        moved = False
        while (self._sync() or self._send_cards() or self._answer() or self._take_one()
               or self._audit()):
            moved = True
        self._publish_evidence()
        return moved

    def have(self) -> list[tuple[int, bytes]]:
        """For each author, the last seq taken and the hash of that envelope (its chain's
        head; 32 zero bytes for none), for catching up and comparing chains."""
        return [(self.ledger.last_seq(a), self.ledger.head(a))
                for a in range(self.config.seats)]

    def missing_for(self, theirs: list[tuple[int, bytes]]) -> list[bytes]:
        """What a peer whose have() is `theirs` needs: first our version of every
        envelope whose hash differs from its head there (a fork: it then holds proof of
        it, see offer), then the envelopes we hold that it lacks, in record order."""
        forks: list[bytes] = []
        behind: list[int] = []
        for a, (seq, head) in enumerate(theirs[:self.config.seats]):
            held = self.ledger.get(a, seq) if seq > 0 else None
            if held is not None and held.hash != head:
                forks.append(held.raw)
                behind.append(-1)  # its chain is another: sending more proves nothing new
            else:
                behind.append(seq)
        # Per author its seqs past the peer's are a tail of its positions: no scan of the
        # whole record per request (peers ask every have_every_s, mostly for nothing).
        wanted = sorted(i for a, seq in enumerate(behind) if seq >= 0
                        for i in self._at[a][seq:])
        return forks + [self.record[i] for i in wanted]

    # -- progress ----------------------------------------------------------------------------

    def _sync(self) -> bool:
        """Begin the card work the position asks for (a chance, or the end-of-game reveal)."""
        if not self.cards.cards.idle or self._begun == self.state.serial:
            return False
        p = self.pending()
        if p.chance is not None:
            self.cards.begin(p.chance)
        elif p.over:
            self.cards.finish()
        else:
            return False
        self._begun = self.state.serial
        return True

    def _send_cards(self) -> bool:
        if self._restoring:
            return False  # our journal's own messages come first (see restore)
        moved = False
        while self.cards.can_send():
            kind, body = self.cards.produce()
            seq, prev = self._next_link()
            env, _ = seal(self.genesis, self.key, self.seat, seq, prev,
                          self.public_hash(), kind, cast(Value, body), kinds=GAME_KINDS,
                          view=self.ledger.view(self.seat))
            self._take_own(env.raw, env)
            moved = True
        return moved

    def _answer(self) -> bool:
        p = self.pending()
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

    def _apply(self, action: Action) -> None:
        self.state, events = self.rules.apply(self.state, action)
        self.cards.observe(self.state)
        self.events.extend(events)

    # -- the inbox -----------------------------------------------------------------------------

    def _signed(self, env: Envelope, h: bytes) -> bool:
        """Check env's signature (open_envelope skipped it); blame and forget it if bad."""
        if verify(env.author_key, env.sig, env.signed):
            return True
        self._blame(RemoteProtocolError("signature", "the signature does not verify",
                                        author=env.author, seq=env.seq), env.raw)
        self._remember_refused(h)
        return False

    def _refuse_bad(self, raw: bytes, h: bytes) -> None:
        """Bytes that do not open: blamed with the full check's error (a bad signature
        comes before a signed body's fault), then forgotten."""
        try:
            open_envelope(raw, self.genesis, GAME_KINDS)
        except RemoteProtocolError as exc:
            self._blame(exc, raw)
        self._remember_refused(h)

    def _remember_refused(self, h: bytes, signed: Envelope | None = None) -> None:
        """Remember a refused envelope's hash (not checked again). `signed`: the envelope,
        whose author's signature held (refused for what it says), so it is still proof of
        equivocation beside another version of its seq (see offer)."""
        self._refused[h] = None
        if signed is not None:
            self._refused_signed[h] = (signed.author, signed.seq)
        if len(self._refused) > _REFUSED_MEMORY:
            old, _ = self._refused.popitem(last=False)
            self._refused_signed.pop(old, None)

    def _room(self, author: int, seq: int, size: int) -> bool:
        """Make room for an envelope of author at seq within WINDOW_BYTES, dropping the
        farthest ones held that are beyond it; False if it is itself the farthest."""
        while self._inbox_bytes[author] + size > WINDOW_BYTES:
            beyond = [s for a, s in self._inbox if a == author and s > seq]
            if not beyond:
                return False
            self._drop((author, max(beyond)))
        return True

    def _keep(self, raw: bytes, env: Envelope) -> None:
        self._inbox[(env.author, env.seq)] = (raw, env)
        self._inbox_bytes[env.author] += len(raw)

    def _drop(self, key: tuple[int, int]) -> None:
        raw, _ = self._inbox.pop(key)
        self._inbox_bytes[key[0]] -= len(raw)

    def _take_one(self) -> bool:
        """Take the first envelope that is due, if any (refusing those proven wrong): by
        author, or, restoring, in the order our journal holds them (chat is due whenever
        its view is, so the authors' order would move it)."""
        authors: Iterable[int] = range(self.config.seats)
        if self._restoring:
            late = len(self._journal_at)
            authors = sorted(authors, key=lambda a: self._journal_at.get(
                (a, self.ledger.last_seq(a) + 1), late))
        for author in authors:
            key = (author, self.ledger.last_seq(author) + 1)
            item = self._inbox.get(key)
            if item is None:
                continue
            raw, env = item
            result = self._try(raw, env)
            if result == "wait":
                continue
            self._drop(key)
            if result == "taken":
                return True  # peers that did not hear the author get it by catch-up
            self._remember_refused(env.hash, signed=env)
        return False

    def _publish_evidence(self) -> None:
        """Send every new proof of equivocation to every peer (each then holds both
        versions), and write the version we did not take into the journal after the one
        we did: the journal then shows the fork to anyone who verifies it."""
        found = self.ledger.evidence[self._evidence_done:]
        self._evidence_done += len(found)
        for ev in found:
            self._send(ev.first)
            self._send(ev.second)
            held = self.ledger.get(ev.author, ev.seq)
            if held is not None and held.raw in (ev.first, ev.second):
                self.append(ev.second if held.raw == ev.first else ev.first)
            for key in [k for k in self._inbox if k[0] == ev.author]:
                self._drop(key)  # nothing more is taken from it

    def _fork(self, env: Envelope) -> None:
        """env's view disagrees with our chains: someone forked (or env's author lied).
        Send our copies of the envelopes its view names to every peer, once: a peer
        holding the other version then proves the fork and sends both back."""
        if env.hash in self._probed or len(self._probed) >= 4 * WINDOW * self.config.seats:
            return
        self._probed.add(env.hash)
        for a, s in enumerate(env.view.seqs):
            held = self.ledger.get(a, s) if s else None
            if held is not None:
                self._send(held.raw)

    @property
    def evidence(self) -> tuple[Evidence, ...]:
        """Every proof of equivocation found, in order."""
        return self.ledger.evidence

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

    def _take_own(self, raw: bytes, env: Envelope | None = None) -> None:
        """Our own envelope goes through the same checks as a peer's (we never send what
        a peer would refuse). `env` is what seal() returned for raw: it opened the bytes
        as a peer does (signature included), so they are not opened again. It may have
        to wait for others' messages that come before it in the record (the card
        protocol takes messages in seat order): then it is sent when it is taken, once
        it is in the journal."""
        if env is None:
            env = open_envelope(raw, self.genesis, GAME_KINDS, check_signature=False)
        self._tail = (env.seq, env.hash)
        result = self._try(raw, env)  # taken: journaled first
        if result == "refused":
            raise LocalProtocolError("schema", "our own envelope was refused")
        if result == "wait":
            if (self.seat, env.seq) not in self._inbox:
                self._keep(raw, env)
            self._unsent.add(env.seq)
            return
        if (self.seat, env.seq) in self._inbox:
            self._drop((self.seat, env.seq))  # the journal's copy (a restart): taken now
        self._release(raw)

    def _release(self, raw: bytes) -> None:
        """Send our own journaled envelope (after act()'s batch is written, during act)."""
        if self._batch is not None:
            self._held.append(raw)
        else:
            self._send(raw)

    def _send(self, raw: bytes) -> None:
        if self.send is not None:
            self.send(raw)
        else:
            self._out.append(raw)

    def _try(self, raw: bytes, env: Envelope) -> str:
        """Take one envelope if it is due: 'taken', 'wait' or 'refused'."""
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
            # The author signed a seq that follows another version of its previous one.
            self._blame(RemoteProtocolError("chain", "prev does not link to the author's "
                                            "previous envelope", author=env.author,
                                            seq=env.seq, proven=True), raw)
            held = self.ledger.get(env.author, last)
            if held is not None:
                self._send(held.raw)  # whoever holds the other version proves the fork
            return "refused"
        if self.ledger.view_missing(env):
            return "wait"  # its author had taken envelopes we have not yet
        try:
            self.ledger.check_view(env)
        except RemoteProtocolError:
            self._fork(env)
            return "wait"  # a fork: nobody is blamed until it is proven
        budget = self._chat_budget
        if env.kind in CHAT_KINDS and budget is not None and env.author != self.seat \
                and not self._restoring:
            if budget[env.author] < 1:
                return "wait"  # over its chat budget: taken when it has grown
            budget[env.author] -= 1
            self._chat_spent = True
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
        p = self.pending()
        due = (p.chance is None and not p.over and bool(p.seats) and p.seats[0] == env.author
               and self.cards.cards.idle)
        if not due:
            return "wait"
        if env.state_hash != self.public_hash():
            raise RemoteProtocolError("state-hash", "desync: its public state differs from "
                                      "ours", author=env.author, seq=env.seq, proven=True)
        action, _ = decode_action(env, self.rules)
        try:
            self.cards.check(action)
        except LocalProtocolError:
            return "wait"  # its card message has not come yet
        done = self._applied
        try:
            if done is not None and done[0] is self.state and done[1] == action:
                new, events = done[2]  # our own action, applied by act() on this state
            else:
                new, events = self.rules.apply(self.state, action)
        except IllegalAction as exc:
            raise RemoteProtocolError("illegal", str(exc), author=env.author, seq=env.seq,
                                      proven=True) from None
        except Exception as exc:  # an engine bug met by a signed action: as the verifier
            raise RemoteProtocolError(  # judges it (protocol.game), never our crash
                "illegal", f"the engine failed on {action.format()}: "
                f"{type(exc).__name__}: {exc}", author=env.author, seq=env.seq,
                proven=True) from None

        def go() -> None:
            self.state = new
            self.cards.observe(new)
            self.events.extend(events)
        return self._commit(env, raw, go)

    def _commit(self, env: Envelope, raw: bytes, effect: Callable[[], None]) -> str:
        """Durably record, then act: the journal holds it before it changes anything."""
        self.ledger.accept(env)
        if self._chat_spent and env.kind not in CHAT_KINDS:
            self._refill_chat(1.0)
        if self._batch is not None:
            self._batch.append(raw)  # journaled with the rest of act()'s batch
        else:
            self.append(raw)
        self.record.append(raw)
        self._taken.add(env.hash)
        self._at[env.author].append(len(self.record) - 1)
        if env.author == self.seat and env.seq in self._unsent:
            self._unsent.discard(env.seq)
            self._release(raw)  # ours, waiting until now: journaled, so it may leave
        effect()
        if self.on_take is not None:
            self.on_take(env)
        return "taken"

    def _blame(self, exc: ProtocolError, raw: bytes) -> None:
        author = getattr(exc, "author", None)
        proven = getattr(exc, "proven", False)
        who = author if proven and type(author) is int else None
        key = (who, exc.check)
        count = self.blame_counts.get(key, 0)
        self.blame_counts[key] = count + 1
        if proven and who is not None and raw and exc.check not in _NOT_EVIDENCE:
            self._keep_evidence(who, raw)
        if count >= BLAME_KEEP:
            return  # a flood of one fault: counted, not kept again
        self.blames.append(Blame(who, exc.check, str(exc), raw))
        self.events.append(("blame", who, exc.check, str(exc)))

    def _keep_evidence(self, author: int, raw: bytes) -> None:
        """Write raw (author's signed envelope, refused for a proven fault) as evidence,
        once, within author's cap. Our own (a bug, never a peer's fault) and our
        journal's own envelopes (restoring, or taken: a tell) are not kept."""
        if self._restoring or author == self.seat:
            return
        h = hashlib.sha256(raw).digest()
        if h in self._kept_hashes or h in self._taken:
            return
        size = self._kept_size[author]
        if size[0] >= EVIDENCE_KEEP or size[1] + len(raw) > EVIDENCE_BYTES:
            self.evidence_over[author] += 1
            return
        signer: int | str | None
        try:  # the author's signature holds (again: only what it signed is kept)
            signer = open_envelope(raw, self.genesis, GAME_KINDS).author
        except RemoteProtocolError as exc:
            signer = exc.author if exc.proven else None
        if signer != author:
            return
        self.keep(raw)
        self._note_kept(author, raw, h)

    def _note_kept(self, author: int, raw: bytes, h: bytes) -> None:
        self.kept.append(raw)
        self._kept_hashes.add(h)
        self._kept_size[author][0] += 1
        self._kept_size[author][1] += len(raw)

    def remember_evidence(self, raws: list[bytes]) -> None:
        """The evidence records of our own journal (a restart): counted against their
        seats' caps, never written again, and their envelopes refused for good, as before
        (one signed beside the version we took is still proof of equivocation)."""
        for raw in raws:
            h = hashlib.sha256(raw).digest()
            try:
                env = open_envelope(raw, self.genesis, GAME_KINDS)
            except RemoteProtocolError as exc:
                if type(exc.author) is int and exc.proven:
                    self._note_kept(exc.author, raw, h)
                self._remember_refused(h)
                continue
            self._note_kept(env.author, raw, h)
            self._remember_refused(h, signed=env)


def _card_source(genesis: Genesis, seat: int, secret_seed: bytes | None) -> NetworkCardSource:
    return NetworkCardSource(genesis, seat, secret_seed=secret_seed)

