# The engine's networked card source: one seat's CardSeat driven by the engine's chance
# steps and by the actions that show faces (sans-IO).
#
# Invariants:
# - The same interface as engine.LocalSource where it can be: answer(chance), check(action),
#   `knowledge`, and `truth` (every face, once the end-of-game audit has run). Because the
#   work behind an answer is an exchange of messages, a chance is first begun (begin), the
#   messages flow (waiting_for / produce / receive), and answer() then gives the fact.
# - The node calls observe(state) with its engine state after every apply; the source
#   reads public facts only from it (hands, pending actors), never another seat's secrets.
# - An action that shows faces (Play, Reveal, NewHand, Discard) or hides a choice (Select)
#   is preceded, in the record, by the acting seat's card message: announce() makes it,
#   every node receives it (only from the seat to act next), and check(action) refuses
#   the action unless that message proved exactly its faces (and, for a Reveal, opened
#   the Select commitment). A refused message or action changes nothing.
# - Knowledge.faces is kept equal to CardSeat.known: faces this seat was dealt, took,
#   was shown, or shuffled itself.
# - Resume after a crash (needs the secret seed, see CardRecord): a new source fed the
#   seat's record from the start by the same calls as in the live game (resume_game does
#   it) regenerates the seat's own messages from the seed, checks them against the record
#   and ends in the live source's state: the same knowledge, the face-down handle
#   (own_facedown(), also put in knowledge.selected), and the same next message.
from __future__ import annotations

from collections.abc import Iterable, Sequence

from typing import Any

from engine.errors import IllegalAction
from engine.game import Action, Claim, Rules
from protocol.cards import NO_CARD, Operation
from protocol.cards_wire import FACEDOWN, OPEN, PAGE
from protocol.commit import RandomStream
from protocol.envelope import Envelope, Ledger, check_state_hash
from protocol.errors import LocalProtocolError, ProtocolError, RemoteProtocolError
from protocol.game import game_of
from protocol.genesis import Genesis
from protocol.pages import PageSeat

__all__ = ["NetworkCardSource", "replay_game", "resume_game"]

_Body = list[object]


def _hands_over(rules: Rules, state: Any, action: Action) -> bool:
    """Is `action` its seat handing over the card it put face down (the game's
    `face_down_handover`)? Such a give must open the face-down commitment to that card."""
    return rules.secret(action) == "give" and rules.face_down_handover(state) == action.seat


