"""A state and its clones share the ships list and the encounter's pairs until one of
them writes (engine.cosmic.state): a write through `ships` copies the list first, the
pairs are tuples replaced whole, so no state ever sees another's change; public_hash
keeps the list it packed and still sees ships changed afterwards."""

from __future__ import annotations

import hashlib

import msgpack

from engine import cosmic as engine
from bots import RandomBot
from node.local import LocalGame, game_seed


def reference_hash(state: engine.GameState) -> bytes:
    return hashlib.sha256(msgpack.packb(engine.encode_public(state), use_bin_type=True)).digest()


def _game(moves: int) -> LocalGame:
    seed = game_seed("shared-parts", 0)
    g = LocalGame(engine.Config(4), seed, [RandomBot(seed + bytes([k])) for k in range(4)])
    for _ in range(moves):
        g.step()
    return g


def test_a_write_to_either_side_of_a_clone_leaves_the_other_alone() -> None:
    s = _game(40).state
    before = list(s.ships)
    c = s.clone()
    c.ships[0] += 3  # the clone writes: the original keeps its ships
    assert s.ships == before and c.ships[0] == before[0] + 3
    d = s.clone()
    s.ships[1] += 2  # the original writes after a clone: the clone keeps its ships
    assert d.ships == before and s.ships[1] == before[1] + 2
    assert c.ships[1] == before[1]


def test_apply_never_changes_the_ships_or_encounter_it_was_given() -> None:
    """Every state of a game keeps the ships and the encounter it had when published,
    whatever the states after it did (copies taken as it was made, compared at the end)."""
    seed = game_seed("shared-parts-game", 0)
    g = LocalGame(engine.Config(5), seed, [RandomBot(seed + bytes([k])) for k in range(5)])
    seen: list[tuple[engine.GameState, list[int], object]] = []

    def keep(_action: engine.Action, state: engine.GameState) -> None:
        enc = state.enc.encode() if state.enc is not None else None
        seen.append((state, list(state.ships), enc))

    g.run(keep)
    assert len(seen) > 300
    moved = sum(1 for (a, _, _), (b, _, _) in zip(seen, seen[1:]) if a.ships != b.ships)
    assert moved > 50  # ships moved often: copies were made and shared lists left alone
    for state, ships, enc in seen:
        assert state.ships == ships
        assert (state.enc.encode() if state.enc is not None else None) == enc


def test_public_hash_sees_ships_written_after_it_packed_them() -> None:
    g = _game(60)
    s = g.state
    first = engine.public_hash(s)
    c = s.clone()  # shares the list public_hash kept
    assert engine.public_hash(c) == first
    s.ships[0] += 1  # written after the hash: a copy, the kept list unchanged
    assert engine.public_hash(s) == reference_hash(s) != first
    assert engine.public_hash(c) == first == reference_hash(c)
    s.ships[0] -= 1
    assert engine.public_hash(s) == first


def test_encounter_pairs_are_replaced_not_changed() -> None:
    g = _game(0)
    while g.state.enc is None or g.state.enc.cards == (-1, -1):
        g.step()
    s = g.state
    assert isinstance(s.enc.cards, tuple) and isinstance(s.enc.allies, tuple)
    c = s.clone()
    assert c.enc is not s.enc and c.enc.cards is s.enc.cards
    try:
        c.enc.cards[0] = 5  # type: ignore[index]
    except TypeError:
        pass
    else:
        raise AssertionError("an encounter pair changed in place")


def test_public_hash_of_states_in_any_order_and_parts_set_by_hand() -> None:
    """The bytes kept for the encounter and the claims (public_hash keeps the last ones
    and packs only new claims) never stand for other ones: states of two games hashed
    in turn, claims cut short, an encounter pair made a list and changed in place."""
    games = []
    for k in range(2):
        seed = game_seed("shared-parts-order", k)
        g = LocalGame(engine.Config(4), seed, [RandomBot(seed + bytes([j])) for j in range(4)])
        states: list[engine.GameState] = []
        g.run(lambda _a, s: states.append(s))
        games.append(states)
    for a, b in zip(games[0][::7], games[1][::7]):
        for s in (a, b):
            assert engine.public_hash(s) == reference_hash(s)
    s = next(s for s in reversed(games[0]) if len(s.claims) > 2 and s.enc is not None)
    assert engine.public_hash(s) == reference_hash(s)
    c = s.clone()
    c.claims = c.claims[:1] + c.claims[2:]  # one left out: not the last ones plus more
    assert engine.public_hash(c) == reference_hash(c) != engine.public_hash(s)
    c.claims = s.claims + s.claims[:1]
    assert engine.public_hash(c) == reference_hash(c)
    assert c.enc is not None
    cards = [c.enc.cards[0], c.enc.cards[1]]
    c.enc.cards = cards  # type: ignore[assignment]  # a list, as a hand-made state may
    first = engine.public_hash(c)
    assert first == reference_hash(c)
    cards[0] = 12345  # changed in place after it was hashed
    assert engine.public_hash(c) == reference_hash(c) != first
