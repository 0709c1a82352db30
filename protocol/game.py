# A game over envelopes: engine actions <-> "action" envelopes, the genesis of a game,
# and the verifier that replays a journal through the engine (sans-IO).
#
# Invariants:
# - An "action" envelope's body is [action_data, extra]. action_data is
#   Action.to_data() of a *player* action whose seat is the envelope's author (chance
#   facts, seat -1, are never sent: every node derives them from its card source).
#   extra is the 32-byte commitment to the face-down card for a Select, the 32-byte
#   nonce that opens it for the seat's next Reveal (or for the Give that hands that card
#   over to a power: the game's face_down_handover), and b"" for every other action.
#   (In the game interface's words, engine.game: a "commit" move carries the commitment,
#   an "open" move, or a "give" at the handover, the nonce.)
# - Card commitment: purpose "card", payload = the handle as 4 bytes big-endian two's
#   complement (protocol.commit.commitment_digest binds the game id and the seat).
# - The game is the genesis's (game_of: its engine version names it); every game rule
#   comes from its engine.game.Rules, so this module knows no game.
# - An action envelope's state_hash is the game's public_hash of the state the action
#   applies to: after every chance fact the card source supplied before it. Other
#   kinds' state hashes are not compared (chat and tells are asynchronous; the card
#   protocol's kinds are its source's business).
# - GameVerifier checks each envelope record in this order, and the first failure
#   is raised as RemoteProtocolError with `record` set; nothing after it is applied:
#   open (size, canonical, version, author, game id, key, signature, kind, body),
#   chain (Ledger, duplicates refused), view (every envelope it names of the other seats
#   is earlier in the record and is the one held: Ledger.check_view), chance facts
#   answered by the card source,
#   state hash, commitment (a Reveal against its seat's Select), face (the card
#   source confirms every face shown), legality (engine.apply). finish() answers the
#   chance facts after the last record and audits every recorded claim when the card
#   source knows every face (always in local mode).
# - An evidence record (a refused envelope a node kept) is not part of the game: read_journal
#   has the verifier judge it at its place (protocol/evidence.py) and tells the visitor
#   what it shows; the game, its verdict and its errors are those of the envelope records.
# - With check_signature=False the signature step is skipped and the caller must
#   supply a SignatureResults; read_journal() then reconciles so that the verdict and
#   error are exactly those of the serial check (see read_journal). A SignatureResults
#   may also report records whose opening checks (every step of open but the
#   signature) it has made on the same bytes with the same kinds: feed(opened=True)
#   then only builds the envelope (envelope.open_checked); any other record is opened
#   here in full.
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from engine import games
from engine.errors import ActionParseError, EngineError, IllegalAction
from engine.game import Action, Rules, Source
from protocol.canonical import Value
from protocol.commit import check_reveal, commitment_digest
from protocol.envelope import (
    CHAT_KINDS, DEFAULT_KINDS, Envelope, KindRegistry, Ledger, View, open_checked,
    open_envelope, seal,
)
from protocol.errors import (
    JournalError, LocalProtocolError, ProtocolError, RemoteProtocolError,
)
from protocol.genesis import Genesis
from protocol.evidence import Finding, judge
from protocol.journal import (
    RECORD_ENVELOPE, RECORD_EVIDENCE, JournalContents, TornTail, parse_journal,
)
from protocol.keys import SigningKey
from protocol.schema import Bytes, Record, Tree

__all__ = [
    "ACTION_KIND",
    "CARD_PURPOSE",
    "GAME_KINDS",
    "MODES",
    "ACTION_BODY",
    "handle_payload",
    "card_commitment",
    "action_body",
    "decode_action",
    "seal_action",
    "make_genesis",
    "config_from_genesis",
    "game_of",
    "game_mode",
    "local_seed",
    "CardSource",
    "LocalCardSource",
    "source_for",
    "Verdict",
    "GameVerifier",
    "SignatureResults",
    "JournalVisitor",
    "VerifyVisitor",
    "read_journal",
    "verify_journal_bytes",
    "CHECKED",
]

ACTION_KIND = "action"
CARD_PURPOSE = "card"
MODES = ("local", "network")
_EXTRA_SIZE = 32  # a commitment (Select) or a nonce (Reveal)
_SHARED_OPTIONS = frozenset({"mode", "seed"})  # every game's; the rest are the game's own
_SEED_HEX = re.compile(r"(?:[0-9a-f]{2}){1,64}")

# What a passing verify has checked, in the words the CLI prints.
CHECKED = (
    "signatures", "chains", "views of the other chains", "canonical encoding", "game id",
    "legality by engine replay", "state hashes", "commitments",
)