class NetworkCardSource:
    """One seat's card source in a networked game (see the module comment)."""

    def __init__(self, genesis: Genesis, seat: int | None,
                 faces: Iterable[int] | None = None, *,
                 secret_seed: bytes | None = None) -> None:
        """Seat `seat`'s source, or (None) an observer's: it checks every card message and
        action of the record and sends none (to verify a journal). `secret_seed` (32
        bytes known to this seat alone, the same on every start of this game): derive the
        seat's card secrets from it so that it can resume from its record after a crash;
        None: draw them from `secrets` (no resume). Raises LocalProtocolError."""
        self.rules = game_of(genesis)
        catalogue = self.rules.catalogue()
        self.cards = PageSeat(genesis, seat, range(len(catalogue)) if faces is None else faces,
                              secret_seed, self.rules.PAGE_PLACES)
        self.seat = self.cards.seat
        self.knowledge = self.rules.knowledge(self.seat)
        self.state: Any = None
        self.truth: dict[int, int] = {}
        self._chance: Any = None
        self._op: Operation | None = None
        self._announced: list[Operation] = []
        self._claims: list[Claim] = []  # every claim as made (see _track_claims)
        self._facedown_since: dict[int, int] = {}  # seat -> serial of its Select
        self._page_version = 0  # of cards.own_page last copied into knowledge
        self.pages: dict[int, list[tuple[int, ...]]] = {}  # every page, after audit()

    # --- message flow ---------------------------------------------------------------------

    def start(self) -> None:
        """Begin key registration (before the engine's first chance)."""
        self._op = self.cards.begin_keys()

    def observe(self, state: Any) -> None:
        """The seat's engine state after an apply (public facts only are read)."""
        self.state = state
        self._claims.extend(self.rules.claims(state)[len(self._claims):])

    def waiting_for(self) -> int | None:
        """The seat whose card message comes next in the record, or None."""
        return self.cards.waiting_for()

    def can_send(self) -> bool:
        return self.cards.can_send()

    def produce(self) -> tuple[str, _Body]:
        """Our next card message (kind, body), to seal and send to every seat."""
        return self.cards.produce()

    def receive(self, env: Envelope) -> None:
        """A card message of any seat (ours too), in record order. Raises
        RemoteProtocolError naming the author if it breaks a rule.

        One of our own messages that this source did not produce (a restart replaying the
        record) is regenerated from the secret seed and must be the same body: else
        LocalProtocolError("secret-seed"), nothing changed."""
        began = self.cards.idle and env.kind in (OPEN, FACEDOWN, PAGE)
        if began:
            self._begin_announced(env)
        try:
            self.cards.receive(env)
        except ProtocolError:
            if began:  # refused: as if it never came
                self.cards.cancel()
                self._announced.pop()
            raise
        self.knowledge.faces.update(self.cards.known)
        if env.kind == FACEDOWN and env.author == self.seat:
            self.knowledge.selected = self.cards.own_facedown()
        self._sync_page()

    def _sync_page(self) -> None:
        """Our secret page in our knowledge, as the record makes it (births, openings,
        our commitments; after a restart, recovered from the record and our key)."""
        if self.cards.page_version != self._page_version and self.seat >= 0:
            self._page_version = self.cards.page_version
            self.rules.set_page(self.knowledge, self.cards.own_page)

    def announced(self) -> list[Operation]:
        """The card operations begun for an action not yet taken (a Select's commitment,
        the faces a play shows), oldest first."""
        return list(self._announced)

    def own_facedown(self) -> int | None:
        """The handle our seat has put face down and not yet revealed, or None (after a
        restart, recovered from the record's commitment and the secret seed)."""
        return self.cards.own_facedown()

    def _begin_announced(self, env: Envelope) -> None:
        """Another seat shows faces or commits to a face-down card before its action."""
        s = self._need_state()
        rules = self.rules
        p = rules.pending(s)
        wanted = set(rules.COMMIT_KINDS if env.kind == FACEDOWN else
                     rules.PAGE_KINDS if env.kind == PAGE else rules.SHOW_KINDS)
        if env.kind == OPEN and rules.face_down_handover(s) == env.author:
            wanted = set(rules.GIVE_KINDS)  # opening the face-down commitment to the card
        # Only the seat to act next (the first of a simultaneous set: the order its
        # actions are applied in) may announce one: an earlier announcement by the next
        # seat would stand in front of the first seat's own, and refuse its action.
        if not p.seats or env.author != p.seats[0] or not wanted & set(p.kinds):
            raise RemoteProtocolError("too-early", f"{env.kind}: seat {env.author} may not "
                                      f"act so now", author=env.author, seq=env.seq, proven=True)
        hand = rules.hand(s, env.author)
        if env.kind == FACEDOWN:
            self._announced.append(self.cards.begin_facedown(env.author, hand))
            return
        if env.kind == PAGE:
            self._announced.append(self.cards.begin_page(env.author, s.serial,
                                                         rules.page_total(s, env.author)))
            return
        for h, _ in env.body[1]:
            if h not in hand:
                raise RemoteProtocolError("face", f"{env.kind}: card {h} is not in seat "
                                          f"{env.author}'s hand", author=env.author,
                                          seq=env.seq, proven=True)
        self._announced.append(self.cards.begin_open(env.author))

    def _need_state(self) -> Any:
        if self.state is None:
            raise LocalProtocolError("too-early", "observe() the engine state first")
        return self.state

    # --- chance: the engine asks the card source ------------------------------------------

    def begin(self, chance: Any) -> None:
        """Start the card operation that answers `chance` (every node does, in order)."""
        c = self.cards
        if chance.kind == "shuffle":
            op = c.begin_shuffle(chance.handles, chance.cards, chance.carry)
        elif chance.kind == "deliver":
            op = c.begin_deliver(chance.seat, chance.handles)
        elif chance.kind == "reveal":
            op = c.begin_reveal(chance.handles)
        elif chance.kind == "hand_shuffle":
            taker, take = self._taker(chance)
            op = c.begin_hand_shuffle(chance.seat, chance.handles, chance.cards, taker, take)
        elif chance.kind == "show":
            op = c.begin_show_many(chance.seat, self._holders(chance))
        elif chance.kind in self.rules.BEACON_KINDS:  # public random choices and dice
            op = c.begin_beacon()
        elif chance.kind == "unseen_add":  # more on a secret page, in public
            op = c.begin_add(chance.seat, chance.carry[0], chance.count)
        elif chance.kind == "unseen_open":  # a place of a secret page opened
            op = c.begin_unveil(chance.seat, chance.carry[0],
                                self.rules.page_total(self._need_state(), chance.seat))
        else:
            raise LocalProtocolError("kind", f"unknown chance {chance.kind!r}")
        self._chance, self._op = chance, op
        self.knowledge.faces.update(c.known)
        self._sync_page()

    def _holders(self, chance: Any) -> list[tuple[int, tuple[int, ...]]]:
        """Who holds the cards a `show` opens to its viewer, from the public state: each
        holder boxes its shares of its cards to the viewer. Cards already public, or
        the viewer's own, need no box (the viewer knows them). Raises
        LocalProtocolError if a card is in no hand."""
        s = self._need_state()
        by: dict[int, list[int]] = {}
        for h in dict.fromkeys(chance.handles):
            if h in self.cards.opened:
                continue
            holder = next((seat for seat in range(self.cards.n)
                           if h in self.rules.hand(s, seat)), None)
            if holder is None:
                raise LocalProtocolError("face", f"show: card {h} is in no hand")
            if holder != chance.seat:
                by.setdefault(holder, []).append(h)
        return [(seat, tuple(hs)) for seat, hs in sorted(by.items())]

    def _taker(self, chance: Any) -> tuple[int | None, int]:
        """Who takes from the shuffled hand, and how many: the engine has already put the
        first new handles in the taker's hand."""
        s = self._need_state()
        new = chance.cards
        for seat in range(self.cards.n):
            hand = self.rules.hand(s, seat)
            if seat != chance.seat and new and new[0] in hand:
                take = 0
                while take < len(new) and new[take] in hand:
                    take += 1
                return seat, take
        return None, 0

    def answer(self, chance: Any) -> Action:
        """The fact for `chance`, once its operation is done. Raises LocalProtocolError
        ("too-early") while messages are still due."""
        op = self._op
        if op is None or chance != self._chance or not op.done:
            raise LocalProtocolError("too-early", f"the {chance.kind} operation is not done")
        self.knowledge.faces.update(self.cards.known)
        kind = chance.kind
        if kind in self.rules.BEACON_KINDS:
            result: object = _draws(op.result)
        elif kind in ("reveal", "unseen_open"):
            result = op.result
        elif kind in ("shuffle", "deliver", "show", "hand_shuffle", "unseen_add"):
            result = None
        else:
            raise LocalProtocolError("kind", f"unknown chance {kind!r}")
        fact: Action = self.rules.fact(self._need_state(), chance, result)
        return fact

    # --- actions that show faces ----------------------------------------------------------

    def announce(self, action: Action) -> bool:
        """Begin the card message our own action needs, if any (then produce() it). True
        if there is one. Raises LocalProtocolError if the action cannot be backed."""
        s = self._need_state()
        rules = self.rules
        secret = rules.secret(action)
        hand = rules.hand(s, self.seat)
        if secret == "page":  # our new secret page, committed place by place
            self._announced.append(self.cards.begin_page(
                self.seat, s.serial, rules.page_total(s, self.seat),
                rules.page(self.knowledge)))
            return True
        if secret == "commit":
            handle = self.knowledge.selected
            if handle is None and not rules.secret_options(s, self.seat, self.knowledge):
                handle = NO_CARD  # nothing to hide: commit to no card (see protocol.cards)
            if handle is None or (handle not in hand and handle != NO_CARD):
                raise LocalProtocolError("commitment", "no card of ours to hide was chosen")
            self._announced.append(self.cards.begin_facedown(self.seat, hand, handle))
            return True
        if _hands_over(rules, s, action) and rules.secret_handle(action) >= 0:
            # The card a power takes unseen: open the face-down commitment to it, no face.
            self._announced.append(self.cards.begin_open(self.seat, (),
                                                         rules.secret_handle(action)))
            return True
        pairs = rules.shows(action)
        hidden = [(h, f) for h, f in pairs if h not in self.cards.opened]
        facedown = rules.secret_handle(action) if secret == "open" else None
        if not hidden and facedown is None:
            return False
        self._announced.append(self.cards.begin_open(self.seat, hidden, facedown))
        return True

    def check(self, action: Action, *, seq: int | None = None) -> None:
        """Refuse an action whose faces (or face-down choice) its seat's card message did
        not prove. Accepting it consumes the card messages announced for it; a refusal
        changes nothing (the seat's valid action can still come).

        Raises LocalProtocolError("too-early") while that card message is incomplete
        (wait for it), else RemoteProtocolError naming the acting seat: the action is
        taken to be that seat's signed message (every caller checks the envelope first),
        so the refusal is proven; `seq` is the envelope's sequence number, if known."""
        done = self._announced
        if any(not op.done for op in done):
            raise LocalProtocolError("too-early", "a card message of this action is missing")
        seat = action.seat

        def refuse(check: str, why: str) -> RemoteProtocolError:
            return RemoteProtocolError(check, f"{action.format()}: {why}", author=seat,
                                       seq=seq, proven=True)

        for op in done:
            if op.script[0][0] != seat:
                # A card message is taken only from the seat to act next (see
                # _begin_announced): another seat acting now acts out of turn.
                raise refuse("kind", f"seat {op.script[0][0]}'s card message awaits its "
                             "own action")
        kinds = [op.name for op in done]
        rules = self.rules
        secret = rules.secret(action)
        if secret == "page":
            if kinds != ["page"]:
                raise refuse("commitment", "a new secret page needs its commitment first")
            self._announced = []  # accepted: from here on, and only now, state changes
            return
        if secret == "commit":
            if kinds != ["facedown"]:
                raise refuse("commitment", "a face-down card needs one commitment first")
            serial = self._need_state().serial
            self._announced = []  # accepted: from here on, and only now, state changes
            self._facedown_since[seat] = serial
            return
        if _hands_over(rules, self._need_state(), action):
            given = rules.secret_handle(action)
            if (given < 0 or kinds != ["open"] or done[0].result
                    or done[0].data.get("revealed") != given):
                raise refuse("commitment", "the card handed over must be the one put face "
                             "down: its commitment is opened first, showing no face")
            self._announced = []  # accepted: from here on, and only now, state changes
            self._track_claims(seat, given)
            return
        pairs = rules.shows(action)
        if secret == "open" and rules.secret_handle(action) == NO_CARD:
            if (kinds != ["open"] or done[0].result
                    or done[0].data.get("revealed") != NO_CARD):
                raise refuse("commitment", "showing no card opens a commitment to no card")
            self._announced = []  # accepted: from here on, and only now, state changes
            return
        if not pairs:
            if done:
                raise refuse("kind", "this action shows no card")
            return
        if kinds not in ([], ["open"]):
            raise refuse("kind", "one card message may back an action")
        for h, face in pairs:
            if self.cards.opened.get(h) != face:
                raise refuse("face", f"card {h} was not proven to be card {face}")
        reveal = secret == "open"
        if reveal:
            if not done or done[0].data.get("revealed") != pairs[0][0]:
                raise refuse("commitment", "the face-down commitment was not opened")
        elif done and done[0].data.get("revealed") is not None:
            raise refuse("commitment", "a face-down card is revealed only by a Reveal")
        if done and {h for h, _ in done[0].result} - {h for h, _ in pairs}:
            raise refuse("face", "the card message opened cards this action does not show")
        self._announced = []  # accepted: from here on, and only now, state changes
        if reveal:
            self._track_claims(seat, pairs[0][0])

    # --- end of game ----------------------------------------------------------------------

    def finish(self) -> None:
        """Begin the end of game: every seat publishes its key share."""
        self._op = self.cards.begin_end()

    def audit(self) -> dict[int, int]:
        """Every handle's true face (kept in `truth`), once every key share is in; checks
        every proof of a card shown to one seat and that every face-down card was an
        card the game lets one hide (Cosmic: an encounter card). Raises
        RemoteProtocolError naming the seat at fault."""
        faces = self.cards.audit()
        self.pages = self.cards.open_pages()  # every secret page, for the claims audit
        for f in self.cards.facedowns:
            if f.handle is not None and f.handle != NO_CARD and not self.rules.may_hide(
                    faces[f.handle]):
                raise RemoteProtocolError(
                    "commitment", f"the face-down card {f.handle} is not a card one may hide",
                    author=f.seat)
        self.truth = faces
        return faces

    def _track_claims(self, seat: int, handle: int) -> None:
        """At a Reveal, drop the revealed card from the claims its seat made while the card
        lay face down (after its Select), as the game's Claim documents. Cosmic's own
        bookkeeping (engine.cosmic.flow._settle_claims) drops it from every claim of the seat,
        older ones too, so an honest has_encounter claim can read as false; the claims
        kept here follow the documented rule instead."""
        since = self._facedown_since.pop(seat, None)
        if since is None:
            return
        for i, c in enumerate(self._claims):
            if c.seat == seat and c.serial > since and handle in c.hand:
                hand = tuple(h for h in c.hand if h != handle)
                self._claims[i] = self.rules.claim(c.seat, c.kind, hand, c.serial)

    def check_claims(self, state: Any) -> None:
        """Check every hidden claim of the game (as made: see _track_claims; the claims of
        `state` when this source did not follow the game) against the audited faces, with
        the game's audit_claim, and its end-of-game checks (audit_end: Cosmic's hidden
        powers' alien sheets).
        Raises RemoteProtocolError("claim") naming the first false claim's seat,
        LocalProtocolError before audit()."""
        if not self.truth:
            raise LocalProtocolError("too-early", "audit() first")
        rules = self.rules
        made = rules.claims(state)
        followed = [(c.seat, c.kind, c.serial) for c in self._claims] == [
            (c.seat, c.kind, c.serial) for c in made]
        catalogue = rules.catalogue()
        for claim in self._claims if followed else made:
            if rules.audit_claim(state, claim, self.truth) is not None:
                held = ", ".join(catalogue[self.truth[h]].label() for h in claim.hand)
                raise RemoteProtocolError(
                    "claim", f"claimed {claim.kind} at action {claim.serial} holding "
                    f"[{held}]", author=claim.seat)
        ending = rules.audit_end(state, self.truth)  # Cosmic: face-down alien sheets
        if ending:  # no seat to blame: the deal's shuffle proofs bind every sheet
            raise RemoteProtocolError("claim", ending[0])
        paged = rules.audit_pages(state, self.pages)  # secret pages against the record
        if paged:
            raise RemoteProtocolError("claim", paged[0][1], author=paged[0][0])


