"""The board and the log rendered for known positions, compared with the expected text."""

from pathlib import Path

from cli.render import board_text, describe_event, public_summary
from engine.scenario import run_scenario

SCENARIOS = Path(__file__).parent / "scenarios"

EXPECTED_AFTER_A_WIN = """\
Turn 1: red; resolution (second_choice)
        col hnd wrp  home planets 1-5
red       1   1   0  4  4  1  4  4
blue      0   1   3  0  5  4  4  4
yellow    1   1   0  2  4  4  4  4
 in blue: blue.1 red3,yellow2
deck 67 discard 2 destiny 13"""


def test_board_after_an_offense_win() -> None:
    res = run_scenario((SCENARIOS / "attack_offense_wins.toml").read_text())
    assert board_text(res.state) == EXPECTED_AFTER_A_WIN
    assert all(len(line) <= 46 for line in board_text(res.state).splitlines())


def test_board_during_an_encounter_names_both_sides_and_the_gate() -> None:
    text = (SCENARIOS / "allies_totals.toml").read_text()
    # Stop after the alliance step: drop the last step of the scenario.
    res = run_scenario(text[: text.rindex("[[step]]")])
    lines = board_text(res.state).splitlines()
    assert lines[1] == "red vs blue at blue.2"
    assert lines[2] == " gate: red 1, green 4"
    assert lines[3] == " beside: yellow 3"


def test_summary_and_event_words() -> None:
    res = run_scenario((SCENARIOS / "attack_offense_wins.toml").read_text())
    summary = public_summary(res.state)
    assert summary["planets"]["blue.1"] == {"red": 3, "yellow": 2}
    assert summary["warp"]["blue"] == 3
    s = res.state
    assert describe_event(s, ("land", 0, 5, 3)) == "red lands 3 ship(s) on blue.1"
    assert describe_event(s, ("totals", 23, 9)) == "totals: offense 23, defense 9"
    assert describe_event(s, ("mind_look", 1, 0, 6)) == "blue looks at red's hand (6 cards)"