# Action data: [kind, seat, field...], fields int / ints / pairs (engine.actions). The
# bounds are those action_from_data enforces: 32-bit ints, at most 128 items a list.
ACTION_BODY = Record(
    ("action", Tree(max_depth=3, max_len=128, max_nodes=640, max_str=16, max_bytes=0,
                    int_min=-(2**31), int_max=2**31 - 1)),
    ("extra", Bytes(max_len=_EXTRA_SIZE)),
)


def _extra_sizes(rules: Rules, action: Action, mode: str = "local") -> tuple[int, ...]:
    """A commit (Cosmic's Select) carries its commitment, an open (a Reveal) its nonce,
    in local games; a give its nonce when it hands over the face-down card (which the
    state says: checked when it is applied), else nothing. In network games the card
    protocol's face-down and open messages commit and open instead (protocol/cards.py)."""
    if mode != "local":
        return (0,)
    secret = rules.secret(action)
    if secret == "page":  # a local game's secret page, in the clear: a count a byte
        return (rules.PAGE_PLACES,)
    if secret in ("commit", "open"):
        return (_EXTRA_SIZE,)
    if secret == "give":
        return (0, _EXTRA_SIZE)
    return (0,)


# The action data _check_action_body parsed last and its action (kept with the data, so
# that its id is not reused): decode_action, asked for the same list, answers from here.
# One tuple, read and replaced whole, so that a reader never pairs one's data with
# another's action.
_PARSED: list[tuple[object, Action | None]] = [(object(), None)]


# Actions parsed before, by game and by the repr of their data: action_from_data is a
# function of the data and an Action is a frozen value, so the one parsed before is
# handed out again. The data is always a decoded canonical value (lists of None, bool,
# int, str and bytes: what an envelope's body holds), on which repr is one-to-one (it
# reads back as the same value, True apart from 1 and str apart from bytes).
_PARSED_BY_DATA: dict[tuple[str, str], Action] = {}
_PARSED_MAX = 4096


def _parse_action(rules: Rules, data: object) -> Action:
    """rules.action_from_data(data): the same action, or the same ActionParseError."""
    if type(data) is list:
        key = (rules.NAME, repr(data))
        got = _PARSED_BY_DATA.get(key)
        if got is None:
            got = rules.action_from_data(data)
            if len(_PARSED_BY_DATA) >= _PARSED_MAX:
                _PARSED_BY_DATA.clear()
            _PARSED_BY_DATA[key] = got
        return got
    parsed: Action = rules.action_from_data(data)
    return parsed


def _check_action_body(genesis: Genesis, author: int, body: Any) -> str | None:
    """Why an action body is invalid for author, or None (run after ACTION_BODY)."""
    known = _GAME_AND_MODE.get(genesis.game_id)
    if known is None:
        try:
            rules = game_of(genesis)
        except RemoteProtocolError as exc:
            return exc.message
        mode = None
    else:
        rules, mode = known
    try:
        action = _parse_action(rules, body[0])
    except ActionParseError as exc:
        return str(exc)
    _PARSED[0] = (body[0], action)  # decode_action of this envelope need not parse again
    if action.seat != author:
        return f"the action's seat {action.seat} is not its author {author}"
    if mode is None:
        try:
            mode = game_mode(genesis)
        except RemoteProtocolError as exc:
            return exc.message
        if len(_GAME_AND_MODE) >= 64:  # bounded whatever a peer sends
            _GAME_AND_MODE.clear()
        _GAME_AND_MODE[genesis.game_id] = (rules, mode)
    need = _extra_sizes(rules, action, mode)
    if len(body[1]) not in need:
        return (f"extra of a {action.KIND} is {' or '.join(map(str, need))} bytes, not "
                f"{len(body[1])}")
    return None


# The game and the mode of each genesis met (by game id, which binds both).
_GAME_AND_MODE: dict[bytes, tuple[Rules, str]] = {}


# A game's kinds: the built-in ones, the card protocol's (registered by cards_wire into
# DEFAULT_KINDS on import), and engine actions.
import protocol.cards_wire  # noqa: E402,F401  (registers the card kinds first)

GAME_KINDS: KindRegistry = DEFAULT_KINDS.copy()
GAME_KINDS.register(ACTION_KIND, ACTION_BODY, _check_action_body)


# --- actions <-> envelopes -----------------------------------------------------------------


def handle_payload(handle: int) -> bytes:
    """The committed payload of a face-down card: its handle, 4 bytes big-endian signed.

    Raises LocalProtocolError for a handle outside 32-bit range.
    """
    try:
        return handle.to_bytes(4, "big", signed=True)
    except (OverflowError, AttributeError):
        raise LocalProtocolError("schema", f"handle {handle!r} is not a 32-bit int") from None


def card_commitment(game_id: bytes, seat: int, handle: int, nonce: bytes) -> bytes:
    """The 32-byte commitment of seat to the face-down card `handle`."""
    return commitment_digest(game_id, seat, CARD_PURPOSE, nonce, handle_payload(handle))


