"""The games this build can play, by name: the one place a name becomes a game.

The shared machinery (protocol/, node/, cli/, bots/) reaches a game only through
`load(name)` or `for_engine(version)`, and only through the names of
`engine.game.Rules`. A game's package is imported when it is first asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, cast

from .game import Rules

__all__ = ["GAMES", "CODES", "DEFAULT", "load", "for_engine"]

# name -> the module that plugs the game in
GAMES = {"cosmic": "engine.cosmic.rules", "worlds": "engine.worlds.rules"}
# name -> the byte a lobby id names the game by (node.lobby); never reuse one
CODES = {"cosmic": 0, "worlds": 1}
DEFAULT = "cosmic"

if TYPE_CHECKING:  # mypy holds every game's plug to the interface
    from .cosmic import rules as _cosmic
    from .worlds import rules as _worlds

    _COSMIC: Rules = _cosmic
    _WORLDS: Rules = _worlds


def load(name: str) -> Rules:
    """The game called `name`. Raises ValueError naming the games there are."""
    module = GAMES.get(name)
    if module is None:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}")
    return cast(Rules, import_module(module))


def for_engine(version: str) -> Rules:
    """The game whose engine version is `version` ("NAME-engine/N", as a genesis records
    it). Raises ValueError when no game of this build has that exact version."""
    name = version.split("-engine/", 1)[0]
    if name not in GAMES:
        raise ValueError(f"no game for engine {version!r}; known: {', '.join(sorted(GAMES))}")
    rules = load(name)
    if rules.ENGINE_VERSION != version:
        raise ValueError(f"made by engine {version!r}; this is {rules.ENGINE_VERSION!r}, "
                         f"whose rules differ: check it with the cosmic that made it (this "
                         f"says nothing against any seat)")
    return rules
