"""The LAN lobby: players find a game by its signed beacon cards and agree on its genesis.

No node has authority: the host is only the first to announce. A lobby id carries the
game and its options (new_lobby_id, lobby_config): 16 random bytes, a byte naming the
game (engine.games.CODES: 0 Cosmic), then the game's own option bytes (its
`lobby_options`; Cosmic's: the flags (every variant), a byte of turn limit, one byte
per seat's alien or none; engine/cosmic/rules.py says which). Everyone in
the lobby beacons a signed card carrying it, with the colour they ask for, so every
player sees the options before confirming (cli/cmd_join.py lobby_words, Proposal.describe).

Once a node sees the host's card and enough others, it proposes the genesis built from
those public cards alone: the host takes seat 0, the others follow in order of their keys;
colours go in seat order, each to the first who asked for it, the rest take the first
free ones; the salt is a hash of the lobby id and every key. So every node proposes the
same genesis. Each player is shown it and confirms (or declines and leaves); a
confirmation is the player's signed card carrying the proposal's game id. When every seat
has confirmed that same id, the game starts. If the roster changes before then (someone
leaves, a latecomer sorts before another), the proposal changes and everyone is asked
again: a confirmation binds one exact genesis, never a roster that has since changed.

A confirmed player's leaving card still carries its confirmation (it left the lobby to
play), so it counts; one who declines leaves with none.

One key is one player: a card signed with our key is never a member. If another node with
our key is in the lobby (the same key file used twice on one machine), the one that came
later stops with SameKeyError and the other is warned (discovery.SameKey). A member is one
run of a node (its card's instance): a leaving card of another run with the member's key
(the one told to stop) does not take the member out of the lobby.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from typing import Any

from engine import games
from engine.game import Rules
from protocol.errors import ProtocolError, RemoteProtocolError
from protocol.game import config_from_genesis, game_of, make_genesis
from protocol.genesis import SEAT_NAME, Genesis
from protocol.keys import SigningKey

from .curve import CurveKeys
from .discovery import (DEFAULT_PORT, Beacon, Card, Gone, Listener, SameKey, Seen,
                        new_instance)

__all__ = ["Lobby", "LobbyError", "LobbyInfo", "Proposal", "MAX_LOBBY_TURNS", "new_lobby_id",
           "lobby_config", "options_text", "parse_peer", "probe_card", "seat_colours",
           "visible_lobbies", "games_under_way"]

MAX_LOBBY_TURNS = 255  # Cosmic's turn limit is one byte of the lobby id
PROBE = b"?"  # the lobby id of a node asking for games by unicast (see probe_card)
RUN_HEARD_S = 2.0  # a member's run not heard this long (beacons: every 0.3 s) has ended


def new_lobby_id(config: Any = None, rules: Rules | None = None) -> bytes:
    """A new lobby id announcing the game (`rules`, Cosmic unless given) and the options
    of `config` (its colours are not announced: the lobby gives them). Raises ValueError
    for options a lobby cannot announce (Cosmic: a turn limit above MAX_LOBBY_TURNS), and
    for any the option bytes would not carry back: every joiner's node builds the genesis
    from the lobby id alone, so an option lost on the way would start a game other than
    the one the host asked for, with no one told."""
    game = rules if rules is not None else games.load(games.DEFAULT)
    if config is None:
        config = game.config_from(game.COLOURS[:2], (), {})
    options = game.lobby_options(config)
    announced = game.lobby_config(options, config.seats, tuple(config.colors))
    if announced != config:
        raise ValueError(f"a hosted game cannot announce all of these options yet: asked "
                         f"for {game.options_text(config)}, the lobby would carry only "
                         f"{game.options_text(announced)} (`cosmic play` plays them all)")
    return secrets.token_bytes(16) + bytes([games.CODES[game.NAME]]) + options


def lobby_game(lobby: bytes) -> Rules:
    """The game a lobby id announces. Raises ValueError if this build has no such game."""
    if len(lobby) < 17:
        raise ValueError("a lobby id without its game")
    names = [n for n, c in games.CODES.items() if c == lobby[16]]
    if not names:
        raise ValueError(f"a game this version does not know (code {lobby[16]})")
    return games.load(names[0])


def lobby_config(lobby: bytes, seats: int, colors: tuple[str, ...] = ()) -> Any:
    """The game a lobby id announces, for `seats` seats (and these colours). Raises
    ValueError if it does not read (another version's, or a forged one)."""
    game = lobby_game(lobby)
    return game.lobby_config(lobby[17:], seats, colors or game.COLOURS[:seats])


def options_text(config: Any, rules: Rules | None = None) -> str:
    """The options of a game in a few words, as every player is shown them."""
    game = rules if rules is not None else games.load(games.DEFAULT)
    return game.options_text(config)


def _seatable(card: Card) -> bool:
    """Can this card's player sit in a genesis? A beacon may carry a name (up to 40
    characters, or none) that a seat may not: such a card never joins a lobby, where
    once a joiner's 33-character name failed every member's start of the game."""
    try:
        SEAT_NAME.check(card.name)
    except ProtocolError:
        return False
    return True


@dataclass(frozen=True)
class LobbyInfo:
    """A game visible on the LAN: its host's card and who has joined so far."""

    lobby: bytes
    host: Card
    players: int  # seats wanted
    joined: tuple[Card, ...]

    def asked(self) -> list[str]:
        """Colours asked for so far, in seat order (the first asker gets each)."""
        return [c.colour for c in self.joined if c.colour]

    def free(self) -> list[str]:
        return [c for c in lobby_game(self.lobby).COLOURS if c not in self.asked()]

    def config(self) -> Any:
        """The game announced (colours not yet given). Raises ValueError if unreadable."""
        return lobby_config(self.lobby, self.players)


def probe_card(key: SigningKey, name: str) -> Card:
    """The card of a node looking for games: lobbies heard from it answer it directly."""
    return Card(lobby=PROBE, name=name, wanted=0, seated=0, endpoint="tcp://127.0.0.1:1",
                hello="", curve=CurveKeys.from_seed(key.seed).public, key=key.public)


def visible_lobbies(listener: Listener, wait_s: float = 2.0,
                    probe: Beacon | None = None) -> list[LobbyInfo]:
    """Listen for `wait_s` and group the cards heard into lobbies (host = wanted > 0).
    A probe beacon (of a probe_card), if given, is sent meanwhile."""
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        if probe is not None:
            probe.tick()
        listener.receive(timeout_s=0.1)
    cards = [s.card for s in listener.games() if not s.card.leaving]
    hosts = [c for c in cards if c.seated == 1]
    out = []
    for h in hosts:
        members = [h] + sorted((c for c in cards if c.lobby == h.lobby and c.key != h.key),
                               key=lambda c: c.key)
        out.append(LobbyInfo(h.lobby, h, h.wanted, tuple(members)))
    return out


def games_under_way(listener: Listener) -> list[tuple[bytes, list[str]]]:
    """The games heard being played (their nodes beacon a card naming the game id, every
    seat taken; node/runner.py): each game id's first bytes and its players' names. They
    take nobody new: a joiner is told so rather than that there is no game at all."""
    games: dict[bytes, list[str]] = {}
    for sighting in listener.games():
        card = sighting.card
        if len(card.lobby) == 16 and card.wanted and card.seated == card.wanted \
                and not card.leaving:
            games.setdefault(card.lobby, []).append(card.name)
    return [(game, sorted(names)) for game, names in games.items()]


class LobbyError(Exception):
    """The lobby ended without a game for this node: declined, filled without it, or its
    host left."""


@dataclass(frozen=True)
class Proposal:
    """The genesis every member builds from the cards seen, this node's seat in it (or
    None if the seats went to others), and the keys that have confirmed it."""

    genesis: Genesis
    seat: int | None
    agreed: tuple[bytes, ...]

    @property
    def complete(self) -> bool:
        return len(self.agreed) == self.genesis.n_seats

    def describe(self) -> str:
        """The seats, then the options (read back from the genesis itself)."""
        seats = ", ".join(f"{s.colour} {s.name} (key {s.key[:4].hex()})"
                          for s in self.genesis.seats)
        try:
            options = options_text(config_from_genesis(self.genesis), game_of(self.genesis))
        except RemoteProtocolError as exc:
            options = f"options this version cannot play ({exc.message})"
        return f"{seats}; {options}"


def seat_colours(roster: list[Card], colours: tuple[str, ...] = ()) -> list[str]:
    """Colours in seat order (of the game's `colours`; Cosmic's by default): each to the
    first who asked for it, then the free ones."""
    colours = colours or games.load(games.DEFAULT).COLOURS
    chosen: list[str] = []
    for card in roster:
        wanted = card.colour if card.colour in colours and card.colour not in chosen else ""
        chosen.append(wanted)
    free = iter(c for c in colours if c not in chosen)
    return [c or next(free) for c in chosen]


def parse_peer(text: str, port: int) -> tuple[str, int]:
    """HOST or HOST:PORT (a udp:// or tcp:// prefix is allowed): a peer's host, and the
    port given or `port`."""
    text = text.removeprefix("udp://").removeprefix("tcp://")
    host, sep, p = text.rpartition(":")
    if not sep:
        return text, port
    if not p.isdigit() or not 0 < int(p) < 65536:
        raise ValueError(f"{text!r}: a peer is HOST or HOST:PORT")
    return host, int(p)


class Lobby:
    """One node's presence in a lobby, until its genesis is agreed."""

    def __init__(self, key: SigningKey, name: str, lobby: bytes, players: int, *,
                 host: bool, port: int = DEFAULT_PORT, target: str = "255.255.255.255",
                 colour: str = "", peers: tuple[str, ...] = (), listen: str = "",
                 key_file: str = "") -> None:
        game = lobby_game(lobby)  # raises ValueError for a game we cannot play
        if colour and colour not in game.COLOURS:
            raise ValueError(f"unknown colour {colour!r} (one of {', '.join(game.COLOURS)})")
        lobby_config(lobby, players)  # raises ValueError for options we cannot play
        self.key, self.name, self.lobby, self.players = key, name, lobby, players
        self.host = host
        curve = CurveKeys.from_seed(key.seed)
        # Before the game there is no mesh yet: `seated` 1 marks the host's card.
        self.card = Card(lobby=lobby, name=name, wanted=players, seated=1 if host else 0,
                         endpoint="tcp://127.0.0.1:1", hello="",
                         curve=curve.public, key=key.public, colour=colour,
                         instance=new_instance())
        self.beacon = Beacon(key, self.card, port=port, target=target, interval_s=0.3,
                             source=listen)
        for peer in peers:
            self.beacon.add_target(*parse_peer(peer, port))
        # key_file names the key in what we say about another node with the same key.
        self.same_key = SameKey(self.card, in_game=False, key_file=key_file)
        self.listener = Listener(port=port, bind=listen, same_key=self.same_key)
        self.members: dict[bytes, Card] = {key.public: self.card}
        self.addresses: dict[bytes, str] = {}  # where each member was heard from
        self._live: dict[bytes, float] = {}  # key -> when its member's run was last heard
        self.started = False
        # Why this lobby can no longer make a game ("": it still can). The lobby id is the
        # host's alone, so a host that left without confirming a game took it along.
        self.closed = ""

    def poll(self) -> None:
        if self.beacon.tick():
            for sighting in self.listener.games():  # members that only hear us hear of
                if sighting.card.lobby == self.lobby:  # each other
                    self.beacon.forward(sighting.data)
        events = self.listener.receive(timeout_s=0.05)
        self._hear_runs()
        for ev in events:
            if not _seatable(ev.sighting.card if isinstance(ev, Seen) else ev.card):
                continue
            if isinstance(ev, Seen):
                card = ev.sighting.card
                if card.lobby == PROBE:  # someone looking for games by address
                    self.beacon.add_target(ev.sighting.address[0])
                elif card.lobby == self.lobby and card.key != self.key.public:
                    if self._later_run(card):
                        continue
                    self.members[card.key] = card
                    self._live[card.key] = ev.sighting.heard
                    self.addresses[card.key] = ev.sighting.address[0]
                    # Answer where we heard it: a peer that reached us by unicast may
                    # not hear our broadcast.
                    self.beacon.add_target(ev.sighting.address[0])
            elif isinstance(ev, Gone) and ev.card.key in self.members \
                    and ev.card.key != self.key.public:
                if ev.card.instance != self.members[ev.card.key].instance:
                    continue  # another run with that key (told to stop), not the member
                self._live.pop(ev.card.key, None)
                if ev.card.agree:  # it confirmed a game and went to play it
                    self.members[ev.card.key] = replace(ev.card, leaving=False)
                else:
                    if ev.reason == "leaving" and self.members[ev.card.key].seated == 1:
                        self.closed = (f"{ev.card.name or 'the host'} (the host) left the "
                                       "lobby: this game is off (`cosmic join` finds "
                                       "another)")
                    del self.members[ev.card.key]

    def _later_run(self, card: Card) -> bool:
        """Is this card from a run of a member's key that started after the member's run,
        while the member's run is still heard? Then it is the same key used twice, and the
        later run is being told to stop (discovery.SameKey): the member stays as it was.
        A run not heard for RUN_HEARD_S (a crash) gives way to the new one."""
        member = self.members.get(card.key)
        if member is None or member.instance == card.instance:
            return False
        heard = self._live.get(card.key)
        return card.instance > member.instance and heard is not None \
            and time.monotonic() - heard < RUN_HEARD_S

    def _hear_runs(self) -> None:
        """Note when each member's run was last heard (see _later_run); a member's key
        heard only from another run once the member's has gone quiet (a crash, then the
        player came back) is that new run's."""
        now = time.monotonic()
        for sighting in self.listener.games():  # the card heard last for each key
            card = sighting.card
            member = self.members.get(card.key)
            if member is None or card.lobby != self.lobby or card.key == self.key.public \
                    or not _seatable(card):
                continue
            if card.instance == member.instance:
                self._live[card.key] = sighting.heard
            elif card.key not in self._live or now - self._live[card.key] >= RUN_HEARD_S:
                self.members[card.key] = card
                self.addresses[card.key] = sighting.address[0]
                self._live[card.key] = sighting.heard

    def roster(self) -> list[Card] | None:
        """The seats in order, once the host and enough players are here; else None."""
        hosts = [c for c in self.members.values() if c.seated == 1]
        if len(hosts) != 1:
            return None
        others = sorted((c for c in self.members.values() if c.seated != 1),
                        key=lambda c: c.key)
        if len(others) + 1 < self.players:
            return None
        return [hosts[0]] + others[: self.players - 1]

    def genesis(self, roster: list[Card]) -> Genesis:
        """The genesis every member builds from the same cards."""
        game = lobby_game(self.lobby)
        config = lobby_config(self.lobby, len(roster),
                              tuple(seat_colours(roster, game.COLOURS)))
        salt = hashlib.sha256(b"cosmic/lobby-salt/v1\0" + self.lobby
                              + b"".join(c.key for c in roster)).digest()
        return make_genesis(config, [(c.name, c.key) for c in roster], mode="network",
                            salt=salt, rules=game)

    def proposal(self) -> Proposal | None:
        """The game the cards seen so far make, once the lobby is full."""
        roster = self.roster()
        if roster is None:
            return None
        genesis = self.genesis(roster)
        keys = [c.key for c in roster]
        seat = keys.index(self.key.public) if self.key.public in keys else None
        agreed = tuple(c.key for c in roster if c.agree == genesis.game_id)
        return Proposal(genesis, seat, agreed)

    def confirm(self, game_id: bytes) -> None:
        """Sign and announce that we play the game with this id (b"": withdraw)."""
        if self.card.agree != game_id:
            self.card = replace(self.card, agree=game_id)
            self.beacon.update(self.card)
            self.members[self.key.public] = self.card

    def wait(self, timeout_s: float = 600.0,
             on_change: Callable[[list[Card]], None] | None = None,
             decide: Callable[[Proposal], bool | None] = lambda p: True,
             on_warning: Callable[[str], None] | None = None,
             on_confirm: Callable[[Proposal | None], None] | None = None,
             ) -> tuple[Genesis, int]:
        """Wait until every seat has confirmed one genesis; return it and our seat.

        decide(proposal) is asked (again and again, until it answers) whether we play
        the proposed game: True confirms, False declines, None is not yet. on_warning is
        told of another node with our key that came into the lobby after us (it stops;
        we go on), and of an address our beacons cannot be sent to (once each).
        on_confirm is told each proposal we confirm, just before the confirmation is
        announced, and None when we withdraw it (the proposal changed): once announced,
        the others may start the game with us even if we never hear their last
        confirmation, so what our seat needs to join it later (its journal) must exist
        by then. Raises LobbyError if we decline, the game fills without us or the
        host leaves without confirming (its lobby can make no game then),
        SameKeyError if another node with our key was here first, TimeoutError if no
        game is agreed in time."""
        end = time.monotonic() + timeout_s
        seen: list[tuple[bytes, str]] = []
        told: set[tuple[str, int]] = set()  # addresses our beacons cannot reach, said

        def withdraw() -> None:
            if self.card.agree and on_confirm is not None:
                on_confirm(None)
            self.confirm(b"")
        while time.monotonic() < end:
            self.poll()
            if self.closed and not self.host:
                withdraw()
                raise LobbyError(self.closed)
            for warning in self.same_key.check():
                if on_warning is not None:
                    on_warning(warning)
            for address, why in self.beacon.unreachable():
                if address not in told and on_warning is not None:
                    told.add(address)
                    on_warning(f"this lobby's beacons cannot be sent to {address[0]} (port "
                               f"{address[1]}): {why}. Nobody there sees this lobby; check "
                               "--target, --listen and --peer.")
            now = sorted((c.key, c.colour) for c in self.members.values())
            if on_change is not None and now != seen:
                on_change(sorted(self.members.values(), key=lambda c: (c.seated != 1, c.key)))
            seen = now
            prop = self.proposal()
            if prop is None or prop.seat is None:
                withdraw()  # whatever we confirmed is no longer on offer
                if prop is not None and prop.complete:
                    raise LobbyError("the game filled without you")
                continue
            game_id = prop.genesis.game_id
            if self.card.agree != game_id:
                withdraw()
                answer = decide(prop)
                if answer is False:
                    raise LobbyError("you declined the game")
                if answer:
                    if on_confirm is not None:
                        on_confirm(prop)
                    self.confirm(game_id)
                continue
            if prop.complete:
                # Keep announcing a little so that every member sees every confirmation.
                self.started = True
                stop = time.monotonic() + 1.0
                while time.monotonic() < stop:
                    self.poll()
                return prop.genesis, prop.seat
        raise TimeoutError("no game was agreed in time")

    def close(self) -> None:
        """Leave the lobby: a node that did not start a game withdraws its confirmation."""
        if not self.started:
            self.confirm(b"")
        self.beacon.leave()
        self.beacon.close()
        self.listener.close()
