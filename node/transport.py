# The mesh: one inbound ROUTER per node, one outbound DEALER per peer (the Zyre pattern).
#
# How it works:
# - Messages flow one way on a connection: our DEALER -> the peer's ROUTER. Our ROUTER
#   never sends. So a node with k peers holds k + 1 sockets (plus the ZAP handler and an
#   optional hello socket), and a peer's crash touches only the DEALER pointing at it.
# - Wire framing, every message on every connection:
#       frame 0       header = b"CSM" 0x01 | kind (1 byte) | sender id (1..64 bytes)
#       frames 1..n   payload: DATA carries 1..max_frames frames of at most
#                     max_msg_size bytes in all; PING and BYE carry none.
#   ROUTER routing ids are ignored: a peer chooses its own, so they prove nothing.
# - Curve is on by default. The ROUTER is a CURVE server; the ZAP handler (an inproc REP
#   in this mesh's own zmq context, served from poll()) admits a client only if its Curve
#   public key is allowed, and answers with User-Id = hex(peer id). Every received
#   message is attributed to that User-Id; a header naming anyone else is dropped as a
#   spoof. With Curve off (benchmarks, tests only) the header's sender is taken on trust.
# - The hello socket (optional) is open to anyone (its endpoint is in the public beacon),
#   for the one exchange that must happen before Curve can: "here is my signed card, send
#   me yours". It is a raw TCP socket (ZMQ_STREAM), not a ZMTP one, because ZMTP lets a
#   stranger make us hold without limit: libzmq queues the frames of a multipart message
#   until its last frame comes, ZMQ_MAXMSGSIZE bounds each frame and not their number,
#   and the high-water mark counts whole messages only. Over raw TCP we frame a hello
#   ourselves and hold at most _HELLO_WIRE_MAX bytes per connection, _HELLO_CONNS
#   connections (a new one closes the oldest) for _HELLO_TIMEOUT_S each, and
#   _HELLO_HWM chunks of at most 8 KiB (libzmq's read batch) queued in the socket.
#       hello   = b"CSM" 0x01 | kind (HELLO or WELCOME) | u8 len(sender) | sender
#                 | u16 len(card) | card          (card: 1..4096 bytes, big-endian u16)
#   The asker sends one HELLO and reads one WELCOME the same way, with the same limits.
#   Cards are opaque here; node.discovery signs and checks them.
# - Nothing a peer sends can raise out of poll(): bad input becomes a Dropped event.
# - Single-threaded and poll-driven: poll() serves ZAP requests, hellos and heartbeats,
#   so the owner must call it regularly (a long pause only delays handshakes and beats).
from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias, Union, cast

import zmq
from zmq.utils.monitor import parse_monitor_message

from node.curve import CURVE_KEY_SIZE, CurveKeys
from protocol.envelope import MAX_ENVELOPE_SIZE

__all__ = [
    "DEFAULT_MAX_MSG_SIZE",
    "MAX_CARD_SIZE",
    "MAX_PEER_ID",
    "Message",
    "PeerBack",
    "PeerAway",
    "PeerLeft",
    "Dropped",
    "Refused",
    "Rejected",
    "Hello",
    "HelloFailed",
    "Readable",
    "Event",
    "Mesh",
    "Faults",
    "FaultyMesh",
]

# One envelope (the protocol's limit) plus room for the node's own small frames.
DEFAULT_MAX_MSG_SIZE = MAX_ENVELOPE_SIZE + 1024
MAX_CARD_SIZE = 4096
MAX_PEER_ID = 64
# Socket-level allowance over max_msg_size for the Curve box around each frame (33 bytes
# today); the exact limit is enforced again on the plaintext after receipt.
_CURVE_SLACK = 256
# The hello path: the longest hello, and what a stranger can make us hold (see the top).
_HELLO_WIRE_MAX = 4 + 1 + 1 + MAX_PEER_ID + 2 + MAX_CARD_SIZE
_HELLO_CONNS = 32  # open hello connections; an honest hello needs one for milliseconds
_HELLO_TIMEOUT_S = 5.0  # a hello connection's whole life: an honest one takes a few ms
_HELLO_HWM = 64  # raw chunks queued in a hello socket (each at most 8 KiB)
_HELLO_BATCH = 256  # raw chunks read per poll: hellos must not starve the mesh

_Sock: TypeAlias = "zmq.Socket[Any]"
_MAGIC = b"CSM\x01"
_DATA, _PING, _BYE, _HELLO, _WELCOME = 1, 2, 3, 4, 5
_ZAP_ENDPOINT = "inproc://zeromq.zap.01"  # fixed by ZAP (RFC 27), one per zmq context
_MESH_DOMAIN = b"cosmic-mesh"
_REFUSED_MEMORY = 1024  # distinct refused keys reported; beyond that they are silent
# libzmq never retries a connection whose handshake failed (a refused key, a wrong
# server key): we redial it ourselves after 100 ms, doubling up to 2 s.
_REDIAL_FIRST_S = 0.1
_REDIAL_MAX_S = 2.0
# Socket flags and options as plain ints: pyzmq's enums cost a conversion per use.
_NOBLOCK = int(zmq.NOBLOCK)
_SNDMORE_NOBLOCK = int(zmq.SNDMORE | zmq.NOBLOCK)
_EVENTS = int(zmq.EVENTS)
_POLLIN = int(zmq.POLLIN)
_HANDSHAKE_FAILED = (
    zmq.EVENT_HANDSHAKE_FAILED_AUTH
    | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
    | zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL
)


