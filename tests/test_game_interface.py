"""The one game interface (engine.game, engine.games): a game played through its names
alone, as the shared machinery plays it, behaves as the game's own API does."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine import games
from engine.rng import Stream


def play(rules, config, seed: bytes, limit: int = 20000):
    """A seeded random game driven only through the interface: chance from the local
    source, each acting seat choosing among its legal actions with its own knowledge."""
    source = rules.local_source(seed, len(config.colors))
    state = rules.new_game(config)
    pick = Stream(seed, "choices")
    hashes = []
    for _ in range(limit):
        p = rules.pending(state)
        if p.over:
            break
        if p.chance is not None:
            action = source.answer(p.chance)
        else:
            seat = p.seats[0]
            legal = rules.legal_actions(state, seat, source.knowledge[seat])
            action = legal[pick.below(len(legal))]
            if rules.secret(action) == "commit":
                hide = rules.secret_options(state, seat, source.knowledge[seat])
                source.knowledge[seat].selected = hide[pick.below(len(hide))] if hide else None
            source.check(action)
            data = action.to_data()
            assert rules.action_from_data(data) == action
        state, _ = rules.apply(state, action)
        hashes.append(rules.public_hash(state))
    return state, hashes


def test_cosmic_plays_through_the_interface_alone():
    rules = games.load("cosmic")
    assert rules.NAME == "cosmic" and rules.ENGINE_VERSION.startswith("cosmic-engine/")
    config = rules.config_from(("red", "blue", "yellow"), (), {"max_turns": 12})
    state, hashes = play(rules, config, b"interface")
    assert rules.outcome(state) is not None
    again, hashes2 = play(rules, config, b"interface")
    assert hashes == hashes2  # same seed and moves, same public states


def test_genesis_options_round_trip():
    rules = games.load("cosmic")
    config = rules.config_from(("red", "blue", "yellow", "green"), ("four_planets",),
                               {"aliens": ["", "?", "", ""], "max_turns": 5})
    variants, options = rules.genesis_options(config)
    assert rules.config_from(config.colors, variants, dict(options)) == config


@pytest.mark.parametrize("options, words", [
    ({"wormholes": 1}, "unknown options ['wormholes']"),
    ({"max_turns": -1}, "max_turns"),
    ({"aliens": ["", ""]}, "aliens is a list"),
])
def test_config_refuses_bad_options(options, words):
    rules = games.load("cosmic")
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        rules.config_from(("red", "blue", "yellow"), (), options)


def test_unknown_games_and_engines_are_named():
    with pytest.raises(ValueError, match="unknown game 'chess'; known: cosmic"):
        games.load("chess")
    with pytest.raises(ValueError, match="no game for engine 'chess-engine/1'"):
        games.for_engine("chess-engine/1")
    with pytest.raises(ValueError, match="this is 'cosmic-engine/2'.*the cosmic that made "
                                         "it.*nothing against any seat"):
        games.for_engine("cosmic-engine/1")
    assert games.for_engine("cosmic-engine/2") is games.load("cosmic")


def test_loading_the_registry_imports_no_game():
    """The registry names games; a game's package loads only when it is asked for."""
    code = ("import sys, engine.games, engine.game; "
            "print(sorted(m for m in sys.modules if m.startswith('engine.cosmic')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_worlds_plays_through_the_interface_alone():
    rules = games.load("worlds")
    assert rules.NAME == "worlds" and games.for_engine("worlds-engine/1") is rules
    config = rules.config_from(rules.COLOURS[:3], (), {"max_turns": 30})
    state, hashes = play(rules, config, b"interface")
    assert rules.outcome(state) is not None
    assert play(rules, config, b"interface")[1] == hashes


def test_a_local_worlds_game_journals_and_verifies():
    """A local game of the map game: its journal is signed and chained, every move is
    checked by replay, and every force card put face down opens its commitment."""
    from bots.worlds import HeuristicWorldsBot
    from node.local import LocalGame
    from node.records import record_local_game
    from protocol.game import verify_journal_bytes

    rules = games.load("worlds")
    config = rules.config_from(rules.COLOURS[:3], (), {"max_turns": 40})
    game = LocalGame(config, b"journal", [HeuristicWorldsBot(bytes([i])) for i in range(3)],
                     rules=rules)
    game.run()
    journal = record_local_game(game)
    verdict = verify_journal_bytes(journal)
    assert verdict.outcome == rules.outcome(game.state)
    assert rules.public_hash(verdict.state) == rules.public_hash(game.state)
    assert verdict.audited
    assert any(rules.secret(a) == "commit" for a in game.actions)  # conflicts were fought


def test_protocol_and_node_import_no_game_package():
    """The shared machinery reaches a game only through engine.game / engine.games."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    found = []
    for room in ("protocol", "node"):
        for path in sorted((root / room).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                found += [f"{path.relative_to(root)}: {n}" for n in names
                          if n.split(".")[:2] in (["engine", "cosmic"], ["engine", "worlds"])]
    assert found == []


def test_importing_protocol_and_node_loads_no_game_package():
    """Not only no direct import: nothing protocol/ or node/ imports at run time (the bots
    package, say) may pull a game's package in either; it loads when a genesis asks."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    modules = [".".join(p.relative_to(root).with_suffix("").parts)
               for room in ("protocol", "node") for p in sorted((root / room).rglob("*.py"))]
    modules = [m.removesuffix(".__init__") for m in modules]
    code = (f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
            "(['engine', 'cosmic'], ['engine', 'worlds']) or m.split('.')[0] == 'bots'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=root).stdout
    assert out.strip() == "[]"


def test_a_networked_worlds_genesis_deals_every_race():
    """Secret pages are a card-protocol operation (protocol/pages.py), so a networked
    genesis of the map game deals every race, the Invisible Beings included: no race is
    left out, as made and as read; a pile given with `without` still round-trips."""
    from protocol.game import config_from_genesis, make_genesis
    from protocol.keys import SigningKey

    rules = games.load("worlds")
    assert rules.NETWORK_UNSUPPORTED == () and rules.NETWORK_POOL == ()
    players = [(f"p{i}", SigningKey.generate().public) for i in range(3)]
    every = rules.config_from(rules.COLOURS[:3], (), {})
    assert rules.network_refusal(every) is None
    g = make_genesis(every, players, mode="network", rules=rules)
    assert not any(k in ("races", "without") for k, _ in g.options)
    assert config_from_genesis(g) == every
    pool = rules.config_from(rules.COLOURS[:3], (), {"without": ["tachyons"]})
    g = make_genesis(pool, players, mode="network", rules=rules)
    assert ("without", ["tachyons"]) in g.options and config_from_genesis(g) == pool
    assert rules.lobby_config(rules.lobby_options(every), 3, every.colors) == every


def test_a_worlds_lobby_id_carries_a_chosen_race_pile():
    """A hosted pile is a bit a race after the turn limit; every joiner reads the same
    config from it; bits past the last race, or a pile out of catalogue order, are
    refused."""
    rules = games.load("worlds")
    colours = rules.COLOURS[:2]
    pile = rules.canonical_pile(["tachyons", "plebs", "hive", "breeders", "searchers",
                                 "politicians", "strategists", "foundation", "gifted"])
    config = rules.config_from(colours, (), {"max_turns": 30, "races": list(pile)})
    options = rules.lobby_options(config)
    assert len(options) == 14 and options[0] == 30
    assert rules.lobby_config(options, 2, colours) == config
    every = rules.config_from(colours, (), {})
    assert rules.lobby_config(rules.lobby_options(every), 2, colours) == every
    with pytest.raises(ValueError, match="does not know"):
        rules.lobby_config(options[:-1] + bytes([options[-1] | 0x80]), 2, colours)
    with pytest.raises(ValueError, match="catalogue order"):
        rules.lobby_options(rules.config_from(colours, (), {"races": list(pile[::-1])}))
    with pytest.raises(ValueError, match="at least 9"):
        rules.lobby_config(bytes([0, 1]) + bytes(12), 2, colours)