def _draws(seed: bytes | None) -> RandomStream:
    """The unbiased draws of a beacon value (RandomStream, label first-player: every
    beacon chance reads from the start of one such stream)."""
    if seed is None:
        raise LocalProtocolError("too-early", "the beacon has no value yet")
    return RandomStream(seed, "first-player")


def replay_game(genesis: Genesis, config: Any,
                log: Sequence[bytes | Action]) -> tuple[Any, NetworkCardSource]:
    """Check a game from its record alone, as an observer holding no secret: `log` is
    every card envelope (bytes) and every engine action, in the order they were applied.
    Every signature, chain, state hash, proof and face claim is checked; if the record
    ends with every seat's key share, the audit runs too (its faces in `truth`; hidden
    claims: check_claims()). Returns the final state and the observer.

    Raises RemoteProtocolError naming the seat at fault.
    """
    state, obs = _replay(NetworkCardSource(genesis, None), genesis, config, log, True)
    if obs.cards.idle and all(x is not None for x in obs.cards.secrets):
        obs.audit()
    return state, obs


def resume_game(genesis: Genesis, config: Any, seat: int, secret_seed: bytes,
                log: Sequence[bytes | Action]) -> tuple[Any, NetworkCardSource]:
    """Rebuild seat `seat`'s engine state and card source after a crash, from the record
    it had accepted (`log`: card envelopes as bytes, ours included, and engine actions, in
    the order they were applied, as for replay_game) and its secret seed.

    The calls are those of the live game: observe() and start(); before each entry, the
    operation of the pending chance (or of the end of game) is begun, once per position;
    a card envelope goes to receive() (ours are regenerated from the seed and checked);
    a chance's fact is checked against answer(), an action with check(), then applied
    and observe()d. After the last entry nothing more is begun: an operation the
    position asks for is left for the caller to begin, as a live node would. Every check
    of replay_game is made (but the audit).

    Raises RemoteProtocolError for a fault in the record, LocalProtocolError("secret-seed")
    if one of our messages is not what the seed gives (a wrong seed).
    """
    source = NetworkCardSource(genesis, seat, secret_seed=secret_seed)
    return _replay(source, genesis, config, log, False)


