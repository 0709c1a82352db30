"""The map game's part of the replay page (cli/html_replay.py): one position of worlds as
the page's flat data, drawn by html_replay_worlds.js (the grid) inside the common page
(its controls, log, verdict and hands: html_replay.js).

What a position holds (keys "a/b" as the page flattens them):
  world/L   [square, controller colour or "", race name or "", tokens per seat] for each
            world L on the map (a square is column * 10 + row, as the engine keeps it);
  space/Q   [tokens per seat] on the deep-space square Q (no world there: Space Pilgrims);
  seats/C   [worlds controlled, tokens on the map, cards in hand] for colour C;
  conflict  the conflict under way in words (string index; -1: none), conflict_world L;
  board/i   the board in words (cli/game_ui.py `replay_board`), a line each;
  waiting, turn, active, outcome (the winners' colours), gameover (a finished game's
            verdict in words, as its text replay ends: cli/game_ui.py `headline`) and,
            once revealed, hands/C.
Every sentence is the client's (cli/worlds_render.py, cli/game_ui.py); the script words
nothing but labels. Only public facts are read, but the hands of a revealed game (the
page shows them, as the Cosmic page does, only when every face is known).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.worlds.actions import world_name
from engine.worlds.state import WORLDS, WIN_WORLDS

__all__ = ["worlds_position", "SCRIPT_FILE"]

SCRIPT_FILE = "html_replay_worlds.js"


def worlds_position(rules: Any) -> Callable[..., dict[str, Any]]:
    """The function html_replay.page_data calls for each position of a worlds game."""
    from .game_ui import WorldsUI, headline
    from .html_replay import waiting_text
    from .worlds_render import card_label, conflict_line
    from .worlds_words import race_name

    ui = WorldsUI(rules)

    def position(s: Any, strings: Callable[[str], int], totals: Any,
                 faces: Mapping[int, int] | None) -> dict[str, Any]:
        colors = s.config.colors
        flat: dict[str, Any] = {
            "turn": s.turns, "win": WIN_WORLDS,
            "active": colors[s.active] if 0 <= s.active < len(colors) else "",
            "outcome": None if s.outcome is None else [colors[w] for w in s.outcome.winners],
            "waiting": strings(waiting_text(rules, s)),
        }
        for w in range(WORLDS):
            if s.pos[w] < 0:
                continue
            owner = colors[s.control[w]] if s.control[w] >= 0 else ""
            race = race_name(s.native[w]) if s.native[w] >= 0 else ""
            if s.gifts[w]:  # the Gifted's world: its two more races
                race += " +" + ", ".join(race_name(s.faces.get(h, -1)) for h in s.gifts[w])
            flat[f"world/{world_name(w)}"] = [s.pos[w], owner, race,
                                             [s.count(w, p) for p in range(s.n)]]
        for key in sorted(s.space):
            place, p = divmod(key, s.n)
            counts = flat.setdefault(f"space/{s.square(place)}", [0] * s.n)
            counts[p] += len(s.space[key])
        for p, c in enumerate(colors):
            flat[f"seats/{c}"] = [s.controlled(p), sum(s.count(w, p) for w in range(WORLDS)),
                                  len(s.hands[p])]
        if s.outcome is not None:
            flat["gameover"] = strings(headline(ui, s))
        line = conflict_line(s)
        flat["conflict"] = strings(line) if line else -1
        flat["conflict_world"] = world_name(s.conf.world) if s.conf is not None else ""
        for i, text in enumerate(ui.replay_board(s).splitlines()):
            flat[f"board/{i}"] = strings(text)
        if faces is not None:  # every face is known: each hand, its cards' spoken names
            for p, c in enumerate(colors):
                flat[f"hands/{c}"] = [strings(card_label(faces.get(h, s.faces.get(h))))
                                      for h in s.hands[p]]
        return flat

    return position
