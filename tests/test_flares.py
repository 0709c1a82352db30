"""Flares: the catalogue keeps every old id, and random games with flares (the advanced
setup, random aliens) keep the engine's invariants at every step."""

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from engine.cosmic.flares import FLARE_EFFECTS, cosmic_count
from engine.cosmic.powers import ALIENS
from node.local import LocalGame, game_seed
from test_invariants import check_invariants

GAMES = 200
WORKERS = 2


def test_catalogue_ids_unchanged() -> None:
    assert C.COSMIC_DECK == tuple(range(72))
    first_flare = min(c.id for c in C.CATALOGUE if c.kind == "flare")
    assert all(c.kind == "destiny" for c in C.CATALOGUE[72:first_flare])
    twin = C.SECOND_DECK[0]  # the big tables' second cosmic deck, then the classic artifacts
    assert all(c.kind == "flare" for c in C.CATALOGUE[first_flare:twin])
    assert C.SECOND_DECK == tuple(range(twin, twin + 72))
    assert C.CLASSIC_ARTIFACTS == tuple(range(twin + 72, C.TECH_CARDS[0]))
    assert C.TECH_CARDS == tuple(range(C.TECH_CARDS[0], len(C.CATALOGUE)))
    assert all(C.CATALOGUE[c].kind == "artifact" for c in C.CLASSIC_ARTIFACTS)
    # every flare is an alien's
    assert sorted(set(C.FLARES) - {"filch_classic"}) == sorted(ALIENS)  # one per alien
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


def _play(games: range) -> Counter[tuple[str, str]]:
    """Play these games; return how often each (flare, side) was played."""
    played: Counter[tuple[str, str]] = Counter()
    for i in games:
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


def test_random_games_with_flares_keep_invariants() -> None:
    """200 random games with the advanced setup keep the invariants at every step, and
    across the run every flare that has an effect is played, by its wild side at least
    (the super sides, rarer with random aliens, have their scenarios in
    tests/scenarios/flares)."""
    workers = max(1, min(WORKERS, os.cpu_count() or 1))
    played: Counter[tuple[str, str]] = Counter()
    with ProcessPoolExecutor(workers) as pool:
        for p in pool.map(_play, [range(k, GAMES, workers) for k in range(workers)]):
            played.update(p)
    never = [name for name in sorted(FLARE_EFFECTS) if not played[name, "wild"]]
    assert not never, f"never played in {GAMES} games: {never} ({dict(played)})"


# -- alien choice without flares (rules 000, Setup step 4) ------------------------------------

CHOICES = [("choose",) * 3, ("choose",) * 5, ("choose", "?", "human", "choose"),
           ("-", "choose", "zombie", "?", "choose")]


@pytest.mark.parametrize("aliens", CHOICES)
def test_chosen_aliens_are_private_until_kept_then_revealed_together(aliens) -> None:
    """Each choosing seat is dealt two flares only it sees; the kept aliens appear
    together once every chooser has kept one; every flare then goes back to the box and
    the game plays on with the ordinary cosmic deck."""
    aliens = tuple("" if a == "-" else a for a in aliens)
    seats = len(aliens)
    choosers = [k for k, a in enumerate(aliens) if a == "choose"]
    for i in range(6):
        seed = game_seed("choose", i * 10 + seats)
        g = LocalGame(engine.Config(seats, aliens=aliens, max_turns=6), seed,
                      [RandomBot(seed + bytes([k])) for k in range(seats)])
        dealt: dict[int, tuple[int, ...]] = {}
        while "choose" in g.state.aliens:
            p = engine.pending(g.state)
            if p.step == "keep_alien":
                seat = p.seats[0]
                hands = g.state.extra["flare_hands"]
                dealt[seat] = tuple(hands[seat])
                for other in range(seats):  # only the seat itself knows its two
                    known = all(h in g.source.knowledge[other].faces for h in hands[seat])
                    assert known == (other == seat), (seat, other)
                assert not any(h in g.state.faces for h in hands[seat])
                assert g.state.aliens == aliens  # nothing chosen shows yet
            g.step(g.next_action())
        chosen = g.state.aliens  # (a Reincarnator may change its alien later)
        named = {a for a in aliens if a not in ("", "?", "choose")}
        offered = {g.source.knowledge[k].faces[h] for k, pair in dealt.items() for h in pair}
        assert not {C.CATALOGUE[f].name for f in offered} & named
        while g.state.outcome is None:
            g.step(g.next_action())
            check_invariants(g.state)
        assert all(g.state.aliens[k] for k, a in enumerate(aliens) if a), g.state.aliens
        assert len(set(a for a in chosen if a)) == len([a for a in chosen if a]), chosen
        for k in choosers:  # the alien kept is one of the two dealt
            pair = {C.CATALOGUE[g.source.knowledge[k].faces[h]].name for h in dealt[k]}
            assert chosen[k] in {"filch" if n == "filch_classic" else n for n in pair}
        assert not any(key.startswith("flare") for key in g.state.extra)
        assert len(g.state.deck) + len(g.state.discard) + sum(
            len(h) for h in g.state.hands) <= len(C.COSMIC_DECK)  # no flare in play


def test_config_alien_choice() -> None:
    engine.Config(3, flares=True, aliens=("choose",) * 3)  # the advanced setup chooses too
    s = engine.new_game(engine.Config(3, aliens=("choose",) * 3))
    assert engine.pending(s).step == "shuffle" and len(s.deck) == len(C.COSMIC_DECK)