def action_body(action: Action, extra: bytes = b"") -> list[Value]:
    """The body of the "action" envelope carrying action (checked when sealed)."""
    return [action.to_data(), extra]


def decode_action(env: Envelope, rules: Rules | None = None) -> tuple[Action, bytes]:
    """The action and extra bytes of an opened "action" envelope of a game of `rules`
    (Cosmic unless given).

    Raises RemoteProtocolError("kind") for another kind, ("schema") if the body does not
    decode (open_envelope has already refused such a body).
    """
    if env.kind != ACTION_KIND:
        raise RemoteProtocolError("kind", f"expected an action, got {env.kind!r}",
                                  author=env.author, seq=env.seq, proven=True)
    try:
        data = env.body[0]
        parsed, action = _PARSED[0]
        if parsed is data and action is not None:  # the very list open_envelope's check
            return action, env.body[1]  # parsed (a body is never changed once opened)
        game = rules if rules is not None else games.load(games.DEFAULT)
        return _parse_action(game, data), env.body[1]
    except (ActionParseError, IndexError, TypeError) as exc:
        raise RemoteProtocolError("schema", f"action: {exc}", author=env.author, seq=env.seq,
                                  proven=True) from None


def seal_action(
    genesis: Genesis, key: SigningKey, seq: int, prev: bytes, state: Any,
    action: Action, extra: bytes = b"", *, view: View | None = None,
) -> tuple[Envelope, bytes]:
    """Seal action (by its seat) as seat's envelope `seq` on the position `state`, with
    the author's view of the other chains (None: the empty view).

    Raises LocalProtocolError for anything a peer would refuse (see seal()).
    """
    return seal(genesis, key, action.seat, seq, prev, game_of(genesis).public_hash(state),
                ACTION_KIND,
                action_body(action, extra), kinds=GAME_KINDS, view=view)


# --- genesis ---------------------------------------------------------------------------------


def make_genesis(
    config: Any,
    players: Sequence[tuple[str, bytes]],
    *,
    mode: str,
    seed: bytes | None = None,
    salt: bytes | None = None,
    rules: Rules | None = None,
) -> Genesis:
    """The genesis of a game of config for players [(name, public key)] in seat order.

    `rules` is the game (Cosmic unless given; engine.games); colours come from
    config.colors, the variants and options from the game's `genesis_options`. A local
    game (mode "local") must give its seed, which is then public in the genesis: local
    games are for simulations and hotseat, not secrecy. Raises LocalProtocolError for a
    bad field.
    """
    game = rules if rules is not None else games.load(games.DEFAULT)
    if mode not in MODES:
        raise LocalProtocolError("schema", f"mode {mode!r} is not one of {list(MODES)}")
    if (mode == "local") != (seed is not None):
        raise LocalProtocolError("schema", "a seed is given for local games and only for them")
    if len(players) != config.seats:
        raise LocalProtocolError("schema", f"{len(players)} players for {config.seats} seats")
    if mode == "network":
        refusal = game.network_refusal(config)
        if refusal is not None:
            raise LocalProtocolError("unsupported", refusal)
    variants, game_options = game.genesis_options(config)
    options: list[tuple[str, Value]] = [("mode", mode), *game_options]
    if seed is not None:
        if not 1 <= len(seed) <= 64:
            raise LocalProtocolError("schema", "a local seed is 1..64 bytes")
        options.append(("seed", seed.hex()))
    return Genesis.create(
        [(name, colour, key) for (name, key), colour in zip(players, config.colors)],
        rules=variants, engine_version=game.ENGINE_VERSION,
        rules_hash=game.rules_data_hash(), options=options, salt=salt,
    )


def _genesis_error(message: str) -> RemoteProtocolError:
    return RemoteProtocolError("genesis", message)


def game_mode(genesis: Genesis) -> str:
    """"local" or "network". Raises RemoteProtocolError("genesis") otherwise."""
    mode = genesis.option("mode")
    if mode not in MODES:
        raise _genesis_error(f"mode {mode!r} is not one of {list(MODES)}")
    return str(mode)


def local_seed(genesis: Genesis) -> bytes:
    """The card seed of a local game. Raises RemoteProtocolError("genesis")."""
    seed = genesis.option("seed")
    if type(seed) is not str or _SEED_HEX.fullmatch(seed) is None:
        raise _genesis_error("a local game needs its seed as 2..128 lowercase hex digits")
    return bytes.fromhex(seed)


def game_of(genesis: Genesis) -> Rules:
    """The game a genesis was made for, by its engine version, with the same rules data.

    Raises RemoteProtocolError("genesis") if this build cannot play it: an unknown game,
    another engine version or other rules data."""
    got = _GAME_OF.get(genesis.game_id)
    if got is not None:
        return got
    try:
        game = games.for_engine(genesis.engine_version)
    except ValueError as exc:
        raise _genesis_error(str(exc)) from None
    if genesis.rules_hash != game.rules_data_hash():
        raise _genesis_error("the game was played with other rules data")
    if len(_GAME_OF) >= 64:  # bounded whatever a peer sends
        _GAME_OF.clear()
    _GAME_OF[genesis.game_id] = game
    return game


