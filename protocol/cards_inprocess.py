# Whole games through the card protocol with every seat in one process: for tests,
# benchmarks and simulations of networked play (sans-IO: no sockets, clocks or files).
#
# Invariants:
# - Each seat has its own engine state, NetworkCardSource (and so its own secrets and
#   Knowledge) and envelope Ledger; nothing of one seat is read on behalf of another,
#   except by the caller, who holds them all.
# - Card messages are real envelopes: sealed with the author's Ed25519 key, chained, and
#   opened and checked by every seat (signature, chain, schema, the author's public-state
#   hash against the seat's own, then the card checks). They pass in the record's order,
#   so the journal (`journal`) is the one list of envelopes every seat accepted.
# - Engine actions pass as values (enveloping them is the game layer's business); an
#   action that shows faces is preceded by its seat's card message, and every seat
#   checks it before applying the action.
# - After every apply, every seat's engine state must have the same public_hash, or
#   the run stops with LocalProtocolError("state-hash").
from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine import games
from engine.game import Action, Rules
from protocol.cards import CardSeat
from protocol.cards_source import NetworkCardSource
from protocol.envelope import Envelope, Ledger, check_state_hash, open_envelope, seal
from protocol.errors import LocalProtocolError
from protocol.genesis import Genesis
from protocol.keys import SigningKey

__all__ = ["CardTable", "InProcessGame", "run_inprocess_game", "make_genesis", "DEAL_PROPOSALS"]

# There is no clock here, so the deal's one-minute timer (a node concern) is stood in for
# by a number of proposals, as in node.local: after this many the deal fails.
DEAL_PROPOSALS = 8

Tamper = Callable[[int, str, list[Any]], list[Any]]


class Controller(Protocol):
    def choose(self, state: Any, seat: int, kn: Any) -> Any:
        ...


def _seat_key(seed: bytes) -> SigningKey:
    return SigningKey.from_seed(hashlib.sha256(b"cosmic/inprocess/seat/v1" + seed).digest())


def _salt(seeds: Sequence[bytes]) -> bytes:
    return hashlib.sha256(b"cosmic/inprocess/salt/v1" + b"".join(seeds)).digest()


def make_genesis(colours: Sequence[str], keys: Sequence[SigningKey], salt: bytes,
                 rules: Rules | None = None) -> Genesis:
    """The genesis of an in-process game of `rules` (Cosmic unless given): one seat per
    key, with these colours, and no options."""
    game = rules if rules is not None else games.load(games.DEFAULT)
    return Genesis.create(
        [(f"seat-{i}", colours[i], k.public) for i, k in enumerate(keys)],
        engine_version=game.ENGINE_VERSION,
        rules_hash=game.rules_data_hash(),
        salt=salt,
    )


class Member(Protocol):
    """What CardTable drives: a CardSeat or a NetworkCardSource."""

    def waiting_for(self) -> int | None: ...

    def produce(self) -> tuple[str, list[Any]]: ...

    def receive(self, env: Envelope) -> None: ...


