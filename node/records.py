"""Signed journals of local games: every seat's key held in this process, from the seed.

A local game (node.local.LocalGame) has one seeded card source and no network; its
journal is still a real one - genesis, signed and chained envelopes, card commitments -
so `cosmic verify` and `cosmic replay` work on it. Local mode is for simulations and
hotseat play, not secrecy: the seed is public in the genesis, and the keys and the
commitment nonces are derived from it too, so the same seed gives the same journal
bytes, byte for byte:

    seat key   Ed25519 seed SHA-256(b"cosmic/local-key/v1"   || seed || u16 seat)
    nonce      SHA-256(b"cosmic/local-nonce/v1" || seed || u32 index of the envelope)
    salt       SHA-256(b"cosmic/local-salt/v1"  || seed)

Anyone holding the journal can forge a local game's envelopes: its signatures prove
that the bytes are intact and the game is legal, not who played it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

from node.journal_file import write_file_atomic
from node.local import LocalGame
from protocol.envelope import ZERO_HASH
from protocol.errors import LocalProtocolError
from protocol.game import card_commitment, make_genesis, seal_action
from protocol.journal import journal_bytes
from protocol.keys import SigningKey

__all__ = ["local_key", "record_local_game", "write_local_journal", "journal_name"]

_KEY_TAG = b"cosmic/local-key/v1"
_NONCE_TAG = b"cosmic/local-nonce/v1"
_SALT_TAG = b"cosmic/local-salt/v1"


def local_key(seed: bytes, seat: int) -> SigningKey:
    """The signing key of `seat` in the local game of `seed` (public knowledge)."""
    return SigningKey.from_seed(hashlib.sha256(_KEY_TAG + seed + seat.to_bytes(2, "big")).digest())


def _nonce(seed: bytes, index: int) -> bytes:
    return hashlib.sha256(_NONCE_TAG + seed + index.to_bytes(4, "big")).digest()


def record_local_game(game: LocalGame, names: Sequence[str] | None = None) -> bytes:
    """The complete journal of a local game so far: header and one envelope per player
    action, signed with the seats' local keys. Same seed and actions, same bytes.

    Raises LocalProtocolError if an action cannot be sealed (e.g. a committing move,
    Cosmic's Select, whose secret the game did not record) and IllegalAction if the
    game's actions do not replay.
    """
    config, seed, rules = game.config, game.seed, game.rules
    if names is None:
        names = [c.capitalize() for c in config.colors]
    keys = [local_key(seed, seat) for seat in range(config.seats)]
    genesis = make_genesis(
        config, [(name, key.public) for name, key in zip(names, keys)], mode="local",
        seed=seed, salt=hashlib.sha256(_SALT_TAG + seed).digest(), rules=rules,
    )
    handles = game.selected
    links = [(1, ZERO_HASH)] * config.seats
    nonces: dict[int, bytes] = {}  # seat -> nonce of its face-down card
    raws: list[bytes] = []
    state = rules.new_game(config)
    for i, action in enumerate(game.actions):
        seat = action.seat
        if seat != rules.SOURCE:  # chance facts are derived by every reader, not sent
            extra = b""
            secret = rules.secret(action)
            if secret == "page":  # a secret page, in the clear (local games hide nothing)
                if i not in game.pages:
                    raise LocalProtocolError("commitment", f"no page for action {i}")
                extra = bytes(game.pages[i])
            elif secret == "commit":
                if i not in handles:
                    raise LocalProtocolError("commitment", f"no face-down card for action {i}")
                nonce = nonces[seat] = _nonce(seed, len(raws))
                extra = card_commitment(genesis.game_id, seat, handles[i], nonce)
            elif secret == "open" or (
                    secret == "give" and rules.face_down_handover(state) == seat):
                if seat not in nonces:
                    raise LocalProtocolError("commitment", f"action {i} reveals no Select")
                extra = nonces.pop(seat)
            seq, prev = links[seat]
            env, raw = seal_action(genesis, keys[seat], seq, prev, state, action, extra)
            links[seat] = (seq + 1, env.hash)
            raws.append(raw)
        state, _ = rules.apply(state, action)
    return journal_bytes(genesis, raws)


def journal_name(index: int) -> str:
    """The file name of game number `index` of a run: game-0001.journal for 1."""
    return f"game-{index:04d}.journal"


def write_local_journal(game: LocalGame, directory: str | os.PathLike[str], index: int,
                        names: Sequence[str] | None = None) -> Path:
    """Write the journal of a local game as DIRECTORY/game-NNNN.journal (NNNN = index,
    as given: pass 1 for a run's first game); replaces a file of that name atomically.
    Creates the directory if needed. Returns the path."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    return write_file_atomic(d / journal_name(index), record_local_game(game, names))