_GAME_OF: dict[bytes, Rules] = {}  # game id -> its game, for the genesis's games met


def config_from_genesis(genesis: Genesis) -> Any:
    """The engine configuration a genesis describes (its game: `game_of`).

    Raises RemoteProtocolError("genesis") if this engine cannot play it: another game,
    engine version or rules data, an unknown variant or option, or values the engine
    refuses.
    """
    game = game_of(genesis)
    mode = game_mode(genesis)
    if mode == "local":
        local_seed(genesis)
    elif genesis.option("seed") is not None:
        raise _genesis_error("only a local game has a public seed")
    options = {k: v for k, v in genesis.options if k not in _SHARED_OPTIONS}
    try:
        config = game.config_from(tuple(s.colour for s in genesis.seats), genesis.rules,
                                  options)
    except ValueError as exc:
        raise _genesis_error(str(exc)) from None
    refusal = game.network_refusal(config) if mode == "network" else None
    if refusal is not None:
        raise _genesis_error(refusal)
    return config


# --- card sources ----------------------------------------------------------------------------


class CardSource(Protocol):
    """Where a verifier's chance facts come from, and who vouches for faces shown.

    local mode: LocalCardSource (the seed is public). network mode: the card protocol's
    verifying source, which reads its own envelopes via receive() (the name
    protocol.cards_source.NetworkCardSource uses; an adapter still has to drive its
    begin/answer flow and map audit() to audit_faces()).
    """

    def answer(self, chance: Any) -> Action:
        """The chance fact (seat SOURCE of the game) that satisfies the engine's request."""
        ...

    def check(self, action: Action) -> None:
        """Raise IllegalAction if action shows a face other than the true one."""
        ...

    def receive(self, env: Envelope) -> None:
        """An accepted envelope of a kind other than "action" or "chat", in order.

        Raises RemoteProtocolError if it is not a valid message of this source.
        """
        ...

    def audit_faces(self) -> Mapping[int, int] | None:
        """Every handle's true face once all are known (for the claims audit), else None."""
        ...

    def audit_pages(self) -> Mapping[int, Sequence[Sequence[int]]] | None:
        """Every seat's secret pages in order (engine.game.Rules.audit_pages), once all
        are open (network games: after the end-of-game reveal), else None."""
        ...


class LocalCardSource:
    """The card source of a local game: the game's local source of the genesis's public
    seed."""

    def __init__(self, seed: bytes, seats: int, rules: Rules | None = None) -> None:
        game = rules if rules is not None else games.load(games.DEFAULT)
        self.rules = game
        self.source: Source = game.local_source(seed, seats)
        self.pages: dict[int, list[tuple[int, ...]]] = {}  # each seat's, in order

    def commit_page(self, seat: int, counts: tuple[int, ...]) -> None:
        """A local game's secret page, from its action's extra: the seat's page from now
        on (the source answers its openings from it), kept for the audit."""
        self.rules.set_page(self.source.knowledge[seat], counts)
        self.pages.setdefault(seat, []).append(counts)

    def answer(self, chance: Any) -> Action:
        answer: Action = self.source.answer(chance)
        return answer

    def check(self, action: Action) -> None:
        try:
            self.source.check(action)
        except KeyError as exc:  # LocalSource names the face with card(), which raises
            raise IllegalAction("cards", "reveal", action.format(),
                                f"no such card: {exc}") from None

    def receive(self, env: Envelope) -> None:
        raise RemoteProtocolError("kind", f"kind {env.kind!r} has no place in a local game",
                                  author=env.author, seq=env.seq, proven=True)

    def audit_faces(self) -> Mapping[int, int] | None:
        truth: Mapping[int, int] = self.source.truth
        return truth

    def audit_pages(self) -> Mapping[int, Sequence[Sequence[int]]] | None:
        return self.pages


# A factory for network-mode sources, set by the card protocol layer when it lands.
NetworkSourceFactory = Callable[[Genesis], CardSource]


def source_for(genesis: Genesis, network: NetworkSourceFactory | None = None) -> CardSource:
    """The card source that replays genesis's game.

    Raises RemoteProtocolError("genesis") for a bad genesis, LocalProtocolError
    ("unsupported") for a network game when no network source factory is given.
    """
    if game_mode(genesis) == "local":
        return LocalCardSource(local_seed(genesis), genesis.n_seats, game_of(genesis))
    if network is None:
        from protocol.cards_source import ObserverSource  # the card protocol, as observer
        return ObserverSource(genesis)
    return network(genesis)


