"""The Fate sees the destiny deck and arranges it (rules 004, Fate): only the Fate's seat
learns the faces, the public state learns none of them, and networked play needs no new
card operation: the look is a `deliver` of the deck's cards to the Fate (every other seat
publishes proven decryption shares; the Fate adds its own privately), and the arrangement
is a public order of opaque handles.

Local games check the knowledge the card source hands out; an in-process networked game
with real crypto checks that the other seats' sources learn nothing, that every seat ends
with the same public state, that the Fate's knowledge is true by the end-of-game audit,
and that the record replays.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic.scenario import run_scenario
from protocol.cards_inprocess import InProcessGame
from protocol.cards_source import replay_game

SCENARIOS = Path(__file__).parent / "scenarios" / "aliens"
FATE = 2  # yellow in the scenarios


def test_the_fate_alone_sees_the_reshuffled_deck() -> None:
    text = (SCENARIOS / "fate.toml").read_text()
    first = text.split("[[step]]")[0] + "[[step]]\ndo = [\"red proceed\"]\n"
    res = run_scenario(first)
    assert res.ok, res.failures
    s, src = res.state, res.source
    assert s.step()[0] == "fate_arrange" and len(s.destiny_deck) == 14
    fate = src.knowledge[FATE].faces
    assert all(fate[h] == src.truth[h] for h in s.destiny_deck)
    for seat in (0, 1):
        assert not set(s.destiny_deck) & set(src.knowledge[seat].faces)
    assert not set(s.destiny_deck) & set(s.faces), "the look must not make faces public"


def test_a_zapped_fate_sees_nothing() -> None:
    res = run_scenario((SCENARIOS / "fate_zapped.toml").read_text())
    assert res.ok, res.failures
    s, src = res.state, res.source
    assert not set(s.destiny_deck) & set(src.knowledge[FATE].faces)


CONFIG = engine.Config(3, aliens=("fate", "", ""), planets=4, max_turns=14)
TRIES = 10  # games tried until one has the Fate arrange at setup and at a reshuffle


@functools.cache
def _networked() -> tuple[InProcessGame, list[tuple[tuple[int, ...], list[dict[int, int]]]],
                          dict[int, int]]:
    """A whole networked game with the Fate at seat 0 that reshuffles the destiny deck at
    least once; for each arrangement finished, the deck then (top first) and every seat's
    knowledge. (Which game reshuffles depends on the rules data, so a few are tried.)"""
    for k in range(TRIES):
        names = [b"fate" + bytes([5 + k, i]) for i in range(3)]
        secret = [hashlib.sha256(b"fate secret " + n).digest() for n in names]
        game = InProcessGame(CONFIG, names, [RandomBot(n + b"bot") for n in names],
                             secret_seeds=secret)
        seen: list[tuple[tuple[int, ...], list[dict[int, int]]]] = []
        while True:
            before = game.state.step()[0]
            if not game.step():
                break
            if before == "fate_arrange" and game.state.step()[0] != "fate_arrange":
                seen.append((tuple(reversed(game.state.destiny_deck)),
                             [dict(src.knowledge.faces) for src in game.sources]))
        faces = game.finish()
        if len(seen) >= 2:
            return game, seen, faces
    raise AssertionError(f"no game of {TRIES} had the Fate arrange twice")


def test_networked_fate_sees_the_deck_and_nobody_else_does() -> None:
    game, seen, faces = _networked()
    assert len(seen) >= 2, "the Fate arranges at setup and at every reshuffle"
    assert len({engine.public_hash(s) for s in game.states}) == 1
    for deck, knowledge in seen:
        assert all(knowledge[0][h] == faces[h] for h in deck), "the Fate knows the deck"
        for seat in (1, 2):
            assert not set(deck) & set(knowledge[seat]), f"seat {seat} learnt a face"
    for src in game.sources:  # nobody knows a face it may not, and what it knows is true
        assert all(h in game.entitled[src.seat] or h in game.state.faces
                   for h in src.knowledge.faces)
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())


def test_networked_fate_game_replays() -> None:
    game, _, faces = _networked()
    state, observer = replay_game(game.genesis, game.config, game.table.log)
    assert engine.public_hash(state) == engine.public_hash(game.state)
    assert observer.truth == faces and not observer.knowledge.faces
