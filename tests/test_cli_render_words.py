"""Words the log and the replay's side pane use, as a person reads them: articles before
a vowel, a flare's play told with what it does (not its arguments as seats), the aliens
of a choosing setup called aliens, the destiny card said once, a card's short name one
readable word."""

from __future__ import annotations

from cli.game_ui import for_rules
from cli.power_words import told_flare
from cli.render import describe_event
from engine import cosmic as engine
from engine.cosmic import cards as C


def test_the_seekers_question_in_the_log_says_an_before_a_vowel() -> None:
    s = engine.new_game(engine.Config(3, aliens=("seeker", "", "")))
    assert describe_event(s, ("seek", 0, 1, "holds", "attack")) == \
        "red asks blue: do you hold an attack?"
    assert describe_event(s, ("seek", 0, 1, "plays", "negotiate")) == \
        "red asks blue: will you play a negotiate?"


def test_an_ally_whose_ships_come_later_is_not_said_to_send_none() -> None:
    """An ally whose ships come just before the reveal (a power's) joins with none yet:
    "allies with blue, 0 ship(s)" read as an empty alliance."""
    s = engine.new_game(engine.Config(3))
    assert describe_event(s, ("ally", 2, 1, 3)) == "yellow allies with blue, 3 ship(s)"
    assert describe_event(s, ("ally", 2, 1, 0)) == \
        "yellow allies with blue, its ships to come just before the reveal"


def test_a_choosing_setup_deals_aliens_and_a_flares_setup_flares() -> None:
    chooses = engine.new_game(engine.Config(3, aliens=("choose", "choose", "choose")))
    assert "aliens face down" in describe_event(chooses, ("flares_dealt", 2))
    assert "flares" not in describe_event(chooses, ("flares_dealt", 2))
    flares = engine.new_game(engine.Config(3, flares=True))
    assert "2 flares" in describe_event(flares, ("flares_dealt", 2))


def test_a_flare_play_is_told_by_what_it_does() -> None:
    s = engine.new_game(engine.Config(3, aliens=("amoeba", "", "")))
    face = next(i for i, c in enumerate(C.CATALOGUE) if c.kind == "flare"
                and c.name == "kamikaze")
    said = describe_event(s, ("play", 1, face, (0, 1)))
    assert said == f"blue {told_flare(s, 1, face, (0, 1))}", said
    assert said.startswith("blue plays the Kamikaze flare"), said
    assert "(red, blue)" not in said


def test_the_side_pane_says_the_destiny_card_once_and_short_names_are_one_word() -> None:
    from bots import RandomBot
    from engine import games
    from node.local import LocalGame, game_seed

    ui = for_rules(games.load("cosmic"))
    face = next(i for i, c in enumerate(C.CATALOGUE) if c.name == "card_zap")
    assert ui.short_card(face) == "card-zap"
    seed = game_seed("side-pane", 0)
    g = LocalGame(engine.Config(3), seed, [RandomBot(seed + bytes([k])) for k in range(3)])
    while not (g.state.enc is not None and g.state.enc.destiny >= 0
               and g.state.faces.get(g.state.enc.destiny) is not None):
        g.step()
    lines = ui.side_lines(g.state)
    assert any(line.startswith(" drawn: destiny ") for line in lines), lines
    assert not any("destiny: destiny" in line for line in lines), lines


def test_team_destiny_is_said_as_the_teams() -> None:
    """Team play (rules 004): the teammate's colour, or a special card naming the teammate
    (rules 001), is the team's colour: the draw says so, and that the drive-out may be in
    either home system; the choice that follows names both systems (it said red's alone
    while the gate then aimed at yellow.3)."""
    from engine.cosmic import cards as C
    from cli.render import _drawn_words, describe_event

    s = engine.new_game(engine.Config(4, teams=True))
    face = next(i for i, c in enumerate(C.CATALOGUE) if c.kind == "destiny" and c.name == "yellow")
    assert _drawn_words(s, 0, face) == (
        "red draws destiny yellow, its team's colour: it draws again or attacks a colony in "
        "its or its teammate yellow's home system")
    assert describe_event(s, ("destiny", 0, face, 1)) == (
        "red chooses to encounter blue in red's or its teammate yellow's home system")
    alone = engine.new_game(engine.Config(4))
    red = next(i for i, c in enumerate(C.CATALOGUE) if c.kind == "destiny" and c.name == "red")
    assert describe_event(alone, ("destiny", 0, red, 1)) == (
        "red chooses to encounter blue in red's home system")
