# LAN discovery: the signed card a node shows, UDP beacons that carry it, and a listener
# that keeps the table of games it can see. The same card is what the mesh's direct
# hello path exchanges when broadcast does not reach (node.transport, Mesh.say_hello).
#
# Invariants:
# - Card bytes (a beacon datagram, a hello payload) are canonical msgpack
#       [TAG, body, signature]    TAG = "cosmic/beacon/v1"
#       body = canonical msgpack of the card record (see _CARD)
#       signature = Ed25519(seat key, b"cosmic/beacon/v1\0" || body)
#   The signed bytes begin with the tag, never with 0x99, so a card signature can never
#   pass for an envelope's (protocol.keys). The body is signed and checked as received,
#   never re-encoded.
# - open_card() checks the size first, then the encoding, the shape, the signature; any
#   failure is a DecodeError, and nothing else escapes it. seal_card() opens its own
#   output, so we never send a card a peer would refuse.
# - A card proves only that the holder of its Ed25519 key said it: beacons and hellos
#   are neither confidential nor tied to a person. Players compare key fingerprints in
#   the lobby; the Curve key is admitted to the mesh only from a verified card.
# - The listener keys its table by Ed25519 key. A card whose stamp is not above the last
#   one seen from that key is a replay and is ignored; a leaving card removes the entry;
#   an entry not heard for expire_after_s is dropped. Malformed, unsigned or oversized
#   datagrams are counted and ignored.
# - Keys cost nothing to make, so the table is bounded per source address (max_per_source
#   entries) as well as in all (max_entries); a card of our own lobby (or game) takes the
#   place of the longest-unheard entry of another lobby when there is no room. Stamps are
#   kept only for cards let in, and those of our lobby for good (up to MAX_KEPT keys):
#   flooding the table with throwaway keys can neither push out our lobby's members nor
#   make the listener forget their stamps and take an old card of theirs again.
# - Addresses: on a LAN the beacon goes to 255.255.255.255 (or a chosen interface's
#   broadcast address, e.g. 192.168.1.255, which picks the interface by routing); on one
#   machine 127.255.255.255 reaches every listener on loopback (Linux). IPv4 only.
# - Every run of a node has its own `instance` (start time, then random bytes) in its card,
#   so a node tells its own beacon, heard back by broadcast or passed on by a peer, from
#   another node signing with the same key. SameKey notices such a node in our lobby or
#   game (the same key file used twice, say `cosmic join` beside `cosmic host` with one
#   ~/.cosmic/key): the one started later gives way (SameKeyError), the other warns.
#
# Use: a node seals its card with the seat key. With broadcast on, a Beacon sends it and a
# Listener's Seen gives peers' cards; with it off (`--peer tcp://HOST:PORT`, the peer's
# hello endpoint), mesh.set_hello_card(card) then mesh.say_hello(address), and poll()
# yields the Hello to open. Either way, open_card() first, then
# mesh.add_peer(card.key, card.endpoint, card.curve).
from __future__ import annotations

import secrets
import select
import socket
import sys
import time
from dataclasses import dataclass, replace

from protocol import canonical
from protocol.errors import DecodeError, LocalProtocolError, ProtocolError
from protocol.genesis import MAX_SEATS
from protocol.keys import PUBLIC_KEY_SIZE, SIGNATURE_SIZE, SigningKey, verify
from protocol.schema import Bool, Bytes, Int, Record, Str

__all__ = [
    "CARD_TAG",
    "DEFAULT_PORT",
    "LAN_BROADCAST",
    "LOOPBACK_BROADCAST",
    "MAX_DATAGRAM",
    "Card",
    "seal_card",
    "open_card",
    "Beacon",
    "Seen",
    "Gone",
    "Sighting",
    "Listener",
    "SameKey",
    "SameKeyError",
    "local_address",
    "new_instance",
    "same_key_advice",
]