def _replay(src: NetworkCardSource, genesis: Genesis, config: Any,
            log: Sequence[bytes | Action],
            final_sync: bool) -> tuple[Any, NetworkCardSource]:
    """Drive `src` through the record `log` (see replay_game and resume_game)."""
    ledger = Ledger(genesis)
    rules = src.rules
    state = rules.new_game(config)
    src.observe(state)
    src.start()
    begun = -1  # the state serial whose chance (or end) the source has begun

    def sync() -> None:
        nonlocal begun
        if not src.cards.idle or begun == state.serial:
            return
        p = rules.pending(state)
        if p.chance is not None:
            src.begin(p.chance)
        elif p.over:
            src.finish()
        else:
            return
        begun = state.serial

    for entry in log:
        sync()
        if isinstance(entry, bytes):
            env = ledger.receive(entry)
            if env is None:
                continue  # a copy of an envelope already taken
            check_state_hash(env, rules.public_hash(state))
            src.receive(env)
            continue
        p = rules.pending(state)
        if p.chance is not None:
            try:
                fact = src.answer(p.chance)
            except LocalProtocolError as exc:  # the record lacks a message this needs
                raise RemoteProtocolError(
                    "incomplete", f"{entry.format()} comes before the {p.chance.kind} "
                    f"operation it answers is complete ({exc})") from None
            if fact != entry:
                raise RemoteProtocolError("face", f"{entry.format()} is not the protocol's "
                                          f"answer {fact.format()}")
        else:
            src.check(entry)
        state, _ = rules.apply(state, entry)
        src.observe(state)
    if final_sync:
        sync()
    return state, src