# --- the verifier ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a verified journal (or prefix of one) shows."""

    genesis: Genesis
    config: Any  # the game's own config and state (game_of(genesis) reads them)
    mode: str
    records: int  # envelope records checked
    actions: int  # player actions applied (chance facts not counted)
    state: Any  # after the last record and the chance facts that follow it
    outcome: Any
    claims: tuple[tuple[int | None, int, str], ...]  # (record, seat, kind) of each claim
    audited: bool  # every claim checked against the true faces
    checked: tuple[str, ...]
    # The seat whose envelope the record needs next (a card message, or the decision the
    # game waits for), None when nothing is awaited: in a journal that stops early, the
    # seat that stalled it, or simply the next to move when the journal was cut.
    awaited: int | None = None
    # What each evidence record shows (a refused envelope, judged at its place), in order.
    evidence: tuple[Finding, ...] = ()


class GameVerifier:
    """Replays one game's envelopes, in journal order, through the engine (sans-IO).

    feed() each envelope record's bytes, then finish(). Each raises
    RemoteProtocolError (with `record`) for the first check that fails; after an error
    the verifier must not be fed again.
    """

    def __init__(self, genesis: Genesis, source: CardSource | None = None, *,
                 kinds: KindRegistry = GAME_KINDS) -> None:
        self.genesis = genesis
        self.rules = game_of(genesis)
        self.config = config_from_genesis(genesis)
        self.mode = game_mode(genesis)
        self.source = source if source is not None else source_for(genesis)
        # Whether the source follows the engine (_observe): asked once, not per record.
        self._observes = getattr(self.source, "observe", None) is not None
        self.kinds = kinds
        self.ledger = Ledger(genesis)
        try:
            self.state = self.rules.new_game(self.config)
        except (EngineError, KeyError, ValueError) as exc:
            raise _genesis_error(f"the engine cannot set this game up: {exc}") from None
        self._observe()
        self.records = 0
        self.actions = 0
        self.events: list[tuple[Any, ...]] = []  # of the last record
        self.chance: list[Action] = []  # chance facts answered before the last record
        self._open: dict[int, tuple[bytes, int]] = {}  # seat -> (commitment, record)
        self._made: dict[int, tuple[int, int, int]] = {}  # serial -> (record, author, seq)
        self._page: tuple[int, tuple[int, ...]] | None = None  # a local page being applied
        self.evidence: list[Finding] = []  # each evidence record judged (see judge_evidence)

    def settle(self, record: int | None = None) -> Any:
        """Apply the card source's facts until a seat must act (or the game is over);
        the position the next record is made on. `record` is named in errors."""
        self.chance = []
        while True:
            p = self.rules.pending(self.state)
            if p.chance is None:
                return self.state
            try:
                fact = self.source.answer(p.chance)
                self.state, _ = self.rules.apply(self.state, fact)
                self._observe()
            except ProtocolError as exc:
                if isinstance(exc, RemoteProtocolError) and exc.record is None:
                    exc.record = record
                raise
            except Exception as exc:  # the source is ours: a failure here is not a peer's
                raise LocalProtocolError(
                    "unsupported", f"the card source cannot answer {p.chance.kind}: {exc}"
                ) from None
            self.chance.append(fact)

    def _settle_done(self, record: int) -> None:
        """Apply the facts of card operations already complete (network games), so the
        next card message meets the position it was made on."""
        try:
            self.settle(record)
        except RemoteProtocolError as exc:
            if exc.check != "incomplete":
                raise

    def _observe(self) -> None:
        """Tell a source that follows the engine (the card protocol) the new position."""
        if self._observes:
            cast(Any, self.source).observe(self.state)

    def open(self, raw: bytes, record: int, *, check_signature: bool = True) -> Envelope:
        """open_envelope() with this game's kinds; errors name the record."""
        try:
            return open_envelope(raw, self.genesis, self.kinds, check_signature=check_signature)
        except RemoteProtocolError as exc:
            exc.record = record
            raise

    def feed(self, raw: bytes, record: int, *, check_signature: bool = True,
             opened: bool = False) -> tuple[Envelope, Action | None]:
        """Check and apply one envelope record; returns it and its action (None if another
        kind). Raises RemoteProtocolError naming `record`, or LocalProtocolError when this
        build cannot check it.

        opened=True says that open (without its signature step, with these kinds) is
        known to pass on raw (SignatureResults.opened): it is not made again."""
        env = (open_checked(raw) if opened and not check_signature
               else self.open(raw, record, check_signature=check_signature))
        try:
            ledger = self.ledger
            ledger.accept(env, allow_duplicate=False)
            ledger.check_view(env)
            self.records += 1
            if env.kind != ACTION_KIND:
                self.events, self.chance = [], []
                if env.kind not in CHAT_KINDS:  # chat and tells are only chained
                    self._settle_done(record)  # a finished operation's fact comes first
                    self.source.receive(env)
                return env, None
            rules = self.rules
            action, extra = decode_action(env, rules)
            if rules.pending(self.state).chance is None:  # settle(), in the usual case
                self.chance = []
            else:
                self.settle(record)
            self._apply(env, action, extra, record)
            return env, action
        except RemoteProtocolError as exc:
            if exc.record is None:
                exc.record = record
            raise

    def judge_evidence(self, data: bytes, record: int) -> Finding:
        """Judge evidence record `record` at this place (protocol/evidence.py) and keep
        what it shows; the game is not changed. Never raises a ProtocolError."""
        finding = judge(self, data, record)
        self.evidence.append(finding)
        return finding

    def _remote(self, check: str, message: str, env: Envelope, record: int
                ) -> RemoteProtocolError:
        return RemoteProtocolError(check, message, author=env.author, seq=env.seq,
                                   proven=True, record=record)

    def _apply(self, env: Envelope, action: Action, extra: bytes, record: int) -> None:
        rules, state, source = self.rules, self.state, self.source
        ours = rules.public_hash(state)
        if env.state_hash != ours:
            raise self._remote(
                "state-hash", f"desync: the {action.KIND} claims state "
                f"{env.state_hash.hex()[:16]}, ours is {ours.hex()[:16]}", env, record)
        secret = rules.secret(action)
        if secret is not None:  # most actions are not (passes, invitations, allies...)
            self._check_secret(env, action, extra, record, secret)
        try:
            source.check(action)
        except IllegalAction as exc:
            raise self._remote("face", exc.reason, env, record) from None
        serial = state.serial
        try:
            self.state, events = rules.apply(state, action)
        except IllegalAction as exc:
            raise self._remote("illegal", str(exc), env, record) from None
        except Exception as exc:  # an engine bug met by a signed message: still a verdict
            raise self._remote(
                "illegal", f"the engine failed on {action.format()}: "
                f"{type(exc).__name__}: {exc}", env, record) from None
        self.events = list(events)
        if self._page is not None:
            if isinstance(source, LocalCardSource):
                source.commit_page(*self._page)  # once applied: its openings come after
            self._page = None
        if self._observes:
            cast(Any, source).observe(self.state)
        self._made[serial] = (record, env.author, env.seq)
        if secret == "commit":
            self._open[action.seat] = (extra, record)
        self.actions += 1

    def _check_secret(self, env: Envelope, action: Action, extra: bytes, record: int,
                      secret: str) -> None:
        """The checks of a secret move (engine.game: commit, open, give, page) before it
        is applied: a give's extra, an opening against its commitment, a page's counts."""
        rules = self.rules
        local = self.mode == "local"
        handover = secret == "give" and rules.face_down_handover(self.state) == action.seat
        if local and secret == "give" and len(extra) != (_EXTRA_SIZE if handover else 0):
            raise self._remote("commitment", "a Give opens the face-down commitment exactly "
                               "when it hands over the face-down card", env, record)
        if (secret == "open" or handover) and local:
            handle = rules.secret_handle(action)
            held = self._open.pop(action.seat, None)
            if held is None:
                raise self._remote("commitment", "a reveal with no face-down card committed",
                                   env, record)
            try:
                check_reveal(self.genesis.game_id, action.seat, CARD_PURPOSE, held[0], extra,
                             handle_payload(handle), seq=env.seq)
            except RemoteProtocolError as exc:
                raise self._remote("commitment", f"{exc.message} (made at record {held[1]})",
                                   env, record) from None
        if secret == "page" and local:
            counts, total = tuple(extra), rules.page_total(self.state, action.seat)
            if sum(counts) != total:
                raise self._remote("commitment", f"the page of a {action.KIND} holds "
                                   f"{sum(counts)}, not the seat's {total}", env, record)
            if not isinstance(self.source, LocalCardSource):
                raise LocalProtocolError("unsupported", "a local page needs a local source")
            self._page = (action.seat, counts)

    def finish(self, *, audit: bool = True) -> Verdict:
        """Answer the chance facts after the last record, audit the claims, give the verdict.

        The audit runs when the card source knows every face (always in local mode).
        Raises RemoteProtocolError("audit") naming the record of the first false claim.
        """
        try:
            self.settle()
        except RemoteProtocolError as exc:
            # A network record may simply end during a card operation: a game in progress.
            if exc.check != "incomplete" or self.mode == "local":
                raise
        faces = self.source.audit_faces() if audit else None
        checked = list(CHECKED)
        if faces is not None:
            self._audit(faces)
            self.audit_end(faces)
            self._audit_pages()
            checked.append("claims audit")
        if self.mode == "local":
            checked.append("faces against the public seed")
        else:
            checked.append("card protocol proofs (keys, shuffles, shares, re-masks)")
        return Verdict(
            self.genesis, self.config, self.mode, self.records, self.actions, self.state,
            self.rules.outcome(self.state), tuple(self._claim_rows()), faces is not None,
            tuple(checked), None if faces is not None else self._awaited(),
            tuple(self.evidence),
        )

    def _awaited(self) -> int | None:
        """The seat whose envelope comes next: the card message the source waits for,
        else the seat named first by the decision the position waits for."""
        waiting = getattr(self.source, "waiting_for", None)
        card = waiting() if callable(waiting) else None
        if type(card) is int:
            return card
        p = self.rules.pending(self.state)
        if p.chance is None and not p.over and p.seats:
            return int(p.seats[0])
        return None

    def _claim_rows(self) -> list[tuple[int | None, int, str]]:
        return [(self._made[c.serial][0] if c.serial in self._made else None, c.seat, c.kind)
                for c in self.rules.claims(self.state)]

    def _audit(self, faces: Mapping[int, int]) -> None:
        for claim in self.rules.claims(self.state):
            try:
                false = self.rules.audit_claim(self.state, claim, faces)
            except KeyError as exc:
                raise LocalProtocolError(
                    "unsupported", f"the audit lacks the face of handle {exc}") from None
            if false is not None:
                record, author, seq = self._made.get(claim.serial, (None, claim.seat, None))
                raise RemoteProtocolError("audit", false, author=author, seq=seq,
                                          proven=True, record=record)


    def audit_end(self, faces: Mapping[int, int]) -> None:
        """The end-of-game checks beyond the claims, with every face the audit opened:
        every card held in a hand at the end is one the card source dealt (a handle no
        card was ever behind shows as '?' to its holder and proves nothing; nobody is
        named: no seat chose it), then the game's own (rules.audit_end: Cosmic's alien
        sheets under hidden powers). Raises RemoteProtocolError("audit")."""
        for seat in range(self.genesis.n_seats):
            lost = [h for h in self.rules.hand(self.state, seat) if h not in faces]
            if lost:
                colour = self.genesis.seats[seat].colour
                raise RemoteProtocolError(
                    "audit", f"{colour}'s hand holds {len(lost)} card(s) the card source "
                    f"never dealt (handles {', '.join(map(str, lost))})")
        try:
            problems = self.rules.audit_end(self.state, faces)
        except KeyError as exc:
            raise RemoteProtocolError(
                "audit", f"the audit opened no card for handle {exc}") from None
        if problems:
            raise RemoteProtocolError("audit", problems[0])

    def _audit_pages(self) -> None:
        """Every secret page against the record (births, openings, moves)."""
        pages = self.source.audit_pages()
        if pages is None:
            return
        bad = self.rules.audit_pages(self.state, pages)
        if bad:
            seat, why = bad[0]
            raise RemoteProtocolError("audit", why, author=seat, proven=True)


