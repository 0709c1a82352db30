"""Every map-game (worlds) action a replay shows reads as words about its seat
(cli/worlds_action_words.py), never as its text form (`move 0 A F A 2`, `keep 1 57`) nor
as the client's command; a card or race chit face down at the time is never named.

Every kind the engine defines is put into words (a new kind without words fails here),
then seeded bot games at two, four and six seats are told action by action from the
position each was taken in, as the replay tells them (cli/game_ui.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bots.worlds import HeuristicWorldsBot, RandomWorldsBot
from cli.game_ui import for_rules
from cli.worlds_action_words import _DECLINE, _DISCARD, _DONE, card_name
from cli.worlds_words import POWER_WORDS
from cli.you_words import Voice
from engine import games
from engine.worlds import actions as A
from engine.worlds.actions import ACTION_KINDS
from engine.worlds.data import RACES
from node.local import LocalGame, game_seed

RULES = games.load("worlds")
UI = for_rules(RULES)
# An action's text form (`move 0 A F A 2`), or a command (`move A F A 2`, `keep race-?`).
RAW = re.compile(r"^[a-z]+(?: -?\d+)?(?: [A-Z\d,:-]+)+$|race-\?|card-\?|\bforce\d")


def _raw(words: str, a: Any) -> bool:
    return words in (a.format(), A.format_action(a)) or bool(RAW.search(words))


def _sample(cls: type[Any]) -> Any:
    """An action of this kind with small field values of its shapes, from seat 1."""
    values = {"int": 1, "world": 2, "ints": (1, 0), "pairs": ((0, 1), (1, 2))}
    return cls(1, *[values[shape] for shape in cls.SHAPES])


def _config(seats: int, turns: int) -> Any:
    return RULES.config_from(RULES.COLOURS[:seats], (), {"max_turns": turns})


@pytest.mark.parametrize("position", ["dealt", "migration"])
def test_every_action_kind_has_words(position: str) -> None:
    """Each kind of engine.worlds.actions, at the game as dealt and in a migration (steps
    no such action answers: the words fall back to the kind's own, never to its text)."""
    s = RULES.new_game(_config(3, 0))
    if position == "migration":
        seed = game_seed("worlds-words-kinds", 0)
        g = LocalGame(s.config, seed, [RandomWorldsBot(seed + bytes([k])) for k in range(3)],
                      rules=RULES)
        while g.state.step()[0] != "migration":
            g.step()
        s = g.state
    for kind, cls in sorted(ACTION_KINDS.items()):
        a = _sample(cls)
        words = UI.action_words(s, a)
        assert not _raw(words, a), (kind, words)
        assert words and words[0].islower(), (kind, words)


# (seats, turn limit, bots): the games' course reaches every kind of step a seat answers.
GAMES = [(2, 30, HeuristicWorldsBot), (4, 14, RandomWorldsBot), (6, 10, HeuristicWorldsBot)]


@pytest.mark.parametrize("seats,turns,bot", GAMES, ids=[f"{g[0]} seats" for g in GAMES])
def test_a_game_reads_in_words_and_names_no_hidden_face(seats: int, turns: int,
                                                         bot: type) -> None:
    """A seeded bot game, each action told from the position it was taken in: none in its
    text form or as a command, no step's `done`, `decline` or `discard` in the catch-all
    words; a race chit kept and the force card put face down are not named, even given
    every face any seat knows (as a revealed game's replay holds them)."""
    seed = game_seed(f"worlds-words-{seats}", 0)
    g = LocalGame(_config(seats, turns), seed, [bot(seed + bytes([k])) for k in range(seats)],
                  rules=RULES)
    told: dict[str, int] = {}
    while RULES.outcome(g.state) is None:
        before, a = g.state, g.next_action()
        known = {h: f for kn in g.source.knowledge for h, f in kn.faces.items()}
        words = UI.action_words(before, a, known)
        assert not _raw(words, a), (a.format(), words)
        told[a.KIND] = told.get(a.KIND, 0) + 1
        step = str(before.step()[0])
        told_done = Voice(before.config.colors).subject(a.seat).say(_DONE.get(step, ""))
        assert (a.KIND, step) not in {("done", x) for x in _DONE} or words == told_done
        if a.KIND == "done":
            assert step in _DONE, (step, words)
        if a.KIND == "decline":
            assert step in _DECLINE, (step, words)
        if a.KIND == "discard":
            assert step in _DISCARD, (step, words)
        if a.KIND == "keep":  # the chit stays face down until every seat kept one
            assert words == "keeps one of its four race chits, face down", words
            assert RACES[known[a.handle]].name not in words
        if a.KIND == "select":
            kn = g.source.knowledge[a.seat]
            assert words == "puts its force card face down (or none)", words
            if kn.selected is not None:
                assert card_name(kn.faces[kn.selected]) not in words
        if a.KIND == "power":  # a card handed over by a power: by a face public by then only
            for kind, v in zip(POWER_WORDS.get(RACES[a.race].key, ("", None))[0].split(),
                               a.args):
                if kind == "card" and v not in before.faces and v in known:
                    assert card_name(known[v]) not in words, words
        g.step(a)
    assert {"home", "keep", "move", "done", "draw", "attack", "select", "reveal"} <= \
        set(told), told


def test_every_step_a_done_decline_or_discard_answers_has_its_words() -> None:
    """What `done`, `decline` and `discard` mean depends on the step: each step that takes
    one has its own words (a new step without them fails here)."""
    from engine.worlds.steps import STEPS
    for kind, words in (("done", _DONE), ("decline", _DECLINE), ("discard", _DISCARD)):
        takers = {name for name, h in STEPS.items() if kind in h.kinds}
        assert takers and takers == set(words), (kind, sorted(takers ^ set(words)))


def test_an_action_is_told_by_the_step_it_answers_under_unsettled_chance() -> None:
    """A journal's replay may hold the position before the card protocol settled a chance
    (a chit to turn up, cards to deal) on top of the seat's step: the words are still the
    seat's step's (`ends its migration`, not the catch-all)."""
    seed = game_seed("worlds-words-stale", 0)
    g = LocalGame(_config(2, 0), seed, [RandomWorldsBot(seed + bytes([k])) for k in range(2)],
                  rules=RULES)
    while g.state.step()[0] != "migration":
        g.step()
    s = g.state
    seat = s.step()[1]
    stale = s.clone()
    stale.stack = stale.stack + (("reveal", (0,)), ("deliver", seat, (1, 2)))
    for a, said in ((A.Done(seat), "ends its migration"),
                    (A.Move(seat, 0, 1, 0, 2), "moves 2 tokens born on A")):
        assert UI.action_words(s, a).startswith(said)
        assert UI.action_words(stale, a).startswith(said), UI.action_words(stale, a)
