"""The board and the `discards` words under technology and team play: a seat reads its
own face-down techs by name (and no other seat's), the tech discard pile is listed face
up, and in team play the colony column and the teams' line count what the engine counts
toward a win (none in a teammate's home system)."""

from __future__ import annotations

from bots import RandomBot
from cli.info import discards
from cli.render import board_text
from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.flow import check_win, team_colonies
from node.local import LocalGame, game_seed


def _after_the_tech_setup(seats: int) -> LocalGame:
    """A technology game (random bots) once every seat has kept a tech and the
    discarded ones are face up."""
    seed = game_seed("cli-techs", 0)
    g = LocalGame(engine.Config(seats, technology=True), seed,
                  [RandomBot(seed + bytes([k])) for k in range(seats)])
    for _ in range(5000):
        s = g.state
        if len(s.extra.get("techs", ())) == seats and s.step()[0] != "reveal_cards":
            return g
        g.step()
    raise AssertionError("the tech setup never ended")


def _name(g: LocalGame, handle: int) -> str:
    return C.CATALOGUE[g.source.truth[handle]].name.replace("_", " ")


def test_a_seat_reads_its_own_face_down_tech_by_name_and_no_one_elses() -> None:
    """Rules 001, Technology: a player may look at its own face-down tech at any time."""
    g = _after_the_tech_setup(4)
    s, colors = g.state, g.state.config.colors
    rows = s.extra["techs"]
    for seat in range(4):
        text = board_text(s, g.source.knowledge[seat])
        mine = next(r[1] for r in rows if r[0] == seat)
        assert f"tech {colors[seat]}: ({_name(g, mine)}) ships 0" in text, text
        for other in range(4):
            if other != seat:
                assert f"tech {colors[other]}: 1 down (ships 0)" in text, text
    assert "tech red: 1 down (ships 0)" in board_text(s)  # no knowledge: no names
    public = [line for line in board_text(s).splitlines() if line.startswith(" tech ")]
    assert public == [f" tech {c}: 1 down (ships 0)" for c in colors]


def test_discards_lists_the_tech_discard_pile_face_up() -> None:
    """Rules 000, Technology: the tech not kept is discarded face up."""
    g = _after_the_tech_setup(3)
    s = g.state
    pile = s.extra["tech_discard"]
    assert len(pile) == 3 and all(h in s.faces for h in pile)
    said = discards(s)
    assert "The discard pile is empty." in said
    assert ("Tech discard pile (newest last): "
            + ", ".join(_name(g, h) for h in pile) + ".") in said, said
    assert "Tech" not in discards(engine.new_game(engine.Config(3)))


def _on(s: engine.GameState, planet: int, seat: int, ships: int) -> None:
    s.ships[planet * s.n + seat] = ships


def _team(s: engine.GameState) -> list[int]:
    return [len(team_colonies(s, x)) for x in range(s.n // 2)]


def test_team_colonies_count_as_the_engine_counts_them() -> None:
    """Rules 004, Team Play: a colony in the teammate's home system counts for neither;
    the two together win with two more than the usual number on different planets."""
    s = engine.new_game(engine.Config(4, teams=True))
    per = s.config.planets
    red, blue, yellow = 0, 1, 2  # red and yellow are a team
    assert s.config.teammate(red) == yellow
    _on(s, yellow * per, red, 1)  # in the teammate's home system: counts for no one
    _on(s, blue * per, red, 2)
    _on(s, blue * per, yellow, 1)  # a planet both hold counts once
    _on(s, blue * per + 1, yellow, 1)
    assert s.foreign_colonies(red) == 2  # what the board's column read before
    rows = {line.split()[0]: line.split() for line in board_text(s).splitlines()}
    assert rows["red"][1] == "1" and rows["yellow"][1] == "2" and rows["blue"][1] == "0"
    assert _team(s) == [2, 0]
    assert "teams: red+yellow 2/7, blue+green 0/7" in board_text(s)
    green = 3
    for planet in (blue * per + 2, blue * per + 3):  # yellow: four, red: three
        _on(s, planet, yellow, 1)
    for planet in (green * per, green * per + 1):
        _on(s, planet, red, 1)
    assert _team(s) == [6, 0]
    check_win(s)
    assert s.outcome is None  # six of seven, neither of the two has five
    _on(s, green * per + 2, red, 1)  # red four, yellow four: seven planets together
    assert _team(s) == [7, 0]
    assert "teams: red+yellow 7/7" in board_text(s)
    check_win(s)
    assert s.outcome is not None and set(s.outcome.winners) == {red, yellow}
