"""A node process: the core (node/core.py) on the mesh, with discovery, a durable journal,
catch-up and a controller. The only place with the game's sockets, clocks and files.

Each tick: read the mesh and discovery, let the core take what is due, let the
controller act when the decision is this seat's, send the core's outbox to every peer.
Policies (each a constructor argument):
- peers are found by signed beacons (LAN or loopback) or by a direct hello; only the
  genesis' seats are let in, by their Curve keys learned from their signed cards;
- catch-up: every `have_every_s` each node tells its peers how far each author's chain
  goes and the hash of its head; a peer sends back what is missing (so a restarted or
  cut-off node catches up from anyone: envelopes are signed, so any copy is as good as
  the original), and its own version wherever the heads differ, so that a seat showing
  two peers two versions of its chain is proven to equivocate within one interval;
- a node that holds proof of equivocation stays `linger_s` more (its peers get the
  proof from it), then leaves: the game cannot go on (`gave_up` names the seat);
- discovery: only the genesis' seats are met; a signed card that cannot be admitted (a
  Curve key another seat already holds) is ignored with a warning, never a crash, and
  only seats' cards are passed on;
- the deal timer: when the seat to move in a deal waits longer than `deal_s`, its node
  declares the deal failed (rules 001: one minute);
- after the end-of-game reveal the node stays until every peer still there has said its
  chains end where ours do (at least `linger_s`, at most `linger_max_s`), so no laggard
  is stranded and every pair of nodes has compared chain heads. A peer that said goodbye
  (it closed its mesh: done, or its person quit) is not waited for, so a record that
  comes after the others left (a late chat) does not keep the node a minute; a peer
  that went silent without one (killed, cut off) is, since restarted on its journal it
  catches up from us.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import msgpack

from protocol.genesis import Genesis
from protocol.journal import RECORD_ENVELOPE
from protocol.keys import SigningKey

from .core import NodeCore, secret_seed_for
from .curve import CurveKeys
from .discovery import Beacon, Card, Listener, SameKey, Seen, new_instance, open_card
from .journal_file import JournalFile
from .thinker import Thinker
from .transport import (
    Faults, FaultyMesh, Hello, Mesh, Message, PeerAway, PeerBack, PeerLeft, Readable,
)

__all__ = ["NodeRunner", "NodeOptions"]

ENVELOPE, HAVE = b"E", b"H"
# Beacons: every BEACON_SEEKING_S while a seat is not with us (finding peers fast), every
# BEACON_MET_S once every seat is (the listeners' expiry is 3.5 s). Each beacon heard
# costs every node a signature check, and they came 3x as often as needed mid-game.
# Once another node with our key has been heard, fast again (and at once): the later of
# the two stops when it has heard two of the other's cards (discovery.SameKey).
BEACON_SEEKING_S, BEACON_MET_S = 0.3, 1.0
# A resumed node may be a second one on our seat (a copied journal, another machine, the
# first still running): SameKey finds it after two of the other's beacons, up to two
# BEACON_MET_S and some. Until then a resumed node neither lets its bot decide nor sends
# its own envelopes (they wait, journaled): the later of two such nodes stops before it
# played the seat, instead of slipping a move in that the first takes as its own.
SAME_KEY_GRACE_S = 2 * BEACON_MET_S + 1.0
# The environment may set another (COSMIC_SAME_KEY_GRACE_S, in seconds): the test suite
# shortens it for the nodes it resumes where no second node on the seat is ever started
# (each would sit out the whole grace); tests/test_node_same_key.py runs the default.
SAME_KEY_GRACE_ENV = "COSMIC_SAME_KEY_GRACE_S"
# A peer's have() is answered at most this often (the latest one; see _answer_haves).
HAVE_ANSWER_EVERY_S = 0.1


def same_key_grace_s() -> float:
    """How long a resumed node holds its bot and envelopes back: SAME_KEY_GRACE_S unless
    the environment says otherwise (read when a node starts; a value that is not a
    number of seconds is ignored)."""
    try:
        value = float(os.environ.get(SAME_KEY_GRACE_ENV) or SAME_KEY_GRACE_S)
    except ValueError:
        return SAME_KEY_GRACE_S
    return max(0.0, value) if math.isfinite(value) else SAME_KEY_GRACE_S


@dataclass
class NodeOptions:
    bind: str = "tcp://127.0.0.1:0"
    hello_bind: str | None = "tcp://127.0.0.1:0"
    discovery_port: int | None = None  # None: no beacon; peers come from `peers`
    discovery_target: str = "255.255.255.255"
    beacon_to: list[str] = field(default_factory=list)  # hosts sent the beacon by unicast too
    discovery_bind: str = ""  # the local address beacons are heard on and sent from ("": any)
    peers: list[str] = field(default_factory=list)  # hello endpoints given directly
    have_every_s: float = 0.25
    deal_s: float = 60.0
    linger_s: float = 1.5
    linger_max_s: float = 60.0  # at the end, wait this long at most for peers to catch up
    window_s: float = 0.0  # a person silent this long at a card window passes (0: never)
    # A person silent this long at any other decision of theirs (a deal and a card window
    # have their own clocks) has the node play for them, with the runner's stand-in
    # (a bot's choice from the seat's own knowledge), and say so (0: never).
    turn_s: float = 0.0
    # A node whose game waits this long for a seat that is not there (its node stopped,
    # or never came) leaves, so no process outlives its game for ever (0: wait for ever).
    # Its journal resumes the game later.
    patience_s: float = 0.0
    heartbeat_s: float = 1.0
    faults: Faults | None = None  # tests: drop, duplicate, delay and reorder what we send


def _knowledge_copy(kn: Any) -> Any:
    """What a seat knows, as of now, for its bot to think over in its own thread: the
    node goes on adding faces to its own while the bot reads the copy."""
    return dataclasses.replace(kn, **{
        f.name: type(value)(value) for f in dataclasses.fields(kn)
        if f.init and isinstance(value := getattr(kn, f.name), (dict, list, set))})


class NodeRunner:
    """One seat's node. `controller(state, seat, knowledge) -> action` decides, or None
    when a person decides through `core.act` (the full-screen client)."""

    def __init__(self, genesis: Genesis, seat: int, key: SigningKey, journal_path: Path,
                 options: NodeOptions | None = None,
                 controller: Callable[[Any, int, Any], Any] | None = None,
                 progress: TextIO | None = None, timing: TextIO | None = None,
                 stand_in: Callable[[Any, int, Any], Any] | None = None) -> None:
        self.opts = options or NodeOptions()
        # A person's seat (no controller): what plays for them once turn_s has passed.
        self.stand_in = stand_in
        self.timing = timing  # benchmarks: when each action envelope is taken here
        # benchmarks: when each envelope came, by its last 64 bytes (its signature: keyed
        # by the whole bytes, each card message of up to tens of KiB was hashed for it)
        self._arrived: dict[bytes, float] = {}
        self._takes: list[tuple[int, int, float, float, float, float]] = []  # (see _took)
        self.genesis, self.seat, self.key = genesis, seat, key
        self.controller = controller
        # The controller thinks at a lower priority than the node's own work (thinker.py).
        self._thinker = Thinker(controller) if controller is not None else None
        # the position the bot was asked of, and the copy of what we know it was given
        self._asked_bot: tuple[tuple[Any, ...], Any] | None = None
        self._bot_fd: int | None = None  # the thinker's descriptor, once watched
        self.progress = progress
        resumed: list[bytes] = []
        self._kept: list[bytes] = []  # our journal's evidence records (a resume)
        if Path(journal_path).exists():  # resume: rebuild from our own record, then catch up
            self.journal, contents, self.torn = JournalFile.open(journal_path)
            if contents.genesis.game_id != genesis.game_id:
                raise ValueError(f"{journal_path} is the journal of another game")
            resumed = list(contents.records)
            self._kept = [e.data for e in contents.evidence]
        else:
            self.journal, self.torn = JournalFile.create(journal_path, genesis), None
        self.core = self._rebuild(resumed)
        unbacked = self.core.unbacked() if resumed else 0
        if unbacked:
            # A crash cut an action's batch short: its card messages are in the journal,
            # the action is not, and none of them was sent (NodeCore.act). Drop them:
            # this seat decides again, as if the crash came a moment earlier.
            envelopes = [e for e in contents.entries if e.type == RECORD_ENVELOPE]
            first = envelopes[-unbacked]
            self.journal.cut(first.offset, first.index)
            self._kept = [e.data for e in contents.evidence if e.offset < first.offset]
            resumed = resumed[:-unbacked]
            self.core = self._rebuild(resumed)
        self.resumed = len(resumed)
        self.curve = CurveKeys.from_seed(key.seed)
        mesh_kw: dict[str, Any] = dict(curve=self.curve, allowed={},
                                       heartbeat_s=self.opts.heartbeat_s,
                                       hello_bind=self.opts.hello_bind)
        if self.opts.faults is not None:
            self.mesh: Mesh = FaultyMesh(key.public, self.opts.bind, faults=self.opts.faults,
                                         **mesh_kw)
        else:
            self.mesh = Mesh(key.public, self.opts.bind, **mesh_kw)
        self.card = Card(lobby=genesis.game_id[:16], name=genesis.seats[seat].name,
                         wanted=genesis.n_seats, seated=genesis.n_seats,
                         endpoint=self.mesh.endpoint, hello=self.mesh.hello_endpoint or "",
                         curve=self.curve.public, key=key.public, instance=new_instance())
        from .discovery import seal_card
        self.mesh.set_hello_card(seal_card(self.card, key))
        self.beacon = self.listener = None
        # Another node playing our seat (found by its beacons): the later one stops.
        self.same_key = SameKey(self.card, in_game=True)
        if self.opts.discovery_port is not None:
            self.beacon = Beacon(key, self.card, port=self.opts.discovery_port,
                                 target=self.opts.discovery_target,
                                 interval_s=BEACON_SEEKING_S,
                                 source=self.opts.discovery_bind)
            self.listener = Listener(port=self.opts.discovery_port,
                                     bind=self.opts.discovery_bind, same_key=self.same_key)
            for host in self.opts.beacon_to:
                self.beacon.add_target(host)
            # Beacons are read when they come (the mesh's poll wakes for them), not by a
            # try on every tick: most ticks bring none (a few beacons a second).
            self.mesh.watch(self.listener.fileno())
        self._beacons_waiting = self.listener is not None  # read whatever came first
        for endpoint in self.opts.peers:
            self.mesh.say_hello(endpoint)
        # From now on our envelopes leave the moment they are journaled (see NodeCore),
        # once a resumed node has listened for another with our key (SAME_KEY_GRACE_S).
        self._hold_until = (time.monotonic() + same_key_grace_s()
                            if self.resumed and self.listener is not None else 0.0)
        self._held_out: list[bytes] = []

        def send(raw: bytes) -> None:
            if self._hold_until:
                self._held_out.append(raw)
            else:
                self.mesh.broadcast([ENVELOPE, raw])
        self.core.send = send
        self.core.limit_chat()  # a seat flooding chat: see node.core.CHAT_BURST
        self._chat_clock = time.monotonic()
        self._next_have = 0.0
        self._told_even: set[bytes] = set()  # peers told we hold what they hold (done)
        self._endpoints: dict[bytes, str] = {}  # peer key -> the endpoint we dial
        # peer key -> its last have(): per author, the last seq and the head's hash
        self._peer_have: dict[bytes, list[tuple[int, bytes]]] = {}
        # peer key -> its latest have() not answered yet, and when we may answer it next
        # (HAVE_ANSWER_EVERY_S): a seat flooding have()s gets one answer an interval
        self._have_in: dict[bytes, bytes] = {}
        self._have_next: dict[bytes, float] = {}
        self._left: set[bytes] = set()  # peers that said goodbye and were not heard since
        self._seat_keys = {s.key: s.index for s in genesis.seats}
        self._refused_curve: set[int] = set()  # seats whose card claimed a taken key
        self._met: bool | None = None  # every seat connected and present (see _all_met)
        self._halted_at: float | None = None  # when we first held proof of equivocation
        self.away: set[bytes] = set()  # peers whose heartbeats stopped
        self._asked: tuple[int, float] | None = None  # (serial, since) of our open decision
        self._deal_since: tuple[tuple[int, ...], float] | None = None
        self._done_at: float | None = None
        self._reported: tuple[int, bool] | None = None
        self._absent_since: float | None = None  # since when the game waits on an absentee
        self.gave_up: str = ""  # why this node left before the end ("" : it did not)

    def _rebuild(self, resumed: list[bytes]) -> NodeCore:
        """A core that has taken our own record again (nothing is written twice)."""
        self._stored = {hashlib.sha256(raw).digest() for raw in resumed}
        core = NodeCore(self.genesis, self.seat, self.key, append=self._append,
                        append_batch=self._append_batch,
                        secret_seed=secret_seed_for(self.key, self.genesis),
                        on_take=self._took, keep=self.journal.append_evidence)
        core.remember_evidence(self._kept)
        core.restore(resumed)
        return core

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (and the end-of-game reveal); 0 when the audit held."""
        try:
            while not self.finished() and not self.gave_up:
                self.tick(20)
        finally:
            self.close()
        if self.gave_up:
            return 3
        # Peers named for misbehaviour are reported, not our failure; a false hidden
        # claim found by the audit is (the game's result cannot stand).
        audit_failed = any(b.check in ("audit", "claim") for b in self.core.blames)
        return 0 if self.core.done and not audit_failed else 1

    def finished(self) -> bool:
        """Done, and every peer still there has said it holds what we hold (so none is
        stranded by our leaving), or linger_max_s has passed since; never before
        linger_s. A peer that said goodbye is not waited for (see the module's notes)."""
        if not self.core.done:
            return False
        now = time.monotonic()
        if self._done_at is None:
            self._done_at = now
        waited = now - self._done_at
        if waited < self.opts.linger_s:
            return False
        ours = self.core.have()
        return (all(s.key in self._left or self._peer_have.get(s.key) == ours
                    for s in self.genesis.seats if s.index != self.seat)
                or waited >= self.opts.linger_max_s)

    def tick(self, timeout_ms: int = 0) -> None:
        for ev in self.mesh.poll(timeout_ms):
            self._event(ev)
        self._discover()  # first: a node that came second with our key stops before acting
        if self._hold_until and time.monotonic() >= self._hold_until:
            self._hold_until = 0.0  # nobody else plays our seat: what waited may leave
            held, self._held_out = self._held_out, []
            for raw in held:
                self.mesh.broadcast([ENVELOPE, raw])
        self._answer_haves()
        now = time.monotonic()
        self.core.chat_time(now - self._chat_clock)
        self._chat_clock = now
        self.core.pump()
        self._decide()
        self._flush()
        self._catch_up()
        self._report()
        self._check_patience()
        self._check_halted()
        if not self.mesh.waiting():
            # Idle until the next message: what its take will need of the state we are
            # in is computed now, not between its arrival and its take (which every
            # seat waits for).
            self.core.prepare()

    def _check_halted(self) -> None:
        """A seat proven to equivocate halts the game: tell peers for linger_s, leave."""
        if not self.core.halted or self.gave_up:
            return
        now = time.monotonic()
        if self._halted_at is None:
            self._halted_at = now
            self._next_have = 0.0  # compare heads with every peer at once
        elif now - self._halted_at >= self.opts.linger_s:
            who = ", ".join(
                f"seat {ev.author} ({self.genesis.seats[ev.author].colour}) at seq {ev.seq}"
                for ev in self.core.evidence)
            self.gave_up = (f"the game cannot go on: two different signed envelopes of {who} "
                            f"(both kept as proof in {self.journal.path})")

    def waiting_on(self) -> list[int]:
        """The other seats whose message the game waits for now."""
        if self.core.done:
            return []
        p = self.core.pending()
        seats = set(p.seats[:1]) if p.chance is None and not p.over else set()
        card = self.core.cards.waiting_for()
        if card is not None:
            seats.add(card)
        return sorted(x for x in seats if x != self.seat)

    def absent(self, seat: int) -> bool:
        """Is this seat's node not with us now (away, left, or never heard)?"""
        key = self.genesis.seats[seat].key
        return key not in self.mesh.peers or self.mesh.status(key) is not True

    def _check_patience(self) -> None:
        if not self.opts.patience_s or self.gave_up:
            return
        gone = [x for x in self.waiting_on() if self.absent(x)]
        now = time.monotonic()
        if not gone:
            self._absent_since = None
            return
        if self._absent_since is None:
            self._absent_since = now
        elif now - self._absent_since > self.opts.patience_s:
            colors = ", ".join(self.genesis.seats[x].colour for x in gone)
            self.gave_up = (f"the game waited {self.opts.patience_s:g} s for {colors}, "
                            "who is not there; leaving (resume this seat later with "
                            f"`cosmic resume {self.journal.path}`)")

    def _event(self, ev: Any) -> None:
        if isinstance(ev, (PeerBack, PeerLeft, PeerAway)):
            self._met = None
        if isinstance(ev, Message) and ev.frames:
            if ev.frames[0] == ENVELOPE and len(ev.frames) == 2:
                if self.timing is not None:
                    self._arrived.setdefault(ev.frames[1][-64:], time.monotonic())
                self.core.offer(ev.frames[1])
            elif ev.frames[0] == HAVE and len(ev.frames) == 2:
                self._left.discard(ev.peer)  # back (restarted): it may lack what we hold
                self._have_in[ev.peer] = ev.frames[1]  # answered by _answer_haves
        elif isinstance(ev, Readable):
            if ev.fd != self._bot_fd:  # (the bot's answer is taken in _decide)
                self._beacons_waiting = True  # the listener's socket (see _discover)
        elif isinstance(ev, Hello):
            try:
                self._meet(open_card(ev.card))
            except Exception:  # a bad card is ignored: it proves nothing
                pass
        elif isinstance(ev, PeerBack):
            self._next_have = 0.0  # tell a returning peer where we are at once
            self.away.discard(ev.peer)
            self._left.discard(ev.peer)
        elif isinstance(ev, PeerLeft):
            self.away.add(ev.peer)  # it said goodbye (quit): shown as away until it is back
            self._left.add(ev.peer)
        elif isinstance(ev, PeerAway):
            self.away.add(ev.peer)  # shown to the person; the game waits for it

    def _discover(self) -> None:
        rivals = self.same_key.others_heard
        if self.beacon is not None:
            self.beacon.interval_s = (BEACON_MET_S if self._all_met() and not rivals
                                      else BEACON_SEEKING_S)
        if self.beacon is not None and self.listener is not None and self.beacon.tick():
            self.listener.expire()  # (its receive() expires only when a beacon comes)
            for sighting in self.listener.games():  # peers that only hear us hear of
                card = sighting.card  # each other: the seats of this game, no one else
                if card.lobby == self.card.lobby and card.key in self._seat_keys:
                    self.beacon.forward(sighting.data, sighting.address[0])
        if self.listener is not None and self._beacons_waiting:
            self._beacons_waiting = False
            for seen in self.listener.receive():
                if isinstance(seen, Seen) and self._meet(seen.sighting.card):
                    assert self.beacon is not None
                    self.beacon.add_target(seen.sighting.address[0])  # heard: answer there
                    self.beacon.soon()  # a new or changed card (a restart): answer now
            if self.same_key.others_heard != rivals and self.beacon is not None:
                self.beacon.soon()  # another node with our key: let it hear us now
        for warning in self.same_key.check():  # raises SameKeyError if we came second
            if self.progress is not None:
                self._say({"warning": warning})

    def _all_met(self) -> bool:
        """Is every other seat's node connected and present? (Asked again only after a
        peer came, went or was dialled: the mesh says so by events.)"""
        if self._met is None:
            peers = self.mesh.peers
            self._met = all(k in peers and self.mesh.status(k) is True
                            for k in self._seat_keys if k != self.key.public)
        return self._met

    def _meet(self, card: Card) -> bool:
        """A signed card of a seat of this game: let it in and connect to it. True if the
        card is a peer's of this game."""
        if card.key == self.key.public or card.lobby != self.card.lobby:
            return False
        if card.key not in self._seat_keys or card.leaving:
            return False
        try:
            if self.mesh.allowed().get(card.key) != card.curve:
                self.mesh.allow(card.key, card.curve)
            if self._endpoints.get(card.key) != card.endpoint:
                # New, or restarted elsewhere (a resumed node binds a new port): dial it.
                if card.key in self.mesh.peers:
                    self.mesh.remove_peer(card.key)
                self.mesh.add_peer(card.key, card.endpoint, card.curve)
                self._met = None
                self._endpoints[card.key] = card.endpoint
                self._next_have = 0.0
        except ValueError as exc:
            # Signed, but not admissible: a Curve key another seat already holds (one key,
            # one player), or an endpoint zmq refuses. The first claim stands; a seat
            # that claims another's key only keeps itself out. Never a crash.
            seat = self._seat_keys[card.key]
            if seat not in self._refused_curve and self.progress is not None:
                self._say({"warning": f"seat {seat}'s signed card was refused: {exc}"})
            self._refused_curve.add(seat)
            return False
        return True

    def deal_deadline(self) -> float | None:
        """When the step under way with a time limit (the game's `timer`: Cosmic's deal)
        fails for want of agreement (monotonic seconds)."""
        timer = self.core.timer()
        if timer is None or timer[0] != "limit":
            self._deal_since = None
            return None
        key = timer[1]
        if self._deal_since is None or self._deal_since[0] != key:
            self._deal_since = (key, time.monotonic())  # the minute runs from its start
        return self._deal_since[1] + self.opts.deal_s

    def turn_deadline(self) -> float | None:
        """When this person's node plays the decision open now for them (monotonic
        seconds: their turn clock, NodeOptions.turn_s), or None (no clock, not their
        decision, or a deal or card window with a clock of its own)."""
        if not self._on_turn_clock():
            return None
        if self._asked is None or self._asked[0] != self.core.state.serial:
            return time.monotonic() + self.opts.turn_s  # (its clock starts at the next tick)
        return self._asked[1] + self.opts.turn_s

    def _on_turn_clock(self) -> bool:
        """Is the decision open now a person's on their turn clock? (Theirs, with a
        stand-in and a clock; not a deal nor a card window, which have their own.)"""
        return (self.controller is None and self.stand_in is not None
                and bool(self.opts.turn_s) and self.core.my_turn()
                and self.core.timer() is None)

    def away_seats(self) -> list[int]:
        """Seats whose nodes are not with us now: quit (left_seats) or gone silent."""
        return sorted(s.index for s in self.genesis.seats if s.key in self.away)

    def left_seats(self) -> list[int]:
        """Of the away seats, those whose node said goodbye (its player quit), not heard
        since: `cosmic resume` brings them back, where a silent one may only be slow."""
        return sorted(s.index for s in self.genesis.seats
                      if s.key in self.away and s.key in self._left)

    def _decide(self) -> None:
        deadline = self.deal_deadline()
        if deadline is not None and self.core.my_turn() and time.monotonic() > deadline:
            self.core.act(self.core.rules.on_timeout(self.core.state, self.seat))  # time is up
            return
        if self.controller is None and self.opts.window_s and self.core.my_turn():
            # A person who does not answer at a card window passes after window_s: the
            # others should not wait forever for a card that may never come.
            serial = self.core.state.serial
            if self._asked is None or self._asked[0] != serial:
                self._asked = (serial, time.monotonic())
            elif (time.monotonic() - self._asked[1] > self.opts.window_s
                  and (timer := self.core.timer()) is not None
                  and timer[0] == "patience"):
                window = timer[2]
                # Told first: the screen's log then reads the pass after it, not the
                # encounter's outcome that the pass may bring at once.
                self.core.events.append(("timed_out", self.seat, window,  # for the screen
                                         self.opts.window_s))
                self.core.act(self.core.rules.on_timeout(self.core.state, self.seat))
                return
        if self.stand_in is not None and self._on_turn_clock():
            # A person who does not answer a decision of theirs for turn_s: the node plays
            # for them as a bot would, from what their seat knows; the others would
            # otherwise wait for ever (no peer can take a seat's turn: it signs its own).
            serial = self.core.state.serial
            if self._asked is None or self._asked[0] != serial:
                self._asked = (serial, time.monotonic())
            elif time.monotonic() - self._asked[1] > self.opts.turn_s:
                seen = _knowledge_copy(self.core.knowledge)
                action = self.stand_in(self.core.state, self.seat, seen)
                self.core.knowledge.selected = seen.selected  # a Select's card (see _think)
                self.core.events.append(("stood_in", self.seat, self.opts.turn_s))
                self.core.act(action)
                return
        if self._thinker is not None:
            self._think(self._thinker)

    def _think(self, thinker: Thinker) -> None:
        """The bot's part: its answer taken when it comes and still fits; a question
        asked when the decision is ours and none is out. Envelopes are taken while it
        thinks (thinker.py); an answer made for a position the game has since left (a
        take changed the state, or what we know of the cards) is thrown away, and the
        bot asked again about the position we are in."""
        got = thinker.answer()
        if got is not None and self._asked_bot is not None:
            (position, seen), self._asked_bot = self._asked_bot, None
            ok, value = got
            if not ok:
                raise value
            if position == self._position() and self.core.my_turn() and not self._hold_until:
                # A bot names the card it puts face down in what it was given (a Select
                # needs it): ours takes it from the copy.
                self.core.knowledge.selected = seen.selected
                self.core.act(value)
        if not thinker.asked and self.core.my_turn() and not self._hold_until:
            seen = _knowledge_copy(self.core.knowledge)
            self._asked_bot = (self._position(), seen)
            thinker.ask(self.core.state, self.seat, seen)
            if self._bot_fd != thinker.fileno():
                self._bot_fd = thinker.fileno()
                self.mesh.watch(self._bot_fd)

    def _position(self) -> tuple[Any, ...]:
        """What a bot's answer is made for: the state (a value: a take makes another),
        and what this seat knows of the cards."""
        kn = self.core.knowledge
        return (self.core.state, tuple(sorted(kn.faces.items())), kn.selected,
                tuple(sorted(getattr(kn, "hidden", {}).items())))

    def _flush(self) -> None:
        for raw in self.core.outbox():
            self.mesh.broadcast([ENVELOPE, raw])

    def _catch_up(self) -> None:
        now = time.monotonic()
        if now < self._next_have or not self.mesh.peers:
            return
        self._next_have = now + self.opts.have_every_s
        have = [[seq, head] for seq, head in self.core.have()]
        self.mesh.broadcast([HAVE, msgpack.packb(have, use_bin_type=True)])

    def _answer_haves(self) -> None:
        """Answer each peer's latest have(), at most once per HAVE_ANSWER_EVERY_S: one
        costs a look over our record and up to 200 envelopes sent, for a few bytes in,
        so a seat sending have()s as fast as it can must not get an answer to each (it
        would take the node's time from the game); an honest peer asks every
        have_every_s, and what it asked last is answered, only later."""
        if not self._have_in:
            return
        now = time.monotonic()
        for peer in [p for p in self._have_in if self._have_next.get(p, 0.0) <= now]:
            self._have_next[peer] = now + HAVE_ANSWER_EVERY_S
            self._send_missing(peer, self._have_in.pop(peer))

    def _send_missing(self, peer: bytes, payload: bytes) -> None:
        """A peer's have(): [[seq, head], ...] per author. Send what it lacks and our
        version wherever its head differs from ours (NodeCore.missing_for)."""
        try:
            theirs = msgpack.unpackb(payload, max_array_len=64, max_bin_len=32,
                                     max_str_len=0, max_map_len=0, max_ext_len=0)
        except Exception:
            return  # garbage from a peer: ignored
        if not isinstance(theirs, list) or len(theirs) != self.genesis.n_seats or not all(
                isinstance(x, list) and len(x) == 2 and type(x[0]) is int
                and type(x[1]) is bytes and len(x[1]) == 32 for x in theirs):
            return
        have = [(int(x[0]), bytes(x[1])) for x in theirs]
        self._peer_have[peer] = have
        held = set(self._held_out)  # ours, not to leave yet (SAME_KEY_GRACE_S)
        for raw in [r for r in self.core.missing_for(have) if r not in held][:200]:
            self.mesh.send(peer, [ENVELOPE, raw])  # bounded per request
        if self.core.done and peer not in self._told_even and have == self.core.have():
            # The game is over and the peer holds what we hold: say so to it, once. Our
            # periodic have() may never reach a seat restarted on its journal (it dials
            # us; we may not know its new endpoint yet), and it stays at the end until
            # it hears ours (finished): answered here, it need not wait linger_max_s.
            self._told_even.add(peer)
            self.mesh.send(peer, [HAVE, payload])

    def _controller_cpu(self) -> float:
        """Benchmarks: the CPU seconds the controller has spent thinking."""
        return self._thinker.cpu_s if self._thinker is not None else 0.0

    def _took(self, env: Any) -> None:
        if self.timing is None:
            return
        came = self._arrived.pop(env.raw[-64:], 0.0)
        if env.kind == "action":
            # author, seq, when taken here, when it first arrived here (0: our own), this
            # process's CPU seconds so far, and those of them its controller spent: kept,
            # and written at close (as the bench's floor processes do: no formatting and
            # no write per take)
            self._takes.append((env.author, env.seq, time.monotonic(), came,
                                time.process_time(), self._controller_cpu()))

    def _append_batch(self, raws: list[bytes]) -> None:
        assert not self._stored or not any(hashlib.sha256(r).digest() in self._stored
                                           for r in raws)
        self.journal.append_many(raws)

    def _append(self, raw: bytes) -> None:
        if self._stored:  # what is left of our journal, taken again (a resume)
            h = hashlib.sha256(raw).digest()
            if h in self._stored:  # read back from the journal: it is there already
                self._stored.discard(h)
                return
        self.journal.append(raw)

    def _report(self) -> None:
        if self.progress is None:
            return
        s = self.core.state
        for ev in self.core.events:
            if ev[0] == "blame":
                self._say({"blame": ev[1], "check": ev[2], "message": ev[3]})
        self.core.events.clear()
        mark = (s.serial, self.core.done)
        if mark == self._reported:
            return
        self._reported = mark
        out = self.core.rules.outcome(s)
        self._say({"seat": self.seat, "records": len(self.core.record),
                   **self.core.rules.progress(s),
                   "over": out.reason if out else None,
                   "winners": list(out.winners) if out else None,
                   "audited": self.core.done})

    def _say(self, obj: dict[str, Any]) -> None:
        assert self.progress is not None
        try:
            self.progress.write(json.dumps(obj) + "\n")
            self.progress.flush()
        except (BrokenPipeError, ValueError):
            self.progress = None

    def close(self) -> None:
        if self._thinker is not None:
            if self._bot_fd is not None:
                self.mesh.unwatch(self._bot_fd)
                self._bot_fd = None
            self._thinker.close()
        if self.beacon is not None:
            self.beacon.leave()
            self.beacon.close()
        if self.listener is not None:
            self.mesh.unwatch(self.listener.fileno())
            self.listener.close()
        self.mesh.close()
        self.journal.close()
        if self.timing is not None:
            import resource
            self.timing.writelines(f"{a} {q} {t:.6f} {c:.6f} {cpu:.6f} {bot:.6f}\n"
                                   for a, q, t, c, cpu, bot in self._takes)
            self.timing.write(f"maxrss_kb {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\n")
            self.timing.close()
            self.timing = None
        if self.progress is not None:
            self._report()