# --- reading a journal -----------------------------------------------------------------------


class SignatureResults(Protocol):
    """Signatures checked elsewhere (e.g. another process), asked in record order."""

    def first_failure(self, upto: int) -> int | None:
        """The first envelope record index <= upto whose signature does not verify
        under the key the envelope names, or None; may wait for the answer."""
        ...

    def opened(self, record: int, kinds: KindRegistry) -> bool:
        """True if envelope record `record`'s bytes are known to pass open_envelope with
        the journal's genesis and `kinds`, its signature step left out (checked by
        whoever answers first_failure); False if not known (never waits)."""
        ...


T = TypeVar("T")


class JournalVisitor(Generic[T]):
    """What read_journal() reports, in order (after python-chess's pgn visitors).

    Strict by default: handle_error() raises. A visitor that returns from it instead
    ends the reading there (a game cannot go on past a broken record) and result() is
    returned.
    """

    def begin(self, genesis: Genesis, config: Any, state: Any) -> None:
        """The game as set up, before any chance fact."""

    def visit_torn(self, torn: TornTail) -> None:
        """The journal's last record is torn (cut off, not an error)."""

    def visit_record(self, record: int, env: Envelope, action: Action | None,
                     verifier: GameVerifier) -> None:
        """Record `record` is checked and applied; verifier.state is the state after it,
        verifier.chance the chance facts answered just before it."""

    def visit_evidence(self, finding: Finding) -> None:
        """An evidence record, judged at its place (not part of the game)."""

    def stop(self, records: int) -> bool:
        """True to stop after `records` records (envelopes and notes) have been read."""
        return False

    def handle_error(self, error: ProtocolError) -> None:
        raise error

    def end(self, verdict: Verdict) -> None:
        """Every record read and finish() done."""

    def result(self) -> T:
        raise NotImplementedError


