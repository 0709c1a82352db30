"""The LAN lobby: players find a game by its signed beacon cards and agree on its genesis.

No node has authority: the host is only the first to announce. A lobby id is 16 random
bytes, a byte of variant flags and a byte of turn limit; everyone in the lobby beacons a card carrying it.
Once a node sees the host's card and enough others, it builds the genesis from those
public cards alone: the host takes seat 0, the others follow in order of their keys, the
salt is a hash of the lobby id and every key. So every node builds the same genesis, and
each seat's first signed envelope of the game (its key commitment) binds that game id:
that signature is its agreement. A player who sees a roster it does not want leaves
before the game starts (Ctrl-C), and nothing has been signed for it.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

import engine
from protocol.game import make_genesis
from protocol.genesis import Genesis
from protocol.keys import SigningKey

from .curve import CurveKeys
from .discovery import DEFAULT_PORT, Beacon, Card, Gone, Listener, Seen

__all__ = ["Lobby", "new_lobby_id", "lobby_variants", "visible_lobbies", "LobbyInfo"]

_FLAGS = ("four_planets", "single_encounter")


def new_lobby_id(variants: tuple[str, ...] = (), max_turns: int = 0) -> bytes:
    """16 random bytes, a byte of variant flags, a byte of turn limit (0: none)."""
    flags = sum(1 << i for i, v in enumerate(_FLAGS) if v in variants)
    return secrets.token_bytes(16) + bytes([flags, min(max(max_turns, 0), 255)])


def lobby_variants(lobby: bytes) -> tuple[str, ...]:
    flags = lobby[16] if len(lobby) > 16 else 0
    return tuple(v for i, v in enumerate(_FLAGS) if flags >> i & 1)


@dataclass(frozen=True)
class LobbyInfo:
    """A game visible on the LAN: its host's card and who has joined so far."""

    lobby: bytes
    host: Card
    players: int  # seats wanted
    joined: tuple[Card, ...]

    def describe(self) -> str:
        v = ", ".join(lobby_variants(self.lobby)) or "standard"
        return (f"{self.host.name}'s game ({self.lobby[:4].hex()}): {len(self.joined)}/"
                f"{self.players} seated, {v}")


def visible_lobbies(listener: Listener, wait_s: float = 2.0) -> list[LobbyInfo]:
    """Listen for `wait_s` and group the cards heard into lobbies (host = wanted > 0)."""
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        listener.receive(timeout_s=0.1)
    cards = [s.card for s in listener.games() if not s.card.leaving]
    hosts = [c for c in cards if c.seated == 1]
    out = []
    for h in hosts:
        members = [h] + sorted((c for c in cards if c.lobby == h.lobby and c.key != h.key),
                               key=lambda c: c.key)
        out.append(LobbyInfo(h.lobby, h, h.wanted, tuple(members)))
    return out


class Lobby:
    """One node's presence in a lobby, until the genesis can be built."""

    def __init__(self, key: SigningKey, name: str, lobby: bytes, players: int, *,
                 host: bool, port: int = DEFAULT_PORT, target: str = "255.255.255.255") -> None:
        self.key, self.name, self.lobby, self.players = key, name, lobby, players
        self.host = host
        curve = CurveKeys.from_seed(key.seed)
        # Before the game there is no mesh yet: `seated` 1 marks the host's card.
        self.card = Card(lobby=lobby, name=name, wanted=players, seated=1 if host else 0,
                         endpoint="tcp://127.0.0.1:1", hello="",
                         curve=curve.public, key=key.public)
        self.beacon = Beacon(key, self.card, port=port, target=target, interval_s=0.3)
        self.listener = Listener(port=port)
        self.members: dict[bytes, Card] = {key.public: self.card}

    def poll(self) -> None:
        self.beacon.tick()
        for ev in self.listener.receive(timeout_s=0.05):
            if isinstance(ev, Seen) and ev.sighting.card.lobby == self.lobby:
                card = ev.sighting.card
                if not card.leaving:
                    self.members[card.key] = card
                else:
                    self.members.pop(card.key, None)
            elif isinstance(ev, Gone):
                if ev.card.key != self.key.public:
                    self.members.pop(ev.card.key, None)

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
        variants = lobby_variants(self.lobby)
        config = engine.Config(len(roster), planets=4 if "four_planets" in variants else 5,
                               single_encounter="single_encounter" in variants,
                               max_turns=self.lobby[17] if len(self.lobby) > 17 else 0)
        salt = hashlib.sha256(b"cosmic/lobby-salt/v1\0" + self.lobby
                              + b"".join(c.key for c in roster)).digest()
        return make_genesis(config, [(c.name, c.key) for c in roster], mode="network",
                            salt=salt)

    def wait(self, timeout_s: float = 600.0,
             on_change: Callable[[list[Card]], None] | None = None) -> tuple[Genesis, int]:
        """Wait until the lobby is full; return the genesis and this node's seat.

        Raises TimeoutError if it does not fill in time."""
        end = time.monotonic() + timeout_s
        seen = 0
        while time.monotonic() < end:
            self.poll()
            if on_change is not None and len(self.members) != seen:
                seen = len(self.members)
                on_change(sorted(self.members.values(), key=lambda c: (c.seated != 1, c.key)))
            roster = self.roster()
            if roster is not None and any(c.key == self.key.public for c in roster):
                # Keep announcing a little so the last joiner's peers see the full lobby.
                stop = time.monotonic() + 1.0
                while time.monotonic() < stop:
                    self.poll()
                roster = self.roster() or roster
                seat = [c.key for c in roster].index(self.key.public)
                return self.genesis(roster), seat
        raise TimeoutError("the lobby did not fill in time")

    def close(self) -> None:
        self.beacon.close()
        self.listener.close()
