"""Flares: the catalogue keeps every old id, and random games with flares (the advanced
setup, random aliens) keep the engine's invariants at every step."""

from collections import Counter

import pytest

import engine
from bots import RandomBot
from engine import cards as C
from engine.flares import FLARE_EFFECTS, cosmic_count
from engine.powers import ALIENS
from node.local import LocalGame, game_seed
from test_invariants import check_invariants

GAMES = 200
CHUNKS = 8


def test_catalogue_ids_unchanged() -> None:
    assert C.COSMIC_DECK == tuple(range(72))
    first_flare = min(c.id for c in C.CATALOGUE if c.kind == "flare")
    assert all(c.kind == "destiny" for c in C.CATALOGUE[72:first_flare])
    twin = C.SECOND_DECK[0]  # the big tables' second cosmic deck comes last of all
    assert all(c.kind == "flare" for c in C.CATALOGUE[first_flare:twin])
    assert C.SECOND_DECK == tuple(range(twin, len(C.CATALOGUE)))
    assert sorted(set(C.FLARES) - {"filch_classic"}) == sorted(ALIENS)
    assert sorted(FLARE_EFFECTS) == ["amoeba", "filch_classic", "kamikaze"]


def test_config_flares() -> None:
    with pytest.raises(ValueError):
        engine.Config(3, flares=("filch", "filch_classic"))
    with pytest.raises(ValueError):
        engine.Config(3, flares=("nobody",))
    with pytest.raises(ValueError):
        engine.Config(3, flares=True, aliens=("human", "", ""))
    s = engine.new_game(engine.Config(3, flares=("amoeba", "kamikaze")))
    assert cosmic_count(s) == 74 and len(s.deck) == 74


def _play_chunk(chunk: int) -> Counter[tuple[str, str]]:
    """Play this chunk's games; return how often each (flare, side) was played."""
    played: Counter[tuple[str, str]] = Counter()
    for i in range(chunk, GAMES, CHUNKS):
        seats = 3 + i % 3
        seed = game_seed("flares", i)
        g = LocalGame(engine.Config(seats, flares=True, max_turns=25), seed,
                      [RandomBot(seed + bytes([k])) for k in range(seats)])
        check_invariants(g.state)
        while g.state.outcome is None:
            before = g.state
            assert engine.pending(before).seats, f"nobody can act at {before.step()}"
            for ev in g.step(g.next_action()):
                if ev[0] == "flare":  # ("flare", seat, name, side)
                    _, seat, name, side = ev
                    assert side in ("wild", "super"), ev
                    # Only the flare's own alien plays its super side.
                    owner = FLARE_EFFECTS[name].alien
                    assert side == "wild" or before.aliens[seat] == owner, (ev, before.aliens)
                    played[name, side] += 1
            check_invariants(g.state)
        assert g.state.outcome.reason in ("colonies", "turn_limit")
        assert g.state.extra["flares_in_deck"] == max(10, 2 * seats)
        assert all(g.state.aliens)
    return played


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_with_flares_keep_invariants(chunk: int) -> None:
    """Each chunk's 25 games play every flare that has an effect, by its wild side at
    least (the super sides, rarer with random aliens, have their scenarios in
    tests/scenarios/flares)."""
    played = _play_chunk(chunk)
    never = [name for name in sorted(FLARE_EFFECTS) if not played[name, "wild"]]
    assert not never, f"never played in chunk {chunk}: {never} ({dict(played)})"
