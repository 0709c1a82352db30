"""engine.public_hash, built piece by piece with encodings kept between states, gives
exactly the SHA-256 of the reference encoding (msgpack of engine.encode_public) for
every state of random games of several set-ups, and for states changed in place."""

from __future__ import annotations

import hashlib

import msgpack
import pytest

from engine import cosmic as engine
from bots import RandomBot
from node.local import LocalGame, game_seed


def reference_hash(state: engine.GameState) -> bytes:
    return hashlib.sha256(msgpack.packb(engine.encode_public(state), use_bin_type=True)).digest()


CONFIGS = {
    "plain5": engine.Config(5),
    "aliens5": engine.Config(5, aliens=("?",) * 5),
    "flares4": engine.Config(4, flares=True),
    "hidden3": engine.Config(3, aliens=("?",) * 3, hidden_powers=True, max_turns=12),
    "artifacts6": engine.Config(6, aliens=("?",) * 6, classic_artifacts=True, max_turns=10),
    "tech4": engine.Config(4, aliens=("?",) * 4, technology=True, hidden_powers=True,
                           max_turns=10),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_public_hash_is_the_reference_hash_in_random_games(name: str) -> None:
    cfg = CONFIGS[name]
    checked: list[int] = []
    for game in range(2):
        seed = game_seed(f"public-hash-{name}", game)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(cfg.seats)])

        def check(_action: engine.Action, state: engine.GameState) -> None:
            assert engine.public_hash(state) == reference_hash(state), state.serial
            checked.append(state.serial)

        g.run(check)
    assert len(checked) >= 200  # hundreds of states, most sharing parts with the last


def test_public_hash_sees_parts_changed_in_place() -> None:
    """What is kept by identity is only what cannot change; a dict or list changed in
    place (as scenario building does) hashes as the reference says."""
    seed = game_seed("public-hash-in-place", 0)
    g = LocalGame(engine.Config(4), seed, [RandomBot(seed + bytes([k])) for k in range(4)])
    for _ in range(60):
        g.step()
    s = g.state
    first = engine.public_hash(s)
    assert first == reference_hash(s)
    assert s.faces, "some face is public after 60 actions"
    h = next(iter(s.faces))
    s.faces[h] = s.faces[h] + 1  # same dict, same size, another face
    assert engine.public_hash(s) == reference_hash(s) != first
    s.faces[h] -= 1
    assert engine.public_hash(s) == first
    s.deck = list(s.deck)  # type: ignore[assignment]  # a list, changed in place
    assert engine.public_hash(s) == first
    s.deck.append(999)  # type: ignore[attr-defined]
    assert engine.public_hash(s) == reference_hash(s) != first
    s.ships[0] += 1
    assert engine.public_hash(s) == reference_hash(s)