# ---------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Message:
    """Payload frames from an authenticated peer (or a trusted sender with Curve off)."""

    peer: bytes
    frames: tuple[bytes, ...]


@dataclass(frozen=True, slots=True)
class PeerBack:
    """A peer spoke: the first time, or after it was away or had left."""

    peer: bytes


@dataclass(frozen=True, slots=True)
class PeerAway:
    """A peer added with add_peer() missed `away_after` heartbeats."""

    peer: bytes


@dataclass(frozen=True, slots=True)
class PeerLeft:
    """A peer said goodbye (it closed its mesh on purpose)."""

    peer: bytes


@dataclass(frozen=True, slots=True)
class Dropped:
    """Input refused after the handshake: `peer` is the authenticated sender if known."""

    peer: bytes | None
    reason: str


@dataclass(frozen=True, slots=True)
class Refused:
    """A Curve key that is not allowed tried to connect (reported once per key)."""

    curve_public: bytes
    address: str


@dataclass(frozen=True, slots=True)
class Rejected:
    """A peer refused our Curve key at the handshake (it has not admitted us, yet).

    Reported once until a handshake with it succeeds; the mesh keeps redialling.
    """

    peer: bytes


@dataclass(frozen=True, slots=True)
class Hello:
    """A card from the hello path. `peer` is only a claim until the card is verified.

    `endpoint` is None when someone asked us (and was answered), or the endpoint we
    asked with say_hello() when this is the answer.
    """

    peer: bytes
    card: bytes
    endpoint: str | None


@dataclass(frozen=True, slots=True)
class HelloFailed:
    """say_hello(endpoint) got no answer in time."""

    endpoint: str


@dataclass(frozen=True, slots=True)
class Readable:
    """A file descriptor given to watch() has data to read (reported by every poll()
    until it is read: level-triggered)."""

    fd: int


Event = Union[
    Message, PeerBack, PeerAway, PeerLeft, Dropped, Refused, Rejected, Hello, HelloFailed,
    Readable,
]


# ------------------------------------------------------------------------------ mesh


@dataclass(slots=True)
class _Peer:
    endpoint: str
    server_key: bytes | None
    sock: _Sock
    monitor: _Sock  # handshake events of sock
    last_heard: float
    last_sent: float
    present: bool | None = None  # None: never heard since add_peer
    redial_at: float | None = None  # set after a failed handshake
    backoff: float = _REDIAL_FIRST_S
    rejected: bool = False  # Rejected reported since the last good handshake
    # DATA sent since the connection was last known good (no handshake yet, or a
    # disconnect since): libzmq drops it if the next handshake fails, so we resend it
    # after redialling. Cleared when a handshake succeeds (the pipe then delivers it).
    unconfirmed: list[list[bytes]] = field(default_factory=list)
    confirmed: bool = False


def _header(kind: int, sender: bytes) -> bytes:
    return _MAGIC + bytes((kind,)) + sender


def _parse_header(header: bytes) -> tuple[int, bytes] | None:
    """(kind, sender) of a header frame, or None if it is not one."""
    if len(header) < len(_MAGIC) + 2 or header[: len(_MAGIC)] != _MAGIC:
        return None
    sender = header[len(_MAGIC) + 1 :]
    if len(sender) > MAX_PEER_ID:
        return None
    return header[len(_MAGIC)], sender


def _check_id(peer_id: bytes) -> None:
    if type(peer_id) is not bytes or not 1 <= len(peer_id) <= MAX_PEER_ID:
        raise ValueError(f"a peer id is 1..{MAX_PEER_ID} bytes")


def _check_key(key: object) -> bytes:
    if type(key) is not bytes or len(key) != CURVE_KEY_SIZE:
        raise ValueError(f"a Curve public key is {CURVE_KEY_SIZE} bytes")
    return key


def _hello_wire(kind: int, sender: bytes, card: bytes) -> bytes:
    return _MAGIC + bytes((kind, len(sender))) + sender + len(card).to_bytes(2, "big") + card


def _parse_hello_wire(buf: bytes | bytearray, kind: int) -> tuple[bytes, bytes] | str | None:
    """(sender, card) of a whole hello of `kind` in buf, None if more bytes are needed,
    or why buf can never become one."""
    n = len(buf)
    if n > _HELLO_WIRE_MAX:
        return f"over {_HELLO_WIRE_MAX} bytes"
    if buf[: min(n, len(_MAGIC))] != _MAGIC[: min(n, len(_MAGIC))]:
        return "not a cosmic hello"
    if n < len(_MAGIC) + 2:
        return None
    if buf[len(_MAGIC)] != kind:
        return f"kind {buf[len(_MAGIC)]}, expected {kind}"
    slen = buf[len(_MAGIC) + 1]
    if not 1 <= slen <= MAX_PEER_ID:
        return f"a sender id of {slen} bytes"
    head = len(_MAGIC) + 2 + slen
    if n < head + 2:
        return None
    clen = int.from_bytes(buf[head : head + 2], "big")
    if not 1 <= clen <= MAX_CARD_SIZE:
        return f"a card of {clen} bytes"
    end = head + 2 + clen
    if n < end:
        return None
    if n > end:
        return "bytes after the hello"
    return bytes(buf[len(_MAGIC) + 2 : head]), bytes(buf[head + 2 : end])


@dataclass(slots=True)
class _HelloConn:
    """One connection to our hello socket (keyed by its raw routing id)."""

    until: float  # closed by us from then on, finished or not
    buf: bytearray = field(default_factory=bytearray)
    answered: bool = False