CARD_TAG = "cosmic/beacon/v1"
_SIGN_PREFIX = CARD_TAG.encode() + b"\x00"
# Zyre's beacons use 5670; another port keeps the two from reading each other's.
DEFAULT_PORT = 45670
LAN_BROADCAST = "255.255.255.255"
LOOPBACK_BROADCAST = "127.255.255.255"
# Fits one unfragmented UDP datagram on any link (IPv6's minimum MTU of 1280 less headers).
MAX_DATAGRAM = 1200
MAX_KEPT = 65536  # keys of our own lobby whose stamps are kept for good (~10 MB at most)
_MAX_STAMP = 2**63 - 1
_ENDPOINT = r"tcp://[^\s/]+:[0-9]{1,5}"

_CARD = Record(
    ("lobby", Bytes(min_len=1, max_len=32)),
    ("name", Str(40)),
    ("wanted", Int(0, MAX_SEATS)),
    ("seated", Int(0, MAX_SEATS)),
    ("endpoint", Str(200, min_len=1, pattern=_ENDPOINT)),
    ("hello", Str(200, pattern=f"({_ENDPOINT})?")),
    ("curve", Bytes(32)),
    ("key", Bytes(PUBLIC_KEY_SIZE)),
    ("stamp", Int(0, _MAX_STAMP)),
    ("leaving", Bool()),
    ("colour", Str(16, pattern=r"([a-z][a-z0-9-]*)?")),
    ("agree", Bytes(max_len=32)),
    ("instance", Bytes(max_len=16)),
)


def new_instance() -> bytes:
    """A node run's instance id: the wall-clock millisecond it started (8 bytes,
    big-endian), then 8 random bytes. Ids compare in order of start, so two nodes with
    one key agree which of them started first."""
    return _wall_ms().to_bytes(8, "big") + secrets.token_bytes(8)


@dataclass(frozen=True)
class Card:
    """What a node says about itself on the LAN and in a hello.

    lobby     the game's (or lobby's) id, 1..32 bytes
    name      a display name, up to 40 characters of safe text
    wanted    seats the game wants; seated: seats taken so far (<= wanted)
    endpoint  the node's mesh ROUTER, tcp://HOST:PORT, reachable by the reader
    hello     the node's hello endpoint, or ""
    curve     its Curve public key; key: its Ed25519 public key (the signer)
    stamp     milliseconds of wall clock, increasing per sender (replays are older)
    leaving   True in the last beacon a node sends as it quits
    colour    in a lobby: the colour the player asks for ("" for any)
    agree     in a lobby: the game id the player confirms it will play (b"" until then)
    instance  this run of the node (new_instance()), so that two nodes with one key are
              told apart; b"" if not given (then SameKey cannot be used with it)
    """

    lobby: bytes
    name: str
    wanted: int
    seated: int
    endpoint: str
    hello: str
    curve: bytes
    key: bytes
    stamp: int = 0
    leaving: bool = False
    colour: str = ""
    agree: bytes = b""
    instance: bytes = b""

    def _fields(self) -> list[canonical.Value]:
        return [
            self.lobby, self.name, self.wanted, self.seated, self.endpoint,
            self.hello, self.curve, self.key, self.stamp, self.leaving,
            self.colour, self.agree, self.instance,
        ]  # fmt: skip


def seal_card(card: Card, key: SigningKey) -> bytes:
    """The signed bytes of a card (a beacon datagram or a hello payload).

    Raises LocalProtocolError: "author" if the card names another key than the signer,
    "schema" or "size" for a card a peer would refuse.
    """
    if card.key != key.public:
        raise LocalProtocolError("author", "a card must name its signer's key")
    try:
        _CARD.check(card._fields())
    except ProtocolError as exc:
        raise LocalProtocolError(exc.check, exc.message) from None
    if card.seated > card.wanted:
        raise LocalProtocolError("schema", "more seats taken than wanted")
    body = canonical.encode(card._fields())
    data = canonical.encode([CARD_TAG, body, key.sign(_SIGN_PREFIX + body)])
    if len(data) > MAX_DATAGRAM:
        raise LocalProtocolError("size", f"a card of {len(data)} bytes; at most {MAX_DATAGRAM}")
    try:
        open_card(data)
    except DecodeError as exc:  # a bug: seal and open disagree
        raise LocalProtocolError(exc.check, exc.message) from None
    return data


