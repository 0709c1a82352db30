"""Team play's progress (rules 004, Team Play) is counted once, by the engine: the
board's `teams:` line and `cosmic replay --json` read engine.cosmic.flow
`external_colonies`, `team_colonies` and `team_goal`, and `check_win` uses the same
count. A colony in the teammate's home system counts for neither; a planet both hold
counts once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bots import RandomBot
from cli.render import board_text, public_summary
from engine import cosmic as engine
from engine.cosmic.flow import check_win, external_colonies, team_colonies, team_goal
from node.local import LocalGame, game_seed
from node.records import record_local_game


def _on(s: engine.GameState, planet: int, seat: int, ships: int) -> None:
    s.ships[planet * s.n + seat] = ships


def _teams_position() -> engine.GameState:
    s = engine.new_game(engine.Config(4, teams=True))
    per = s.config.planets
    red, blue, yellow = 0, 1, 2  # red and yellow are a team
    _on(s, yellow * per, red, 1)  # in the teammate's home system: counts for no one
    _on(s, blue * per, red, 2)
    _on(s, blue * per, yellow, 1)  # a planet both hold counts once
    _on(s, blue * per + 1, yellow, 1)
    return s


def test_the_summary_counts_only_colonies_that_count() -> None:
    s = _teams_position()
    per = s.config.planets
    assert s.foreign_colonies(0) == 2  # what `foreign_colonies` said before
    summary = public_summary(s)
    assert summary["foreign_colonies"] == {"red": 1, "blue": 0, "yellow": 2, "green": 0}
    assert summary["team_colonies"] == {"red+yellow": 2, "blue+green": 0}
    assert summary["team_goal"] == 7
    assert team_colonies(s, 0) == team_colonies(s, 2) == [per, per + 1]
    assert "teams: red+yellow 2/7, blue+green 0/7" in board_text(s)
    plain = public_summary(engine.new_game(engine.Config(4)))
    assert "team_colonies" not in plain and "team_goal" not in plain


def test_the_win_check_uses_the_same_count() -> None:
    """Six places together and neither with five: no win; the seventh wins for both."""
    s = _teams_position()
    per, blue, green = s.config.planets, 1, 3
    for planet in (blue * per + 2, blue * per + 3):
        _on(s, planet, 2, 1)
    for planet in (green * per, green * per + 1):
        _on(s, planet, 0, 1)
    assert len(team_colonies(s, 0)) == 6 and team_goal(s) == 7
    check_win(s)
    assert s.outcome is None
    _on(s, green * per + 2, 0, 1)
    assert len(team_colonies(s, 0)) == 7
    check_win(s)
    assert s.outcome is not None and s.outcome.winners == (0, 2)
    # The end's words count as the board does: red's colony in yellow's home system is
    # not one of red's, and the team has its seven of seven.
    from cli.game_ui import CosmicUI
    from engine import games
    words = CosmicUI(games.load("cosmic")).end_words(s, seat=0)
    assert words[0].startswith("GAME OVER: red (you), yellow won (")
    assert words[1] == ("Foreign colonies that count: red 4, blue 0, yellow 4, "
                        "green 0.") == "Foreign colonies that count: " + ", ".join(
        f"{c} {len(external_colonies(s, i))}" for i, c in enumerate(s.config.colors)) + "."
    assert words[2] == "Teams: red+yellow 7/7, blue+green 0/7."


def test_replay_json_reports_the_engines_team_counts(tmp_path: Path) -> None:
    """A recorded team game replayed by the installed command: per seat the colonies
    that count, per team the places toward its goal, as the engine counts them."""
    cfg = engine.Config(4, teams=True, max_turns=3)
    seed = game_seed("team-counts", 0)
    game = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(4)])
    game.run()
    path = tmp_path / "teams.journal"
    path.write_bytes(record_local_game(game))
    cosmic = Path(sys.executable).with_name("cosmic")
    out = subprocess.run([str(cosmic), "replay", str(path), "--json"], capture_output=True,
                         text=True, timeout=120, check=True).stdout
    summary = json.loads(out)["summary"]
    s = game.state
    colors = s.config.colors
    assert summary["foreign_colonies"] == {
        colors[i]: len(external_colonies(s, i)) for i in range(4)}
    assert summary["team_colonies"] == {
        "red+yellow": len(team_colonies(s, 0)), "blue+green": len(team_colonies(s, 1))}
    assert summary["team_goal"] == 7