@dataclass(slots=True)
class _Ask:
    """One say_hello() under way: a raw socket connecting to a peer's hello endpoint."""

    endpoint: str
    until: float
    rid: bytes | None = None  # the connection's routing id once connected
    buf: bytearray = field(default_factory=bytearray)


class Mesh:
    """One node's sockets: an inbound ROUTER, a DEALER per peer, a ZAP handler.

    Arguments:
      identity      our peer id (the seat's Ed25519 public key), 1..64 bytes
      bind          endpoint of the inbound ROUTER; port 0 picks a free port (`.endpoint`)
      curve         our Curve keypair; None with secure=True makes a fresh one
      secure        False turns Curve off entirely (benchmarks and tests only)
      allowed       peer id -> Curve public key of the players admitted from the start
      heartbeat_s   a PING goes to each peer that got nothing else for this long
      away_after    missed beats (of the peer's) before PeerAway
      max_msg_size  largest DATA message, all payload frames together
      max_frames    most payload frames in one DATA message
      hwm           bounded queues: messages held per socket before sends fail
      hello_bind    endpoint of the hello socket, or None for none

    Raises ValueError for malformed arguments, zmq.ZMQError if a bind fails.
    """

    def __init__(
        self,
        identity: bytes,
        bind: str = "tcp://127.0.0.1:0",
        *,
        curve: CurveKeys | None = None,
        secure: bool = True,
        allowed: Mapping[bytes, bytes] | None = None,
        heartbeat_s: float = 1.0,
        away_after: int = 5,
        max_msg_size: int = DEFAULT_MAX_MSG_SIZE,
        max_frames: int = 8,
        hwm: int = 1000,
        hello_bind: str | None = None,
    ) -> None:
        _check_id(identity)
        if not secure and curve is not None:
            raise ValueError("a Curve keypair with secure=False")
        if heartbeat_s <= 0 or away_after < 1 or max_msg_size < 1 or max_frames < 1 or hwm < 1:
            raise ValueError("heartbeat_s, away_after, max_msg_size, max_frames, hwm must be > 0")
        self.identity = identity
        self.curve: CurveKeys | None = (curve or CurveKeys.generate()) if secure else None
        self.heartbeat_s = heartbeat_s
        self.away_after = away_after
        self.max_msg_size = max_msg_size
        self.max_frames = max_frames
        self.hwm = hwm
        self._headers = {k: _header(k, identity) for k in (_DATA, _PING, _BYE)}
        self._peers: dict[bytes, _Peer] = {}
        self._admitted: dict[bytes, bytes] = {}  # Curve public key -> peer id
        self._keys: dict[bytes, bytes] = {}  # peer id -> Curve public key
        self._refused: set[bytes] = set()
        self._hello_card: bytes | None = None
        self._hello_conns: dict[bytes, _HelloConn] = {}  # oldest first
        self._asks: dict[_Sock, _Ask] = {}
        self._monitors: dict[_Sock, bytes] = {}
        self._watched: set[int] = set()  # the owner's own file descriptors (watch())
        self._closed = False
        for peer_id, key in (allowed or {}).items():
            self.allow(peer_id, key)

        # One context per mesh: the ZAP endpoint is per context, so two meshes in one
        # process (tests, the demo) must not share one.
        self._ctx = zmq.Context(io_threads=1)
        self._poller = zmq.Poller()
        self._zap: _Sock | None = None
        self._hello: _Sock | None = None
        try:
            if self.curve is not None:
                # The handler must exist before the CURVE server binds: without one,
                # libzmq admits every client that knows our public key.
                self._zap = self._ctx.socket(zmq.REP)
                self._zap.linger = 0
                self._zap.bind(_ZAP_ENDPOINT)
                self._poller.register(self._zap, zmq.POLLIN)
            self._router = self._socket(zmq.ROUTER, bind)
            self._router.rcvhwm = hwm
            self._router.setsockopt(zmq.MAXMSGSIZE, max_msg_size + _CURVE_SLACK)
            # Our ROUTER never sends; if it ever does, an unknown peer must be an error,
            # not a silent drop.
            self._router.setsockopt(zmq.ROUTER_MANDATORY, 1)
            if self.curve is not None:
                self._router.curve_server = True
                self._router.curve_secretkey = self.curve.secret
                self._router.curve_publickey = self.curve.public
                self._router.zap_domain = _MESH_DOMAIN
            self._router.bind(bind)
            self._poller.register(self._router, zmq.POLLIN)
            if hello_bind is not None:
                self._hello = self._raw_socket(hello_bind)
                self._hello.bind(hello_bind)
                self._poller.register(self._hello, zmq.POLLIN)
        except BaseException:
            self._ctx.destroy(linger=0)
            raise

    # ------------------------------------------------------------------ properties

    @property
    def endpoint(self) -> str:
        """The endpoint the ROUTER is bound to (the actual port if bound to port 0)."""
        return self._router.getsockopt_string(zmq.LAST_ENDPOINT)

    @property
    def hello_endpoint(self) -> str | None:
        """The endpoint of the hello socket, or None if there is none."""
        return None if self._hello is None else self._hello.getsockopt_string(zmq.LAST_ENDPOINT)

    @property
    def curve_public(self) -> bytes | None:
        """Our Curve public key (None with Curve off)."""
        return None if self.curve is None else self.curve.public

    @property
    def peers(self) -> list[bytes]:
        """Ids of the peers added with add_peer(), sorted."""
        return sorted(self._peers)

    def status(self, peer_id: bytes) -> bool | None:
        """True if the peer is present, False if away or left, None if never heard."""
        return self._peers[peer_id].present

    # ----------------------------------------------------------- keys and peers

    def allow(self, peer_id: bytes, curve_public: bytes) -> None:
        """Admit a player's Curve key (replacing its previous one). Raises ValueError."""
        _check_id(peer_id)
        _check_key(curve_public)
        old = self._keys.get(peer_id)
        if old is not None:
            del self._admitted[old]
        other = self._admitted.get(curve_public)
        if other is not None and other != peer_id:
            # One key, one player: a second claim on a key would make User-Id ambiguous.
            raise ValueError("that Curve key is already allowed for another peer")
        self._keys[peer_id] = curve_public
        self._admitted[curve_public] = peer_id

    def disallow(self, peer_id: bytes) -> None:
        """Refuse a player's key from now on: new handshakes fail, its messages drop."""
        key = self._keys.pop(peer_id, None)
        if key is not None:
            del self._admitted[key]

    def allowed(self) -> dict[bytes, bytes]:
        """A copy of the admitted players: peer id -> Curve public key."""
        return dict(self._keys)

    def add_peer(self, peer_id: bytes, endpoint: str, curve_public: bytes | None = None) -> None:
        """Connect a DEALER to a peer's ROUTER (and allow its Curve key).

        zmq reconnects by itself after a loss. Adding a known peer again with a new
        endpoint or key replaces its connection. Raises ValueError for a missing or
        malformed key, a key allowed for another peer, an id of the wrong size, or an
        endpoint zmq refuses.
        """
        self._check_open()
        _check_id(peer_id)
        if self.curve is not None:
            if curve_public is None:
                raise ValueError("Curve is on: add_peer needs the peer's Curve public key")
            self.allow(peer_id, curve_public)
        old = self._peers.get(peer_id)
        if old is not None:
            if old.endpoint == endpoint and old.server_key == curve_public:
                return
            self._hang_up(self._peers.pop(peer_id), 0)
        now = time.monotonic()
        sock, monitor = self._dealer(endpoint, curve_public)
        self._monitors[monitor] = peer_id
        self._poller.register(monitor, zmq.POLLIN)
        # The away clock starts now: a peer never heard is reported away after the
        # same grace as one that went quiet.
        self._peers[peer_id] = _Peer(
            endpoint, curve_public, sock, monitor, now, now - self.heartbeat_s
        )

    def remove_peer(self, peer_id: bytes) -> None:
        """Close the connection to a peer (its key stays allowed; see disallow())."""
        peer = self._peers.pop(peer_id, None)
        if peer is not None:
            self._hang_up(peer, 0)

    # ------------------------------------------------------------------ sending

    def send(self, peer_id: bytes, frames: Sequence[bytes]) -> bool:
        """Queue one DATA message for a peer; False if its queue is full.

        Delivery is best effort (the node fills gaps by asking peers). Raises KeyError
        for a peer not added, ValueError for frames a peer would refuse.
        """
        self._check_frames(frames)
        return self._send(self._peers[peer_id], [self._headers[_DATA], *frames])

    def broadcast(self, frames: Sequence[bytes]) -> list[bytes]:
        """send() to every peer; returns the sorted ids whose queues were full."""
        self._check_frames(frames)
        if type(self).send is not Mesh.send:  # a subclass's send() sees each (FaultyMesh)
            return [p for p in sorted(self._peers) if not self.send(p, frames)]
        # The frames checked once and one message built for all: the author's envelope
        # goes out right after its journal's fsync, and every peer waits for it.
        parts, peers = [self._headers[_DATA], *frames], self._peers
        return [p for p in sorted(peers) if not self._send(peers[p], parts)]

    def waiting(self) -> bool:
        """Has a peer's message come that poll() has not read yet? (A cheap look: the
        owner may do some work ahead of time when nothing waits.)"""
        return not self._closed and bool(
            cast(int, self._router.getsockopt(_EVENTS)) & _POLLIN)

    def set_hello_card(self, card: bytes | None) -> None:
        """The card we answer hellos with and send with say_hello() (None: stay silent)."""
        if card is not None and (type(card) is not bytes or not 0 < len(card) <= MAX_CARD_SIZE):
            raise ValueError(f"a card is 1..{MAX_CARD_SIZE} bytes")
        self._hello_card = card

    def say_hello(self, endpoint: str, timeout_s: float = 5.0) -> None:
        """Send our card to a hello endpoint; the answer comes from poll() as a Hello.

        If none comes within timeout_s, poll() reports HelloFailed. Raises ValueError
        if no card is set.
        """
        self._check_open()
        if self._hello_card is None:
            raise ValueError("set_hello_card() before say_hello()")
        sock = self._raw_socket(endpoint)
        try:
            sock.connect(endpoint)
        except zmq.ZMQError as exc:
            sock.close(linger=0)
            raise ValueError(f"cannot connect to {endpoint!r}: {exc}") from None
        # The hello goes once the connection is up (a raw socket says so with an empty
        # message), and again after a reconnect.
        self._asks[sock] = _Ask(endpoint, time.monotonic() + timeout_s)
        self._poller.register(sock, zmq.POLLIN)

    def watch(self, fd: int) -> None:
        """Let poll() also wait for the file descriptor `fd` (a socket of the owner's, such
        as the discovery listener's) and report Readable(fd) while it has data: the owner
        then reads it only when there is something to read, not on every tick."""
        self._check_open()
        if fd not in self._watched:
            self._watched.add(fd)
            self._poller.register(fd, zmq.POLLIN)

    def unwatch(self, fd: int) -> None:
        """Stop watching `fd` (before the owner closes it)."""
        if fd in self._watched:
            self._watched.discard(fd)
            self._poller.unregister(fd)

    # ------------------------------------------------------------------ receiving

    def poll(self, timeout_ms: int = 0) -> list[Event]:
        """Wait up to timeout_ms for at least one event; return all that are ready.

        Serves ZAP requests, hellos and heartbeats on the way. Never raises on
        anything a peer (or a stranger on the hello socket) sends.
        """
        self._check_open()
        deadline = time.monotonic() + max(timeout_ms, 0) / 1000
        # Wake at least four times a beat so beats and away marks are at most a quarter
        # of a beat late.
        step = self.heartbeat_s / 4
        while True:
            events = self._timers(time.monotonic())
            wait = min(deadline - time.monotonic(), step)
            # Whole milliseconds, rounded up: rounded down, the last millisecond before
            # the deadline was a busy loop of zero-timeout polls (a dozen per envelope
            # taken, measured by bench/network.py). Up, a poll is at most 1 ms late.
            ready = dict(self._poller.poll(max(0, math.ceil(wait * 1000)) if not events
                                           else 0))
            seen = 0  # of the ready ones (most wakes bring only the ROUTER's)
            if self._zap is not None and self._zap in ready:
                events.extend(self._serve_zap())
                seen += 1
            if self._router in ready:
                events.extend(self._read_router())
                seen += 1
            if self._hello is not None and self._hello in ready:
                events.extend(self._serve_hellos())
                seen += 1
            if len(ready) > seen:
                for sock in [s for s in self._asks if s in ready]:
                    events.extend(self._read_answer(sock))
                for monitor in [m for m in self._monitors if m in ready]:
                    events.extend(self._read_monitor(monitor))
                events.extend(Readable(fd) for fd in self._watched if fd in ready)
            if events or time.monotonic() >= deadline:
                return events

    # ------------------------------------------------------------------ closing

    def close(self, goodbye: bool = True) -> None:
        """Say BYE to every peer (best effort, at most 100 ms), then close everything."""
        if self._closed:
            return
        self._closed = True
        for peer_id in sorted(self._peers):
            peer = self._peers[peer_id]
            if goodbye:
                try:
                    peer.sock.send(self._headers[_BYE], zmq.NOBLOCK)
                except zmq.ZMQError:
                    pass  # a full queue: the peer will notice our silence instead
            # A goodbye is worth a short wait, never a hang on an unreachable peer.
            self._hang_up(peer, 100 if goodbye else 0)
        self._peers.clear()
        for sock in list(self._asks):
            sock.close(linger=0)
        self._asks.clear()
        self._ctx.destroy(linger=0)

    def __enter__(self) -> Mesh:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ internals

    def _check_open(self) -> None:
        if self._closed:
            raise ValueError("the mesh is closed")

    def _raw_socket(self, endpoint: str) -> _Sock:
        """A ZMQ_STREAM socket for the hello path: raw TCP, bounded queues (see the top)."""
        sock = self._socket(zmq.STREAM, endpoint)
        sock.rcvhwm = _HELLO_HWM
        sock.sndhwm = _HELLO_HWM
        return sock

    def _socket(self, kind: int, endpoint: str) -> _Sock:
        sock = self._ctx.socket(kind)
        sock.linger = 0  # closing never waits on a dead peer (close() makes the exception)
        if "[" in endpoint:
            # Only for IPv6 literals: with it on, IPv4 binds report ::ffff: addresses.
            sock.setsockopt(zmq.IPV6, 1)
        return sock

    def _dealer(self, endpoint: str, server_key: bytes | None) -> tuple[_Sock, _Sock]:
        """A connected DEALER to a peer and the monitor of its handshakes."""
        sock = self._socket(zmq.DEALER, endpoint)
        sock.sndhwm = self.hwm
        # The peer's ROUTER never answers on this connection: hold nothing inbound.
        sock.rcvhwm = 1
        sock.setsockopt(zmq.MAXMSGSIZE, 1024)
        # Retry a lost connection after 100 ms, backing off to at most 1 s between tries:
        # cheap on a LAN, and a resumed node is back within a second of listening.
        sock.setsockopt(zmq.RECONNECT_IVL, 100)
        sock.setsockopt(zmq.RECONNECT_IVL_MAX, 1000)
        # ZMTP heartbeats let zmq itself drop a connection whose TCP is dead (a cable
        # pulled) and reconnect; our own PINGs decide "away".
        beat_ms = max(1, int(self.heartbeat_s * 1000))
        sock.setsockopt(zmq.HEARTBEAT_IVL, beat_ms)
        sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, beat_ms * self.away_after)
        if self.curve is not None:
            assert server_key is not None  # add_peer checked it
            sock.curve_secretkey = self.curve.secret
            sock.curve_publickey = self.curve.public
            sock.curve_serverkey = server_key
        # Watch before connecting, so no handshake outcome can be missed.
        monitor = sock.get_monitor_socket(
            zmq.EVENT_HANDSHAKE_SUCCEEDED | zmq.EVENT_DISCONNECTED | _HANDSHAKE_FAILED
        )
        try:
            sock.connect(endpoint)
        except zmq.ZMQError as exc:
            sock.disable_monitor()
            monitor.close(linger=0)
            sock.close(linger=0)
            raise ValueError(f"cannot connect to {endpoint!r}: {exc}") from None
        return sock, monitor

    def _hang_up(self, peer: _Peer, linger_ms: int) -> None:
        self._poller.unregister(peer.monitor)
        del self._monitors[peer.monitor]
        peer.sock.disable_monitor()
        peer.monitor.close(linger=0)
        peer.sock.close(linger=linger_ms)

    def _redial(self, peer: _Peer) -> None:
        # A fresh connection on the same socket: whatever zmq queued is dropped, and
        # what was never confirmed is queued again.
        try:
            peer.sock.disconnect(peer.endpoint)
        except zmq.ZMQError:
            pass  # libzmq had already given up on it
        peer.sock.connect(peer.endpoint)
        for parts in peer.unconfirmed:
            try:
                peer.sock.send_multipart(parts, zmq.NOBLOCK)
            except zmq.Again:
                break  # the rest waits for the next redial or is lost to the hwm

    def _check_frames(self, frames: Sequence[bytes]) -> None:
        # We never send what a peer would refuse (the receiver applies the same limits).
        if not 1 <= len(frames) <= self.max_frames:
            raise ValueError(f"a message has 1..{self.max_frames} frames")
        total = 0
        for f in frames:
            if type(f) is not bytes:
                raise ValueError("frames are bytes")
            total += len(f)
        if total > self.max_msg_size:
            raise ValueError(f"{total} bytes is over the message limit of {self.max_msg_size}")

    def _send(self, peer: _Peer, parts: list[bytes], keep: bool = True) -> bool:
        kept = False
        if keep and not peer.confirmed:
            if len(peer.unconfirmed) >= self.hwm:
                return False
            peer.unconfirmed.append(parts)
            kept = True
        sock, last = peer.sock, len(parts) - 1
        try:
            # Frame by frame, as send_multipart does, with plain int flags (it builds
            # an enum per frame).
            for i, part in enumerate(parts):
                sock.send(part, _SNDMORE_NOBLOCK if i < last else _NOBLOCK)
        except zmq.Again:
            if peer.present is False and peer.confirmed:
                # A full queue to an away peer holds only stale messages (the node
                # re-requests what it missed); start it afresh rather than stay stuck.
                self._redial(peer)
            return kept  # a kept message goes out at the next redial
        peer.last_sent = time.monotonic()
        return True

    def _timers(self, now: float) -> list[Event]:
        events: list[Event] = []
        grace = self.heartbeat_s * self.away_after
        for peer_id in sorted(self._peers):
            peer = self._peers[peer_id]
            if peer.redial_at is not None and now >= peer.redial_at:
                peer.redial_at = None
                self._redial(peer)
            if now - peer.last_sent >= self.heartbeat_s:
                # Beat even to an away peer: it is how it learns we are alive when it
                # returns, and a full queue resets itself (see _send).
                self._send(peer, [self._headers[_PING]], keep=False)
            if peer.present is not False and now - peer.last_heard > grace:
                peer.present = False
                events.append(PeerAway(peer_id))
        for sock, ask in list(self._asks.items()):
            if now >= ask.until:
                self._end_ask(sock)
                events.append(HelloFailed(ask.endpoint))
        # Hello connections expire in the order they came (one time-out for all).
        while self._hello_conns:
            rid, conn = next(iter(self._hello_conns.items()))
            if now < conn.until:
                break
            self._hang_up_hello(rid)
        return events

    def _heard(self, peer_id: bytes) -> list[Event]:
        peer = self._peers.get(peer_id)
        if peer is None:
            return []  # an allowed player we have no address for yet: just deliver
        peer.last_heard = time.monotonic()
        if peer.present:
            return []
        peer.present = True
        return [PeerBack(peer_id)]

    def _read_monitor(self, monitor: _Sock) -> list[Event]:
        peer_id = self._monitors[monitor]
        peer = self._peers[peer_id]
        events: list[Event] = []
        while True:
            try:
                event = parse_monitor_message(monitor.recv_multipart(zmq.NOBLOCK))["event"]
            except zmq.Again:
                return events
            if event == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                peer.backoff, peer.redial_at, peer.rejected = _REDIAL_FIRST_S, None, False
                peer.confirmed = True
                peer.unconfirmed.clear()
                continue
            peer.confirmed = False
            if event == zmq.EVENT_DISCONNECTED:
                continue  # zmq reconnects by itself; only a failed handshake needs us
            if peer.redial_at is None:
                peer.redial_at = time.monotonic() + peer.backoff
                peer.backoff = min(2 * peer.backoff, _REDIAL_MAX_S)
            if event == zmq.EVENT_HANDSHAKE_FAILED_AUTH and not peer.rejected:
                peer.rejected = True
                events.append(Rejected(peer_id))

    def _serve_zap(self) -> list[Event]:
        events: list[Event] = []
        zap = self._zap
        assert zap is not None  # only polled with Curve on
        while True:
            try:
                req = zap.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return events
            # ZAP request: version, request id, domain, address, routing id, mechanism,
            # credentials (CURVE: the client's 32-byte public key).
            rid = req[1] if len(req) > 1 else b""
            ok = (
                len(req) == 7
                and req[0] == b"1.0"
                and req[2] == _MESH_DOMAIN
                and req[5] == b"CURVE"
                and req[6] in self._admitted
            )
            if ok:
                user = self._admitted[req[6]].hex().encode()
                zap.send_multipart([b"1.0", rid, b"200", b"OK", user, b""])
                continue
            zap.send_multipart([b"1.0", rid, b"400", b"not a player of this game", b"", b""])
            key = req[6] if len(req) == 7 else b""
            if key not in self._refused and len(self._refused) < _REFUSED_MEMORY:
                self._refused.add(key)
                address = req[3].decode("ascii", "replace") if len(req) > 3 else ""
                events.append(Refused(key, address))

    def _read_router(self) -> list[Event]:
        events: list[Event] = []
        router = self._router
        # Drain in bounded batches so one flooding peer cannot starve timers. The poll
        # said a message waits; whether another does is asked (ZMQ_EVENTS) rather than
        # learnt from a raised zmq.Again, and a message's frames are read one by one (a
        # frame says if more follow): about 10 us less per wake than recv_multipart and
        # its exception (bench/README.md).
        for _ in range(1000):
            try:
                frame = router.recv(_NOBLOCK, copy=False)
            except zmq.Again:
                break  # (the poll's word was stale)
            frames = [frame]
            while frame.more:  # a message's frames come together (zmq is atomic)
                frame = router.recv(_NOBLOCK, copy=False)
                frames.append(frame)
            events.extend(self._accept(frames))
            if not cast(int, router.getsockopt(_EVENTS)) & _POLLIN:
                break
        return events

    def _accept(self, frames: list[zmq.Frame]) -> list[Event]:
        if len(frames) < 2:
            return [Dropped(None, "no header frame")]
        user: bytes | None = None
        if self.curve is not None:
            try:
                uid = frames[1].get("User-Id")
                user = bytes.fromhex(uid) if type(uid) is str else None
            except (zmq.ZMQError, ValueError):
                user = None
            if user is None:  # cannot happen after our ZAP handler said yes
                return [Dropped(None, "no authenticated User-Id")]
            if user not in self._keys:
                return [Dropped(user, "no longer allowed")]
        parsed = _parse_header(frames[1].bytes)
        if parsed is None:
            return [Dropped(user, "malformed header")]
        kind, sender = parsed
        if user is not None and sender != user:
            return [Dropped(user, f"spoofed sender {sender.hex()}")]
        payload = [f.bytes for f in frames[2:]]
        if kind == _DATA:
            if not 1 <= len(payload) <= self.max_frames:
                return [Dropped(sender, f"{len(payload)} payload frames")]
            if sum(map(len, payload)) > self.max_msg_size:
                return [Dropped(sender, "message over the size limit")]
            return [*self._heard(sender), Message(sender, tuple(payload))]
        if kind == _PING and not payload:
            return self._heard(sender)
        if kind == _BYE and not payload:
            peer = self._peers.get(sender)
            if peer is None or peer.present is False:
                return []
            peer.present = False  # it left on purpose: no need to wait out the grace
            return [PeerLeft(sender)]
        return [Dropped(sender, f"unexpected kind {kind} with {len(payload)} frames")]

    def _serve_hellos(self) -> list[Event]:
        hello = self._hello
        assert hello is not None  # only polled when there is one
        events: list[Event] = []
        for _ in range(_HELLO_BATCH):
            try:
                frames = hello.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                break
            if len(frames) != 2:
                continue  # a raw socket gives [routing id, bytes]; nothing else comes
            rid, data = frames
            conn = self._hello_conns.get(rid)
            if not data:  # a connection opened, or (one we know) closed
                if conn is not None:
                    del self._hello_conns[rid]
                    continue
                if len(self._hello_conns) >= _HELLO_CONNS:
                    # Full: the oldest goes. Honest hellos finish in milliseconds, so a
                    # stranger holding connections open only delays them.
                    self._hang_up_hello(next(iter(self._hello_conns)))
                self._hello_conns[rid] = _HelloConn(time.monotonic() + _HELLO_TIMEOUT_S)
                continue
            if conn is None:
                continue  # bytes still in flight from a connection we closed
            if conn.answered:
                events.append(Dropped(None, "malformed hello: bytes after the hello"))
                self._hang_up_hello(rid)
                continue
            if len(conn.buf) + len(data) > _HELLO_WIRE_MAX:
                events.append(Dropped(None, f"malformed hello: over {_HELLO_WIRE_MAX} bytes"))
                self._hang_up_hello(rid)
                continue
            conn.buf += data
            parsed = _parse_hello_wire(conn.buf, _HELLO)
            if parsed is None:
                continue
            if isinstance(parsed, str):
                events.append(Dropped(None, f"malformed hello: {parsed}"))
                self._hang_up_hello(rid)
                continue
            sender, card = parsed
            conn.buf = bytearray()
            conn.answered = True
            events.append(Hello(sender, card, None))
            if self._hello_card is None:
                continue  # no card yet: not open for hellos, the asker times out
            try:
                hello.send_multipart(
                    [rid, _hello_wire(_WELCOME, self.identity, self._hello_card)], zmq.NOBLOCK
                )
            except zmq.ZMQError:
                pass  # the asker is gone or flooding; it can ask again
            # The asker closes once it has read the answer (closing first could drop
            # the answer); the time-out closes it otherwise.
        return events

    def _hang_up_hello(self, rid: bytes) -> None:
        """Close one hello connection (an empty message closes a raw connection)."""
        self._hello_conns.pop(rid, None)
        assert self._hello is not None
        try:
            self._hello.send_multipart([rid, b""], zmq.NOBLOCK)
        except zmq.ZMQError:
            pass  # already gone

    def _read_answer(self, sock: _Sock) -> list[Event]:
        ask = self._asks[sock]
        assert self._hello_card is not None  # say_hello() checked it
        for _ in range(_HELLO_BATCH):
            try:
                frames = sock.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return []
            if len(frames) != 2:
                continue
            rid, data = frames
            if not data:
                if ask.rid is None:  # connected: ask
                    ask.rid, ask.buf = rid, bytearray()
                    try:
                        sock.send_multipart(
                            [rid, _hello_wire(_HELLO, self.identity, self._hello_card)],
                            zmq.NOBLOCK,
                        )
                    except zmq.ZMQError:
                        ask.rid = None  # gone already; zmq reconnects and we ask again
                elif rid == ask.rid:  # lost: zmq reconnects, and we ask again then
                    ask.rid = None
                continue
            if rid != ask.rid:
                continue
            ask.buf += data
            parsed = _parse_hello_wire(ask.buf, _WELCOME)
            if parsed is None:
                continue
            self._end_ask(sock)
            if isinstance(parsed, str):
                return [Dropped(None, f"malformed hello answer from {ask.endpoint}: {parsed}")]
            return [Hello(parsed[0], parsed[1], ask.endpoint)]
        return []

    def _end_ask(self, sock: _Sock) -> None:
        self._poller.unregister(sock)
        del self._asks[sock]
        sock.close(linger=0)