class CardTable:
    """Seats' card protocol members in one process, with real envelopes between them.

    `tamper(author, kind, body) -> body`, if given, may change any card message before it
    is sealed (tests of misbehaviour); `state_hash(seat)` is the public-state hash a seat
    puts in (and checks against) envelopes, 32 zero bytes without an engine.
    `after_send(raw)`, if set, is called once every seat has received an envelope that
    send() passed (tests that stop a game there, e.g. to rebuild a seat).
    """

    def __init__(self, genesis: Genesis, keys: Sequence[SigningKey], members: Sequence[Member],
                 *, tamper: Tamper | None = None,
                 state_hash: Callable[[int], bytes] | None = None) -> None:
        self.genesis = genesis
        self.keys = keys
        self.members = members
        self.tamper = tamper
        self.state_hash = state_hash or (lambda seat: bytes(32))
        self.ledgers = [Ledger(genesis) for _ in members]
        self.journal: list[bytes] = []
        self.log: list[bytes | Action] = []  # the journal, with engine actions between
        self.after_send: Callable[[bytes], None] | None = None

    @classmethod
    def create(cls, n: int, faces: Sequence[int], seeds: Sequence[bytes] | None = None,
               secret_seeds: Sequence[bytes | None] | None = None,
               **options: Any) -> CardTable:
        """A table of n CardSeats with no engine (faces: the card ids in play; a secret
        seed per seat, or None, as CardSeat takes)."""
        seeds = seeds or [bytes([i]) for i in range(n)]
        secret = list(secret_seeds) if secret_seeds is not None else [None] * n
        keys = [_seat_key(s) for s in seeds]
        genesis = make_genesis(games.load(games.DEFAULT).COLOURS[:n], keys, _salt(seeds))
        return cls(genesis, keys, [CardSeat(genesis, s, faces, secret[s]) for s in range(n)],
                   **options)

    @property
    def n(self) -> int:
        return len(self.members)

    def seal(self, author: int, kind: str, body: list[Any]) -> bytes:
        """The envelope bytes of a card message of `author` (after `tamper`)."""
        if self.tamper is not None:
            body = self.tamper(author, kind, body)
        seq, prev = self.ledgers[author].next_link(author)
        return seal(self.genesis, self.keys[author], author, seq, prev, self.state_hash(author),
                    kind, body)[1]

    def deliver(self, seat: int, raw: bytes) -> None:
        """One seat receives an envelope: signature, chain, state hash, then its card
        member; the ledger keeps it only if all of them accept it (so a message refused as
        too early can be offered again)."""
        ledger = self.ledgers[seat]
        env = open_envelope(raw, self.genesis)
        if (env.seq, env.prev) != ledger.next_link(env.author):
            ledger.accept(env)  # False for a duplicate, else raises: gap, chain, equivocation
            return
        check_state_hash(env, self.state_hash(seat))
        self.members[seat].receive(env)
        ledger.accept(env)

    def send(self, author: int, kind: str, body: list[Any]) -> bytes:
        """Seal a card message and have every seat receive it, in seat order."""
        raw = self.seal(author, kind, body)
        self.journal.append(raw)
        self.log.append(raw)
        for s in range(self.n):
            self.deliver(s, raw)
        if self.after_send is not None:
            self.after_send(raw)
        return raw

    def next_author(self) -> int | None:
        """Who sends the next card message (every seat must agree), or None."""
        due = {m.waiting_for() for m in self.members}
        if len(due) != 1:
            raise LocalProtocolError("state-hash", f"seats disagree on who sends next: {due}")
        return due.pop()

    def pump(self) -> None:
        """Pass card messages until no seat has one due."""
        while (author := self.next_author()) is not None:
            self.send(author, *self.members[author].produce())


