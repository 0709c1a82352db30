"""Every Cosmic action a replay shows reads as words about its seat (cli/action_words.py),
never as the action's text form (`launch 0 planet=9 ships=0:1,3:3`); a card face down at
the time is never named.

Every kind the engine defines is put into words (a new kind without words fails here),
then seeded games of random bots over the setups and variants are told action by action
from the position each was taken in, as the replay tells them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bots import RandomBot
from cli.action_words import action_words
from cli.game_ui import for_rules
from cli.render import card_label
from engine import cosmic as engine
from engine import games
from engine.cosmic.actions import ACTION_KINDS
from node.local import LocalGame, game_seed

# An action's text form: its kind, its seat, then key=value fields.
RAW = re.compile(r"^[a-z]+ -?\d+(?: [a-z_]+=\S*)*$")
# Fields that name a card by handle, whose face a replay may not show unless public.
HIDDEN_HANDLES = {"give": "handles", "keeptech": "handle", "research": "handle",
                  "complete": "handle", "abandon": "handle"}


def _raw(words: str, a: Any) -> bool:
    return words == a.format() or "=" in words or bool(RAW.match(words))


def _sample(cls: type[Any]) -> Any:
    """An action of this kind with small field values of its shapes, from seat 1."""
    values = {"int": 1, "ints": (1, 0), "pairs": ((0, 1), (1, 2))}
    return cls(1, *[values[shape] for shape in cls.SHAPES])


@pytest.mark.parametrize("position", ["dealt", "launch"])
def test_every_action_kind_has_words(position: str) -> None:
    """Each kind of engine.cosmic.actions, at the game as dealt and at a launch (steps no
    such action answers: the words fall back to the kind's own, never to its text)."""
    s = engine.new_game(engine.Config(3, aliens=("oracle", "mind", "null")))
    if position == "launch":
        seed = game_seed("words-launch", 0)
        g = LocalGame(s.config, seed, [RandomBot(seed + bytes([k])) for k in range(3)])
        while g.state.step()[0] != "launch":
            g.step()
        s = g.state
    for kind, cls in sorted(ACTION_KINDS.items()):
        a = _sample(cls)
        words = action_words(s, a)
        assert not _raw(words, a), (kind, words)
        assert words and words[0].islower() or kind == "power", (kind, words)


CONFIGS = [
    ("random aliens", engine.Config(4, aliens=("?",) * 4)),
    ("flares", engine.Config(3, flares=True)),
    ("technology", engine.Config(4, aliens=("?",) * 4, technology=True)),
    ("two players", engine.Config(2, aliens=("?", "?"), two_player=True)),
    ("teams", engine.Config(4, aliens=("?",) * 4, teams=True)),
    ("hidden, rotating", engine.Config(5, aliens=("?",) * 5, hidden_powers=True,
                                       rotating_powers=True)),
    ("ten seats", engine.Config(10, aliens=("?",) * 10)),
]


@pytest.mark.parametrize("name,config", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_a_game_reads_in_words_and_names_no_hidden_card(name: str, config: Any) -> None:
    """Up to 1200 actions of a seeded random game: each told from the position it was
    taken in, as the replay tells it (the game's words, cli/game_ui.py), none in its
    text form; a card put face down, given or kept face down is not named."""
    ui = for_rules(games.load("cosmic"))
    seed = game_seed(f"words-{name}", 0)
    g = LocalGame(config, seed, [RandomBot(seed + bytes([k])) for k in range(config.seats)])
    told: dict[str, int] = {}
    for _ in range(1200):
        if g.state.outcome is not None:
            break
        before, a = g.state, g.next_action()
        # Even given every face any seat knows (as a revealed game's replay holds them),
        # the words name only what is public at the action's position.
        known = {h: f for kn in g.source.knowledge for h, f in kn.faces.items()}
        words = ui.action_words(before, a, known)
        assert not _raw(words, a), (a.format(), words)
        told[a.KIND] = told.get(a.KIND, 0) + 1
        if a.KIND == "select":  # the face is its holder's alone
            kn = g.source.knowledge[a.seat]
            assert words.startswith("puts a card face down"), words
            assert card_label(kn.faces[kn.selected]) not in words
        field = HIDDEN_HANDLES.get(a.KIND)
        if field is not None:
            value = getattr(a, field)
            for h in value if isinstance(value, tuple) else (value,):
                face = known.get(h)
                if h not in before.faces and face is not None:
                    assert card_label(face) not in words, (a.format(), words)
        g.step(a)
    assert {"launch", "pass", "select", "reveal"} <= set(told), told