# ------------------------------------------------------------------ fault injection

_FAULT_TAG = b"cosmic/faults/v1\x00"
_FAULT_KINDS = ("drop", "duplicate", "reorder", "delay")


@dataclass(frozen=True)
class Faults:
    """Per-mille rates of faults on outgoing DATA messages, decided by a seeded hash.

    The n-th message (from 0) to a peer gets the fault decide(peer, n): the same seed
    gives the same faults, whatever the timing. "reorder" holds a message until the
    next one to that peer has gone (or delay_ms has passed); "delay" holds it delay_ms.
    """

    seed: bytes
    drop: int = 0
    duplicate: int = 0
    reorder: int = 0
    delay: int = 0
    delay_ms: int = 100

    def __post_init__(self) -> None:
        rates = (self.drop, self.duplicate, self.reorder, self.delay)
        if min(rates) < 0 or sum(rates) > 1000 or self.delay_ms < 0:
            raise ValueError("fault rates are per mille, at most 1000 in all")

    def decide(self, peer: bytes, n: int) -> str:
        """The fault of the n-th message to peer: "pass" or one of drop, duplicate,
        reorder, delay."""
        h = hashlib.sha256(
            _FAULT_TAG + len(self.seed).to_bytes(4, "big") + self.seed + peer + n.to_bytes(8, "big")
        ).digest()
        x = int.from_bytes(h[:8], "big") % 1000
        for kind, rate in zip(_FAULT_KINDS, (self.drop, self.duplicate, self.reorder, self.delay)):
            if x < rate:
                return kind
            x -= rate
        return "pass"