class ObserverSource:
    """The card protocol as a journal verifier's card source (protocol.game.CardSource):
    an observer holding no secret, driven by the verifier's engine positions.

    It begins each chance's operation (or the end-of-game reveal) when the position asks
    for it, checks every card envelope as it comes, answers chance facts from the
    messages, checks that actions show proven faces, and after the end-of-game reveal
    opens every card for the audit.
    """

    def __init__(self, genesis: Genesis) -> None:
        self.obs = NetworkCardSource(genesis, None)
        self.state: Any = None
        self._begun = -1  # the state serial whose chance (or end) has been begun
        self._faces: dict[int, int] | None = None

    def observe(self, state: Any) -> None:
        first = self.state is None
        self.state = state
        self.obs.observe(state)
        if first:
            self.obs.start()

    def _sync(self) -> None:
        state = self.state
        if state is None or not self.obs.cards.idle or self._begun == state.serial:
            return
        p = self.obs.rules.pending(state)
        if p.chance is not None:
            self.obs.begin(p.chance)
        elif p.over:
            self.obs.finish()
        else:
            return
        self._begun = state.serial

    def receive(self, env: Envelope) -> None:
        self._sync()
        self.obs.receive(env)
        self._sync()

    def waiting_for(self) -> int | None:
        """The seat whose card message the record needs next (None: no card work open)."""
        self._sync()
        return self.obs.waiting_for()

    def answer(self, chance: Any) -> Action:
        self._sync()
        try:
            return self.obs.answer(chance)
        except LocalProtocolError as exc:
            raise RemoteProtocolError(
                "incomplete", f"the record moves on before the {chance.kind} operation is "
                f"complete ({exc.message})") from None

    def check(self, action: Action) -> None:
        self._sync()
        try:
            self.obs.check(action)
        except ProtocolError as exc:  # unproven faces, or the card message is missing
            raise IllegalAction("cards", "check", action.format(), exc.message) from None

    def audit_faces(self) -> dict[int, int] | None:
        """Every card's face, once every seat has published its key share; else None."""
        self._sync()
        if self._faces is None and self.obs.cards.idle and all(
                x is not None for x in self.obs.cards.secrets):
            self.obs.audit()
            self._faces = dict(self.obs.truth)
        return self._faces

    def audit_pages(self) -> dict[int, list[tuple[int, ...]]] | None:
        """Every seat's secret pages, in order, once the audit has opened them."""
        return dict(self.obs.pages) if self.audit_faces() is not None else None

    @property
    def truth(self) -> dict[int, int]:
        return dict(self.obs.truth)
