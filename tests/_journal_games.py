"""Shared by the journal tests: short recorded local games and ways to tamper with them."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from engine import cosmic as engine
from bots import RandomBot
from node.local import LocalGame, game_seed
from node.records import local_key, record_local_game
from protocol import canonical
from protocol.envelope import Envelope, open_envelope
from protocol.game import GAME_KINDS, local_seed
from protocol.genesis import Genesis
from protocol.journal import encode_header, encode_record, parse_journal


@dataclass
class Recorded:
    game: LocalGame
    journal: bytes
    genesis: Genesis
    raws: list[bytes]

    @functools.cached_property
    def envelopes(self) -> list[Envelope]:
        return [open_envelope(r, self.genesis, GAME_KINDS) for r in self.raws]

    def rebuild(self, raws: list[bytes]) -> bytes:
        """A journal of this game's header and these envelope bytes (framed correctly)."""
        return encode_header(self.genesis) + b"".join(encode_record(r) for r in raws)

    def resign(self, index: int, change: Callable[[list[object]], None]) -> bytes:
        """Record `index` with its signed fields changed by `change`, signed again with
        the author's (local, public) key: a validly signed forgery by that seat."""
        return resign(self.genesis, self.raws[index], change)

    def first(self, kind: type[engine.Action], start: int = 0) -> int:
        """Index of the first envelope at or after start carrying an action of `kind`."""
        for i, env in enumerate(self.envelopes):
            if i >= start and env.body[0][0] == kind.KIND:
                return i
        raise LookupError(kind.KIND)


def resign(genesis: Genesis, raw: bytes, change: Callable[[list[object]], None],
           encode: Callable[[object], bytes] | None = None) -> bytes:
    decoded = canonical.decode(raw[:-64])
    assert isinstance(decoded, list)
    fields: list[object] = list(decoded)
    change(fields)
    signed = (encode or canonical.encode)(fields)  # type: ignore[arg-type]
    author = fields[2]
    assert isinstance(author, int)
    key = local_key(local_seed(genesis), author)
    return signed + key.sign(signed)


def play(seats: int, seed: bytes, max_turns: int, controllers: list[object] | None = None
         ) -> LocalGame:
    bots = controllers or [RandomBot(seed + bytes([k])) for k in range(seats)]
    g = LocalGame(engine.Config(seats, max_turns=max_turns), seed, bots)  # type: ignore[arg-type]
    g.run()
    return g


def record(game: LocalGame) -> Recorded:
    journal = record_local_game(game)
    contents = parse_journal(journal)
    return Recorded(game, journal, contents.genesis, contents.records)


@functools.lru_cache(maxsize=None)
def short_game(tag: str = "short") -> Recorded:
    """A three-seat game cut off after three turns (about a hundred records)."""
    return record(play(3, game_seed(tag, 0), 3))


def other_hash(tag: bytes = b"x") -> bytes:
    return hashlib.sha256(tag).digest()


class ClaimCheat:
    """A random bot that, once, keeps a hand without an encounter card (a false
    has_encounter claim) instead of drawing a new one."""

    def __init__(self, seed: bytes) -> None:
        self.bot = RandomBot(seed)
        self.cheated: int | None = None

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        options = engine.legal_actions(state, seat, kn)
        if (self.cheated is None and state.step()[0] == "start_turn" and options
                and isinstance(options[0], engine.NewHand)):
            self.cheated = state.serial
            return engine.Proceed(seat)
        return self.bot.choose(state, seat, kn)


class NoEncounterCheat:
    """A random bot that, once, says it has no encounter card while it holds some."""

    def __init__(self, seed: bytes) -> None:
        self.bot = RandomBot(seed)
        self.cheated: int | None = None

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        if (self.cheated is None and state.step()[0] == "planning" and state.enc is not None
                and seat == state.enc.offense):
            self.cheated = state.serial
            return engine.NoEncounter(seat)
        return self.bot.choose(state, seat, kn)