class InProcessGame:
    """N seats' card protocol and engines, driven by controllers, in one process.

    `tamper(author, kind, body) -> body`, if given, may change any card message before
    it is sealed (tests of misbehaviour). `secret_seeds`, if given, are the seats' secret
    seeds of the card protocol (None for a seat: `secrets`), so a seat's source can be
    rebuilt from the record (protocol.cards_source.resume_game).
    """

    def __init__(self, config: Any, seeds: Sequence[bytes],
                 controllers: Sequence[Controller], *, tamper: Tamper | None = None,
                 secret_seeds: Sequence[bytes | None] | None = None,
                 rules: Rules | None = None) -> None:
        n = config.seats
        if len(seeds) != n or len(controllers) != n or (
                secret_seeds is not None and len(secret_seeds) != n):
            raise LocalProtocolError("schema", "one seed and one controller per seat")
        self.config = config
        self.rules = rules if rules is not None else games.load(games.DEFAULT)
        self.controllers = controllers
        keys = [_seat_key(s) for s in seeds]
        self.genesis = make_genesis(config.colors, keys, _salt(seeds), self.rules)
        secret = list(secret_seeds) if secret_seeds is not None else [None] * n
        self.sources = [NetworkCardSource(self.genesis, s, secret_seed=secret[s])
                        for s in range(n)]
        self.states = [self.rules.new_game(config) for _ in range(n)]
        self._hashes = [self.rules.public_hash(s) for s in self.states]
        self.table = CardTable(self.genesis, keys, self.sources, tamper=tamper,
                               state_hash=lambda seat: self._hashes[seat])
        self.actions: list[Action] = []
        # Handles each seat may know the face of: ever in its hand, its own shuffled hand,
        # or shown or delivered to it (a `show` or `deliver` chance).
        self.entitled: list[set[int]] = [set() for _ in range(n)]
        self.proposals = 0
        for src, state in zip(self.sources, self.states):
            src.observe(state)
            src.start()
        self.table.pump()

    @property
    def n(self) -> int:
        return len(self.sources)

    @property
    def state(self) -> Any:
        return self.states[0]

    @property
    def journal(self) -> list[bytes]:
        """Every card envelope, in the order every seat accepted them."""
        return self.table.journal

    # --- the game -------------------------------------------------------------------------

    def step(self) -> bool:
        """Carry out the next decision (a chance or a seat's action). False once over."""
        rules = self.rules
        p = rules.pending(self.states[0])
        if p.over:
            return False
        if p.chance is not None:
            for src in self.sources:
                src.begin(p.chance)
            self.table.pump()
            facts = [src.answer(p.chance) for src in self.sources]
            if len(set(facts)) != 1:
                raise LocalProtocolError("state-hash",
                                         f"seats disagree on {p.chance.kind}: {facts}")
            if p.chance.kind == "hand_shuffle":
                self.entitled[p.chance.seat].update(p.chance.cards)
            elif p.chance.kind in ("show", "deliver"):  # opened to that seat (a deliver
                # may open cards still in a deck: the Fate looking at the destiny deck)
                self.entitled[p.chance.seat].update(p.chance.handles)
            self._apply(facts)
            return True
        seat = p.seats[0]
        timer = rules.timer(self.states[0])
        limited = timer is not None and timer[0] == "limit"
        if limited and self.proposals >= DEAL_PROPOSALS:
            action: Action = rules.on_timeout(self.states[0], seat)
        else:
            action = self.controllers[seat].choose(self.states[seat], seat,
                                                   self.sources[seat].knowledge)
        if self.sources[seat].announce(action):
            self.table.send(seat, *self.sources[seat].produce())
        for src in self.sources:
            src.check(action)
        self._apply([action] * self.n)
        self.proposals = self.proposals + 1 if limited else 0
        return True

    def _apply(self, actions: Sequence[Action]) -> None:
        rules = self.rules
        for s in range(self.n):
            self.states[s], _ = rules.apply(self.states[s], actions[s])
            self.sources[s].observe(self.states[s])
            self.entitled[s].update(rules.hand(self.states[s], s))
        self.actions.append(actions[0])
        self.table.log.append(actions[0])
        self._hashes = [rules.public_hash(st) for st in self.states]
        if len(set(self._hashes)) != 1:
            raise LocalProtocolError("state-hash",
                                     f"public states differ after {actions[0].format()}")

    def run(self, on_step: Callable[[InProcessGame], None] | None = None) -> Any:
        """Play to the end of the game (not the end-of-game reveal: see finish())."""
        while self.step():
            if on_step is not None:
                on_step(self)
        outcome = self.rules.outcome(self.states[0])
        assert outcome is not None
        return outcome

    def finish(self, *, claims: bool = True) -> dict[int, int]:
        """Every seat publishes its key share; every seat audits (and checks the hidden
        claims unless `claims` is False). The true faces.

        Raises RemoteProtocolError for any breach the audit finds (a false claim...).
        """
        for src in self.sources:
            src.finish()
        self.table.pump()
        audits = [src.audit() for src in self.sources]
        if any(a != audits[0] for a in audits):
            raise LocalProtocolError("state-hash", "the seats' audits differ")
        if claims:
            for src, st in zip(self.sources, self.states):
                src.check_claims(st)
        return audits[0]


def run_inprocess_game(config: Any, seeds: Sequence[bytes],
                       controllers: Sequence[Controller], *, claims: bool = True,
                       tamper: Tamper | None = None,
                       secret_seeds: Sequence[bytes | None] | None = None,
                       rules: Rules | None = None) -> InProcessGame:
    """Play one whole game through the card protocol, every seat in this process, then
    the end-of-game reveal and audit (of hidden claims too, unless `claims` is False).
    Returns the game (states, sources, journal...).

    Raises RemoteProtocolError for a seat's breach, LocalProtocolError if the seats'
    public states ever differ.
    """
    game = InProcessGame(config, seeds, controllers, tamper=tamper, secret_seeds=secret_seeds,
                         rules=rules)
    game.run()
    game.finish(claims=claims)
    return game