def open_card(data: bytes) -> Card:
    """The card in signed card bytes. Raises DecodeError (size, canonical, version,
    schema, signature) and nothing else."""
    if type(data) is not bytes:
        raise DecodeError("canonical", "a card is bytes")
    if len(data) > MAX_DATAGRAM:
        raise DecodeError("size", f"{len(data)} bytes is over the card limit of {MAX_DATAGRAM}")
    outer = canonical.decode(data, max_size=MAX_DATAGRAM, max_depth=2)
    if type(outer) is not list or len(outer) != 3 or outer[0] != CARD_TAG:
        raise DecodeError("version", f"not a {CARD_TAG} card")
    _, body, signature = outer
    if type(body) is not bytes or type(signature) is not bytes or len(signature) != SIGNATURE_SIZE:
        raise DecodeError("schema", "a card is [tag, body bytes, 64-byte signature]")
    fields = canonical.decode(body, max_size=MAX_DATAGRAM, max_depth=1)
    try:
        _CARD.check(fields)
    except ProtocolError as exc:
        raise DecodeError(exc.check, exc.message) from None
    assert type(fields) is list  # the schema just said so
    card = Card(*fields)  # type: ignore[arg-type]  # the schema checked every type
    if card.seated > card.wanted:
        raise DecodeError("schema", "more seats taken than wanted")
    if not verify(card.key, signature, _SIGN_PREFIX + body):
        raise DecodeError("signature", "the card's signature does not verify")
    return card