class VerifyVisitor(JournalVisitor[Verdict | None]):
    """Keeps the verdict, the torn tail and the error (when handle_error is lenient)."""

    def __init__(self, strict: bool = True) -> None:
        self.strict = strict
        self.verdict: Verdict | None = None
        self.torn: TornTail | None = None
        self.error: ProtocolError | None = None
        self.evidence: list[Finding] = []

    def visit_evidence(self, finding: Finding) -> None:
        self.evidence.append(finding)

    def visit_torn(self, torn: TornTail) -> None:
        self.torn = torn

    def handle_error(self, error: ProtocolError) -> None:
        self.error = error
        # Evidence judged at or after a failing record stood on a game that does not
        # hold (signatures checked elsewhere may fail after it was judged): dropped.
        at = error.record if isinstance(error, RemoteProtocolError) else None
        if at is not None:
            self.evidence = [f for f in self.evidence if f.record < at]
        if self.strict:
            raise error

    def end(self, verdict: Verdict) -> None:
        self.verdict = verdict

    def result(self) -> Verdict | None:
        return self.verdict


def _contents(journal: bytes | JournalContents) -> JournalContents:
    return journal if isinstance(journal, JournalContents) else parse_journal(journal)


def read_journal(
    journal: bytes | JournalContents,
    visitor: JournalVisitor[T],
    *,
    source: CardSource | None = None,
    signatures: SignatureResults | None = None,
    network: NetworkSourceFactory | None = None,
    kinds: KindRegistry = GAME_KINDS,
) -> T:
    """Verify and replay a journal, driving visitor; returns visitor.result().

    The framing of the whole journal is checked first (JournalError), then every
    envelope record in order. With `signatures` the envelopes' signatures are taken
    from it instead of being checked inline; the verdict is the same as the serial
    one: a failing record's own signature and every earlier record's signature are
    settled before its error is reported, and a signature failure wins over anything
    the serial check would only have met later. Errors go to visitor.handle_error.
    """
    try:
        contents = _contents(journal)
        if contents.torn is not None:
            visitor.visit_torn(contents.torn)
        verifier = GameVerifier(contents.genesis, source if source is not None
                                else source_for(contents.genesis, network), kinds=kinds)
        visitor.begin(contents.genesis, verifier.config, verifier.state)
        last = -1
        # The hooks a visitor leaves as JournalVisitor's (no-ops) are not called.
        stop = None if _inherits(visitor, "stop") else visitor.stop
        visit = None if _inherits(visitor, "visit_record") else visitor.visit_record
        feed, inline = verifier.feed, signatures is None
        opened = None if signatures is None else signatures.opened
        for n, entry in enumerate(contents.entries):
            if stop is not None and stop(n):
                break
            kind, index = entry.type, entry.index
            if kind != RECORD_ENVELOPE:
                if kind == RECORD_EVIDENCE:
                    visitor.visit_evidence(verifier.judge_evidence(entry.data, index))
                continue
            last = index
            try:
                env, action = feed(entry.data, index, check_signature=inline,
                                   opened=opened is not None and opened(index, kinds))
            except ProtocolError as exc:
                if signatures is not None:
                    _reconcile(verifier, contents, signatures, index, exc)
                raise
            if visit is not None:
                visit(index, env, action, verifier)
        if signatures is not None and last >= 0:
            _settle_signatures(verifier, contents, signatures, last)
        verdict = verifier.finish()
    except ProtocolError as exc:
        visitor.handle_error(exc)
        return visitor.result()
    visitor.end(verdict)
    return visitor.result()