@dataclass(frozen=True)
class _Held:
    due: float  # released by poll() from then on
    order: int  # held messages due together go in the order they were sent
    peer: bytes
    frames: list[bytes]
    after_next: bool  # reorder: released right after the next message to its peer


class FaultyMesh(Mesh):
    """A Mesh whose outgoing DATA messages suffer deterministic faults (for tests).

    Heartbeats and hellos are not touched. `log` records (peer, n, fault) per send.
    """

    def __init__(
        self, identity: bytes, bind: str = "tcp://127.0.0.1:0", *, faults: Faults, **kw: object
    ) -> None:
        super().__init__(identity, bind, **kw)  # type: ignore[arg-type]
        self.faults = faults
        self.log: list[tuple[bytes, int, str]] = []
        self._counts: dict[bytes, int] = {}
        self._held: list[_Held] = []
        self._order = 0

    def send(self, peer_id: bytes, frames: Sequence[bytes]) -> bool:
        self._check_frames(frames)
        if peer_id not in self._peers:
            raise KeyError(peer_id)
        n = self._counts.get(peer_id, 0)
        self._counts[peer_id] = n + 1
        fault = self.faults.decide(peer_id, n)
        self.log.append((peer_id, n, fault))
        if fault == "drop":
            return True  # lost on the way: the sender cannot tell
        if fault in ("reorder", "delay"):
            self._order += 1
            due = time.monotonic() + self.faults.delay_ms / 1000
            self._held.append(_Held(due, self._order, peer_id, list(frames), fault == "reorder"))
            return True
        ok = super().send(peer_id, frames)
        if fault == "duplicate":
            super().send(peer_id, frames)
        # A message held for reordering goes right after the next one to its peer.
        for held in [h for h in self._held if h.peer == peer_id and h.after_next]:
            self._held.remove(held)
            self._release(held)
        return ok

    def poll(self, timeout_ms: int = 0) -> list[Event]:
        deadline = time.monotonic() + max(timeout_ms, 0) / 1000
        while True:
            now = time.monotonic()
            for held in sorted((h for h in self._held if h.due <= now), key=lambda h: h.order):
                self._held.remove(held)
                self._release(held)
            wake = min([h.due for h in self._held] + [deadline])
            events = super().poll(max(0, int((wake - time.monotonic()) * 1000)))
            if events or time.monotonic() >= deadline:
                return events

    def _release(self, held: _Held) -> None:
        if held.peer in self._peers:
            super().send(held.peer, held.frames)