def local_address(toward: str) -> str:
    """This machine's IPv4 address on the route toward `toward` (a peer, or a broadcast
    address): the address to bind the mesh on and put in the card, so that peers there
    can dial it. 127.0.0.1 if there is no such route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        try:
            sock.connect((toward, 9))  # UDP: no packet is sent, only a route chosen
            return str(sock.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _wall_ms() -> int:
    return time.time_ns() // 1_000_000


class Beacon:
    """Announces a card by UDP broadcast every interval_s (send it with tick()).

    target and port say where: LAN_BROADCAST, an interface's broadcast address, or
    LOOPBACK_BROADCAST for nodes on one machine; add_target() adds unicast addresses;
    source, if given, is the local address to send from. Raises OSError if no socket
    can be made.
    """

    def __init__(
        self,
        key: SigningKey,
        card: Card,
        *,
        port: int = DEFAULT_PORT,
        target: str = LAN_BROADCAST,
        interval_s: float = 1.0,
        source: str = "",
    ) -> None:
        seal_card(card, key)  # refuse a bad card now, not at the first tick
        self._key = key
        self._card = card
        self._address = (target, port)
        self._unicast: list[tuple[str, int]] = []  # peers broadcast may not reach
        self.interval_s = interval_s
        self._next = 0.0  # the first tick() sends at once
        self._stamp = 0
        self.failures = 0
        # address -> (sends failed in a row, the last error): see unreachable()
        self._failing: dict[tuple[str, int], tuple[int, str]] = {}
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        if source:  # send from this address, so that answers come back to it
            self._sock.bind((source, 0))

    @property
    def card(self) -> Card:
        return self._card

    def update(self, card: Card) -> None:
        """Announce a changed card (say, a seat taken) at the next tick()."""
        seal_card(card, self._key)
        self._card = card
        self._next = 0.0

    def add_target(self, host: str, port: int | None = None) -> None:
        """Also send each card to host (at most 32 such), for networks where the broadcast
        does not reach it: a peer named by address, or one heard from by unicast."""
        address = (host, self._address[1] if port is None else port)
        if address != self._address and address not in self._unicast \
                and len(self._unicast) < 32:
            self._unicast.append(address)

    def soon(self) -> None:
        """Send the card at the next tick() (say, to answer a node just heard)."""
        self._next = 0.0

    def forward(self, data: bytes, heard_from: str = "") -> None:
        """Pass another node's signed card on to the unicast targets (those broadcast may
        not reach learn of each other this way: a card is as good from anyone), except
        the host it was heard from, which has it (each datagram costs its listener a
        signature check)."""
        for address in self._unicast:
            if address[0] == heard_from:
                continue
            try:
                self._sock.sendto(data, address)
            except OSError:
                self.failures += 1

    def tick(self, now: float | None = None) -> bool:
        """Send the card if an interval has passed; True if it was sent."""
        now = time.monotonic() if now is None else now
        if now < self._next:
            return False
        self._next = now + self.interval_s
        return self._send(self._card)

    def leave(self, repeats: int = 3) -> None:
        """Send a leaving card a few times: one may be lost, and a lost one only costs
        the listeners their expiry delay."""
        for _ in range(repeats):
            self._send(replace(self._card, leaving=True))

    def close(self) -> None:
        self._sock.close()

    def _send(self, card: Card) -> bool:
        # Stamps only go up, even if the wall clock steps back.
        self._stamp = max(self._stamp + 1, _wall_ms())
        data = seal_card(replace(card, stamp=self._stamp), self._key)
        sent = False
        for address in [self._address, *self._unicast]:
            try:
                self._sock.sendto(data, address)
                sent = True
                self._failing.pop(address, None)
            except OSError as exc:
                # No route (no network, a wrong interface): the beacon is best effort and
                # a peer can always be given by address (unreachable() says where).
                self.failures += 1
                in_a_row = self._failing.get(address, (0, ""))[0] + 1
                self._failing[address] = (in_a_row, exc.strerror or str(exc))
        return sent

    def unreachable(self, after: int = 3) -> list[tuple[tuple[str, int], str]]:
        """The addresses whose last `after` sends all failed, each with the last error:
        nobody there hears this beacon (whoever runs it may tell its user why)."""
        return [(address, why) for address, (n, why) in self._failing.items() if n >= after]


@dataclass(frozen=True)
class Sighting:
    """A visible node: its latest card, where it came from, when (monotonic seconds)."""

    card: Card
    address: tuple[str, int]
    heard: float
    data: bytes = b""  # the signed card as received (a peer may pass it on)


@dataclass(frozen=True)
class Seen:
    """A node appeared, or its card changed."""

    sighting: Sighting


@dataclass(frozen=True)
class Gone:
    """A node left ("leaving") or was not heard for too long ("expired")."""

    card: Card
    reason: str


class Listener:
    """Collects beacons from a UDP port into a table of visible nodes.

    bind "" listens on every interface (the LAN default); on loopback,
    LOOPBACK_BROADCAST receives only beacons sent there. same_key, if given, is shown
    every card opened (see SameKey). `lobby` is our own lobby or game (by default
    same_key's): its cards are let in first and their stamps kept (see the module
    notes). Raises OSError if the port cannot be bound.
    """

    def __init__(
        self,
        *,
        port: int = DEFAULT_PORT,
        bind: str = "",
        expire_after_s: float = 3.5,
        max_entries: int = 256,
        max_per_source: int = 16,
        same_key: SameKey | None = None,
        lobby: bytes | None = None,
    ) -> None:
        self.expire_after_s = expire_after_s
        self.same_key = same_key  # shown every card opened, before the replay check
        self.lobby = lobby if lobby is not None or same_key is None else same_key.lobby
        self.max_entries = max_entries
        self.max_per_source = max_per_source
        self.rejected = 0
        self.last_error: str | None = None
        self._table: dict[bytes, Sighting] = {}
        self._stamps: dict[bytes, int] = {}  # last stamp per key let in (see _remember)
        self._kept: dict[bytes, None] = {}  # keys of our lobby, in the order first seen
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        # Several nodes on one machine share the port: every one gets each broadcast.
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if sys.platform != "linux" and hasattr(socket, "SO_REUSEPORT"):
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)  # BSD, macOS
        self._sock.bind((bind, port))
        self._sock.setblocking(False)

    @property
    def port(self) -> int:
        """The UDP port listened on (the actual one if bound to port 0)."""
        return int(self._sock.getsockname()[1])

    def fileno(self) -> int:
        return self._sock.fileno()

    def receive(self, timeout_s: float = 0.0, now: float | None = None) -> list[Seen | Gone]:
        """Read every waiting datagram (waiting up to timeout_s for the first), expire
        old entries, and return what changed. Never raises on what it reads."""
        if timeout_s > 0:
            select.select([self._sock], [], [], timeout_s)
        changes: list[Seen | Gone] = []
        for _ in range(1024):  # a bounded batch: a flood cannot hold the caller
            try:
                data, address = self._sock.recvfrom(MAX_DATAGRAM + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as exc:  # e.g. an ICMP error reported on the socket
                self._reject(f"socket: {exc}")
                continue
            change = self._take(data, address, time.monotonic() if now is None else now)
            if change is not None:
                changes.append(change)
        changes.extend(self.expire(now))
        return changes

    def expire(self, now: float | None = None) -> list[Gone]:
        """Drop entries not heard for expire_after_s; return them as Gone."""
        now = time.monotonic() if now is None else now
        old = [k for k, s in self._table.items() if now - s.heard > self.expire_after_s]
        return [Gone(self._table.pop(k).card, "expired") for k in sorted(old)]

    def games(self) -> list[Sighting]:
        """The visible nodes, ordered by lobby id, name and key."""
        return sorted(self._table.values(), key=lambda s: (s.card.lobby, s.card.name, s.card.key))

    def close(self) -> None:
        self._sock.close()

    def _reject(self, why: str) -> None:
        self.rejected += 1
        self.last_error = why

    def _take(self, data: bytes, address: tuple[str, int], now: float) -> Seen | Gone | None:
        try:
            card = open_card(data)
        except DecodeError as exc:
            self._reject(str(exc))
            return None
        if self.same_key is not None:
            # Before the replay check: another node with our key shares our stamp record,
            # and its stamps need not be above ours (another machine's clock).
            self.same_key.heard(card)
        last = self._stamps.get(card.key)
        if last is not None and card.stamp <= last:
            return None  # a replay, or a copy of a leaving beacon already taken
        old = self._table.get(card.key)
        if card.leaving:
            if old is None and card.key not in self._kept:
                return None  # nobody we let in: nothing to remember
            self._remember(card)
            if old is None:
                return None
            del self._table[card.key]
            return Gone(card, "leaving")
        source = str(address[0])
        if old is None and not self._room(card, source):
            return None
        self._remember(card)
        sighting = Sighting(card, (source, int(address[1])), now, data)
        self._table[card.key] = sighting
        if old is not None and replace(old.card, stamp=0) == replace(card, stamp=0):
            return None  # heard again, nothing new
        return Seen(sighting)

    def _ours(self, card: Card) -> bool:
        return self.lobby is not None and card.lobby == self.lobby

    def _room(self, card: Card, source: str) -> bool:
        """Is there room for a new key's card from source (making room for a card of our
        lobby by dropping another lobby's entry)? Counts a refusal."""
        mine = [s for s in self._table.values() if s.address[0] == source]
        crowded = len(mine) >= self.max_per_source
        if not crowded and len(self._table) < self.max_entries:
            return True
        if self._ours(card):
            others = [s for s in (mine if crowded else self._table.values())
                      if not self._ours(s.card)]
            if others:
                out = min(others, key=lambda s: (s.heard, s.card.key))
                del self._table[out.card.key]
                return True
        self._reject("too many cards from one address" if crowded else "table full")
        return False

    def _remember(self, card: Card) -> None:
        """Keep the stamp of a card let in: for good for our lobby (the MAX_KEPT most
        recently first seen), for other keys while the memory allows."""
        key = card.key
        if self._ours(card) and key not in self._kept:
            self._kept[key] = None
            if len(self._kept) > MAX_KEPT:
                oldest = next(iter(self._kept))
                del self._kept[oldest]
                if oldest not in self._table:
                    self._stamps.pop(oldest, None)
        if key not in self._stamps and len(self._stamps) >= 16 * self.max_entries + len(
                self._kept):
            # Forget other lobbies' keys no longer visible: their replays can then show a
            # stale entry again, until it expires. Our lobby's stamps stay.
            for k in [k for k in self._stamps if k not in self._table and k not in self._kept]:
                del self._stamps[k]
        self._stamps[key] = card.stamp