def _inherits(visitor: JournalVisitor[Any], hook: str) -> bool:
    """Whether visitor's `hook` is JournalVisitor's own (which does nothing)."""
    return getattr(getattr(visitor, hook), "__func__", None) is getattr(JournalVisitor, hook)


def _settle_signatures(verifier: GameVerifier, contents: JournalContents,
                       signatures: SignatureResults, upto: int) -> None:
    """Raise the serial error of the first record <= upto whose signature fails."""
    bad = signatures.first_failure(upto)
    if bad is not None:
        verifier.open(contents.entries[bad].data, bad)  # raises exactly as the serial check


def _reconcile(verifier: GameVerifier, contents: JournalContents,
               signatures: SignatureResults, record: int, error: ProtocolError) -> None:
    """Record `record` failed with signatures deferred: raise what the serial check
    would have raised instead, if that differs; return to let `error` stand."""
    if record > 0:
        _settle_signatures(verifier, contents, signatures, record - 1)
    verifier.open(contents.entries[record].data, record)  # its own signature, in order


def verify_journal_bytes(journal: bytes | JournalContents, *,
                         source: CardSource | None = None,
                         network: NetworkSourceFactory | None = None) -> Verdict:
    """Verify a whole journal serially; the verdict, or raise the first ProtocolError."""
    verdict = read_journal(journal, VerifyVisitor(strict=True), source=source, network=network)
    if verdict is None:  # a strict visitor raises instead
        raise JournalError("record", "no verdict", index=None)
    return verdict
