"""The log tells a destiny draw when the card is drawn (rules 001, Destiny Phase: the
offense draws, then follows the card): a wild card or the offense's own colour is told
before the offense chooses what to do with it, never only once it has chosen."""

from pathlib import Path

from cli.render import log_line
from engine.cosmic.scenario import run_scenario

SCENARIOS = Path(__file__).parent / "scenarios"


def _said(name: str) -> list[tuple[int, str]]:
    """The scenario's log lines as a player reads them, each with how many of the
    scenario's commands had been typed when it was said."""
    res = run_scenario((SCENARIOS / name).read_text())
    assert res.ok, res.failures
    return [(typed, line) for typed, ev in res.events
            if (line := log_line(res.state, ev)) is not None]


def test_a_wild_draw_is_told_before_the_offense_chooses() -> None:
    said = _said("destiny_wild.toml")  # red proceed; red defense red (refused); red defense yellow
    drawn = [(typed, line) for typed, line in said if "draws destiny wild" in line]
    assert drawn == [(1, "red draws destiny wild: it chooses whom to encounter")], said
    assert (3, "red chooses to encounter yellow") in said, said
    assert not any("wild" in line for typed, line in said if typed > 1), said


def test_an_own_colour_draw_is_told_before_it_is_drawn_again() -> None:
    said = _said("destiny_draw_again.toml")  # red proceed; red drawagain
    lines = [line for _, line in said]
    own = [(typed, line) for typed, line in said if line.startswith("red draws destiny red")]
    assert len(own) == 1 and own[0][0] == 1, said
    assert "its own colour" in own[0][1], said
    again = lines.index("red discards its own colour and draws again")
    assert lines[again + 1] == "red draws destiny yellow: encounter with yellow", said
    # the colour card named the defense: one line says both, not two
    assert not any(line.startswith("red's encounter is with") for line in lines), said