def same_key_advice() -> str:
    """What to do when two players use one key file."""
    return ("Each player needs their own key: run with `--key FILE` (make one with "
            "`cosmic keygen --out FILE`) or with a separate COSMIC_HOME.")


class SameKeyError(SystemExit):
    """Another node signs with our key in our lobby or game and started before this one:
    this one gives way. A SystemExit, so that whoever runs the node (host, join, resume,
    the full-screen client), the process ends with this message and exit status 1, and no
    `except Exception` on the way swallows it. str() is the message; `other` is the other
    node's card."""

    def __init__(self, message: str, other: Card) -> None:
        super().__init__(f"cosmic: {message}")  # what Python prints if nobody catches it
        self.message, self.other = message, other

    def __str__(self) -> str:
        return self.message


class SameKey:
    """Notices another node that signs cards with our key in our lobby (or game).

    heard(card) is shown every card a listener opens. A card with our key and lobby but
    another instance proves another node is running once two of its cards, with
    different stamps, are stamped after we started: our own beacon heard back carries our
    instance, and the last cards of a node of ours that ended before we started (a crash,
    then `cosmic resume`), which peers may pass on for a few seconds, are older than us.
    check() says what to do about each node found: the one that started first carries
    on and is warned; the other raises SameKeyError. key_file names the key in messages.
    Memory is bounded: at most 16 other instances are tracked.
    """

    def __init__(self, card: Card, *, in_game: bool, key_file: str = "") -> None:
        if len(card.instance) != 16:
            raise ValueError("SameKey needs our card's instance (new_instance())")
        self.key, self.lobby, self.instance = card.key, card.lobby, card.instance
        self.in_game = in_game
        self.key_file = key_file
        self.started_ms = int.from_bytes(card.instance[:8], "big")
        self._first: dict[bytes, int | None] = {}  # instance -> first stamp; None: found
        self.others_heard = 0  # other instances with our key heard since we started
        self._found: list[Card] = []  # found, not yet reported by check()

    def heard(self, card: Card) -> None:
        """Take a card opened from the network (any card: the others are ignored)."""
        if card.key != self.key or card.lobby != self.lobby or card.instance == self.instance:
            return
        if card.stamp <= self.started_ms:
            return  # sent before we started: perhaps a node of ours that has ended
        if card.instance not in self._first:
            if len(self._first) >= 16:
                del self._first[next(iter(self._first))]  # the oldest tracked
            self._first[card.instance] = card.stamp
            self.others_heard += 1
            return
        first = self._first[card.instance]
        if first is not None and first != card.stamp:  # it sent twice since we started
            self._first[card.instance] = None
            self._found.append(card)

    def check(self) -> list[str]:
        """Warnings about the nodes found with our key that started after us (they give
        way). Raises SameKeyError if one started before us: this node gives way."""
        found, self._found = self._found, []
        warnings = []
        for other in found:
            if other.instance < self.instance:
                raise SameKeyError(self._stop_message(other), other)
            warnings.append(self._warning(other))
        return warnings

    def _which(self) -> str:
        fingerprint = f"key {self.key[:4].hex()}"
        return f"{self.key_file}, {fingerprint}" if self.key_file else fingerprint

    def _stop_message(self, other: Card) -> str:
        if self.in_game:
            return ("another cosmic is already playing this seat of this game with the "
                    f"same key ({self._which()}), and it started before this one (was "
                    "`cosmic resume` run twice?). This one stops, so that the seat is not "
                    "played twice; the other carries on.")
        role = ", the host" if other.seated == 1 else ""
        return (f"another cosmic uses the same key as this one ({self._which()}) in this "
                f"lobby, as {other.name or '?'}{role}, and it was there first, so this one "
                f"stops. {same_key_advice()}")

    def _warning(self, other: Card) -> str:
        if self.in_game:
            return (f"another cosmic started playing this seat too ({self._which()}); it "
                    "stops, since this one started first.")
        return (f"another cosmic came into this lobby with your key ({self._which()}), as "
                f"{other.name or '?'}; it was told to stop, since this one was here first. "
                f"{same_key_advice()}")
