"""The board and the log rendered for known positions, compared with the expected text."""

from pathlib import Path

from engine import cosmic as engine
from bots import HeuristicBot
from cli.render import BOARD_WIDTH, board_text, describe_event, public_summary
from engine.cosmic.hidden import alien_of_flare
from engine.cosmic.scenario import run_scenario
from node.local import LocalGame, game_seed

SCENARIOS = Path(__file__).parent / "scenarios"

EXPECTED_AFTER_A_WIN = """\
Turn 1: red; resolution (2nd encounter?)
       col hnd wrp  home planets 1-5
red      1   1   0  4  4  1  4  4
blue     0   1   3  0  5  4  4  4
yellow   1   1   0  2  4  4  4  4
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
    # each side: its main player's ships in the encounter, then its allies' (a player
    # read "beside:" and did not know whose allies those were)
    summary = public_summary(res.state)
    enc = summary["encounter"]
    defending = summary["planets"][enc["target"]][enc["defense"]]
    assert lines[2] == " offense: red 1; allies: green 4"
    assert lines[3] == f" defense: blue {defending}; allies: yellow 3"
    # Running totals before the cards: each side's ships, from the public summary.
    off = sum(summary["gate"].values())
    dfn = defending + sum(summary["beside"].values())
    assert lines[4] == f" so far: offense {off}, defense {dfn} + cards"


def _seat_rows(s: engine.GameState, text: str) -> list[str]:
    """The board's row of each seat, in seat order."""
    lines = text.splitlines()
    return [next(r for r in lines if r.startswith(f"{c:<6} ") and r.split()[1].isdigit())
            for c in s.config.colors]


def test_the_board_fits_beside_the_hand_at_every_step_of_big_games_with_aliens() -> None:
    """Beside the hand at 80 columns: every line of the board, whatever the seats (up to
    ten), the aliens, the guests and the winners, at every step of a game (at most
    BOARD_WIDTH columns; what wraps, 46), each seat's alien named whole in its row, and
    once an encounter is decided, who won."""
    for seats, steps in ((5, 1500), (10, 1500)):
        seed = game_seed(f"fit{seats}", 0)
        game = LocalGame(engine.Config(seats, aliens=("?",) * seats), seed,
                         [HeuristicBot(seed + bytes([k])) for k in range(seats)])
        aliens_shown = decided = 0
        for _ in range(steps):
            if game.state.outcome is not None:
                break
            game.step()
            s, text = game.state, board_text(game.state)
            rows = _seat_rows(s, text)
            assert all(len(line) <= (BOARD_WIDTH if line in rows else 46)
                       for line in text.splitlines()), text
            for row, alien in zip(rows, s.aliens):
                if alien and alien != "?":
                    name = alien.replace("_", " ")
                    assert row[33:].strip() in (name, name + "-", name + "z"), text
                    aliens_shown += 1
            e = s.enc
            if e is not None and e.result in ("offense", "defense") and e.target != -1:
                # decided: who won, not totals of ships that have left since
                assert f"\n the {e.result} won" in text and "totals:" not in text, text
                decided += 1
        assert aliens_shown and decided


def test_every_alien_is_named_whole_on_the_board_at_ten_seats() -> None:
    """The ten longest names at once (the board cut them at 11 letters: "dopplegange"),
    with the mark of a power lost after the longest; in brackets, face down, to their
    owner. Every row fits BOARD_WIDTH."""
    from engine.cosmic.powers import ALIENS
    longest = tuple(sorted(ALIENS, key=lambda a: (len(a), a))[-10:])
    s = engine.new_game(engine.Config(10, aliens=longest))
    for p in s.home_planets(9)[:3]:  # the last seat keeps two home colonies: power lost
        s.ships[p * s.n + 9] = 0
    rows = _seat_rows(s, board_text(s))
    for row, alien in zip(rows, longest):
        assert row.endswith(" " + alien.replace("_", " ") + ("-" if alien == longest[-1]
                                                             else "")), row
        assert len(row) <= BOARD_WIDTH, row
    assert max(len(r) for r in rows) == BOARD_WIDTH - 1  # "philanthropist-"


def test_summary_and_event_words() -> None:
    res = run_scenario((SCENARIOS / "attack_offense_wins.toml").read_text())
    summary = public_summary(res.state)
    assert summary["planets"]["blue.1"] == {"red": 3, "yellow": 2}
    assert summary["warp"]["blue"] == 3
    s = res.state
    assert describe_event(s, ("land", 0, 5, 3)) == "red lands 3 ship(s) on blue.1"
    assert describe_event(s, ("totals", 23, 9)) == "totals: offense 23, defense 9"
    assert describe_event(s, ("mind_look", 1, 0, 6)) == "blue looks at red's hand (6 cards)"
    # words, never ids: no snake_case, no term lists
    assert describe_event(s, ("power", 2, "anti_matter")).startswith(
        "yellow uses the anti matter power: ")
    assert describe_event(s, ("over", "turn_limit")) == "the game ends (turn limit)"
    # nothing said of what is none: no "0 ship(s)", no "shows 0 card(s)"
    assert describe_event(s, ("rewards", 0, 2, 0)) == "red takes rewards: 2 card(s)"
    assert describe_event(s, ("rewards", 0, 1, 2)) == (
        "red takes rewards: 1 card(s) and 2 ship(s)")
    assert describe_event(s, ("new_hand", 1, 0)) == "blue has no cards: it draws eight"
    assert describe_event(s, ("new_hand", 1, 3)) == (
        "blue shows 3 card(s), discards them, draws eight")


def test_powers_that_move_powers_and_defenses_are_told_in_words() -> None:
    s = engine.new_game(engine.Config(3))
    assert describe_event(s, ("deflect", 1, 11)) == "blue makes the offense attack yellow.2"
    assert (describe_event(s, ("chameleon_colour", 1, 2))
            == "blue takes yellow's colour: yellow defends")
    assert describe_event(s, ("chronos", 0, 1)) == "red turns back time: both choose cards again"
    assert describe_event(s, ("anarchy", 2, 4)) == "yellow deals all 4 powers out again"


def test_destiny_alien_events_have_words() -> None:
    """Every event the destiny-deck aliens send, in a real random game, reads as words
    (not the fallback's ids and numbers)."""
    from engine import cosmic as E
    from bots import RandomBot
    from node.local import LocalGame, game_seed
    kinds = {"assassinate", "belch", "spread", "destiny_kept", "ambush", "freeze",
             "fate_look", "fate_arranged"}
    cfg = E.Config(6, aliens=("ambush", "assassin", "belch", "disease", "chill", "fate"),
                   max_turns=12)
    seen: set[str] = set()
    for i in range(3):
        seed = game_seed("destiny-words", i)
        game = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(6)])
        while game.state.outcome is None:
            for ev in game.step():
                if ev[0] in kinds:
                    text = describe_event(game.state, ev)
                    assert text != " ".join(str(x) for x in ev).replace("_", " "), ev
                    seen.add(ev[0])
    assert seen >= {"assassinate", "destiny_kept", "ambush", "freeze", "fate_look"}, seen


def test_the_classic_artifacts_read_as_words_and_commands() -> None:
    """Rebirth names a planet (not a seat) in its command and its log line; the ships it
    brings from the warp are typed `warp:N`; every classic artifact's event has words."""
    from cli.commands import command_table
    from engine.cosmic import cards as C
    text = (SCENARIOS / "artifact_rebirth.toml").read_text()
    before = text.split("[[step]]")[0] + '[[step]]\nexpect = { step = "start_turn" }\n'
    res = run_scenario(before)
    state, _ = engine.apply(res.state, engine.Proceed(0))  # the start window asks red
    table = command_table(state, 0, res.source.knowledge[0])
    assert "play rebirth red.2" in table, sorted(table)
    rebirth = C.card_by_name("artifact", "rebirth")[0]
    assert describe_event(res.state, ("play", 0, rebirth, (1,))) == (
        "red plays artifact rebirth (red.2)")
    after = run_scenario(before.replace('expect = { step = "start_turn" }',
                                        'do = ["red proceed", "red play @rebirth red.2"]'))
    ships = command_table(after.state, 0, after.source.knowledge[0])
    assert "ships red.1:1,warp:2" in ships, sorted(ships)[:5]
    s = res.state
    for ev in [("zapped_back", 2, 0), ("rebirth", 0, 1, 3), ("extra_encounter_for", 1),
               ("extra_encounter", 1), ("defense_chosen", 1, 0)]:
        words = describe_event(s, ev)
        assert words != " ".join(str(x) for x in ev).replace("_", " "), ev
    assert describe_event(s, ("rebirth", 0, 1, 3)) == "red makes red.2 a colony again with 3 ship(s)"


def test_powers_that_lend_and_silence_are_told_in_words() -> None:
    s = engine.new_game(engine.Config(3))
    assert describe_event(s, ("copies", 0, 1, ["mind"])) == "red copies blue's power (mind)"
    assert describe_event(s, ("graft", 0, 1, ["virus"])) == "red grafts blue's power (virus)"
    assert (describe_event(s, ("silenced", 1, "mind"))
            == "blue may not use the mind power this encounter")
    assert describe_event(s, ("gust", 0)) == "red passes every alien one seat to the right"
    assert (describe_event(s, ("reserved", 2, "pentaform", "human"))
            == "yellow's pentaform draws the human into its reserve")


def test_the_xenomorphs_changes_are_told_in_words() -> None:
    s = engine.new_game(engine.Config(3))
    assert (describe_event(s, ("shapeshift", 0, "human", "draw"))
            == "red discards the human power it has used and draws another")
    assert (describe_event(s, ("shapeshift", 1, "mind", "trade"))
            == "blue discards the mind power unused, to draw another")
    assert describe_event(s, ("shapeshift", 2, "macron", "")).startswith(
        "yellow discards the macron power it has used; no new power until the next encounter")


def test_card_alien_events_have_words() -> None:
    """Every event the card aliens of issue 15 send, in real random games, reads as words
    (not the fallback's ids and numbers)."""
    from engine import cosmic as E
    from bots import RandomBot
    from node.local import LocalGame, game_seed
    kinds = {"wastrel", "jinx", "vision", "seek", "seek_answer", "laser", "laser_pick",
             "laser_miss", "pick_random", "rot", "rot_discard", "leech", "leech_borrow", "leech_return"}
    cfg = E.Config(7, aliens=("wastrel", "jinx", "visionary", "seeker", "laser", "rot",
                              "leech"), max_turns=14)
    seen: set[str] = set()
    for i in range(4):
        seed = game_seed("card-words", i)
        game = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(7)])
        while game.state.outcome is None:
            for ev in game.step():
                if ev[0] in kinds:
                    seen.add(ev[0])
                    text = describe_event(game.state, ev)
                    assert text != " ".join(str(x) for x in ev).replace("_", " "), ev
        if seen == kinds:
            break
    assert seen == kinds, kinds - seen


def test_a_gith_warp_is_named_as_a_target_in_commands_and_words() -> None:
    """The Gith's warp is offered to the offense as `launch blue.warp ...` (a count works as
    for a planet), the log and the board name it, and a refused warp launch says why in
    words; once the warp falls the landing is a `ships PLANET:COUNT` choice."""
    from cli.commands import command_table, lookup
    from cli.render import board_text, encounter_totals
    from engine.cosmic.targets import warp_site
    text = (SCENARIOS / "aliens" / "gith_warp_falls.toml").read_text()
    before = text.split("[[step]]")[0] + '[[step]]\ndo = ["red proceed"]\n'
    res = run_scenario(before)
    s, kn = res.state, res.source.knowledge[0]
    table = command_table(s, 0, kn)
    assert "launch blue.warp red.1:3" in table, sorted(table)[:5]
    found = lookup(table, "launch blue.warp 2", s, 0)
    assert not isinstance(found, str) and isinstance(found[0], engine.Launch)
    assert found[0].planet == warp_site(1) and sum(c for _, c in found[0].ships) == 2
    assert describe_event(s, ("launch", 0, warp_site(1), 3)) == (
        "red aims the gate at blue.warp with 3 ship(s)")
    after, _ = engine.apply(s, found[0])
    assert "red vs blue at blue.warp" in board_text(after)
    assert encounter_totals(after) == "so far: offense 2, defense 3 + cards"
    # the empty warp of a seat without the power is refused in words
    refused = lookup(table, "launch yellow.warp red.1:2", s, 0)
    assert isinstance(refused, str) and "the gate cannot point at yellow.warp" in refused
    falls = run_scenario(text.split("[[step]]\ndo = [\"red ships")[0])
    assert "ships blue.3:3" in command_table(falls.state, 0, falls.source.knowledge[0])
    assert describe_event(s, ("warp_broken", 1)) == "blue's warp falls: its ships there go home"


def test_hidden_powers_read_as_words_and_on_the_board() -> None:
    """Face-down aliens read "face down" on the board, 46 columns at most; the owner's own
    is named in brackets for it alone; turning up and hidden rotations have words."""
    s = engine.new_game(engine.Config(3, aliens=("?",) * 3, hidden_powers=True))
    assert describe_event(s, ("turned_up", 1, "oracle")) == (
        "blue turns its alien face up: the oracle")
    assert describe_event(s, ("rotated_hidden", 0, 1, "virus")) == (
        "red keeps the new alien, face down; the virus leaves the game")
    assert describe_event(s, ("rotated_hidden", 0, 1, "")) == (
        "red keeps the new alien, face down; the old one leaves the game face down")
    assert describe_event(s, ("rotated_hidden", 2, 0, "")) == (
        "yellow keeps its alien; the new one leaves the game face down")
    seed = game_seed("hidden-board", 0)
    game = LocalGame(engine.Config(3, aliens=("?",) * 3, hidden_powers=True), seed,
                     [HeuristicBot(seed + bytes([k])) for k in range(3)])
    while "face_down_aliens" not in game.state.extra:
        game.step()
    kn = game.source.knowledge[0]
    mine = alien_of_flare(kn.faces[game.state.extra["face_down_aliens"][0]])
    public, own = board_text(game.state), board_text(game.state, kn)
    rows = [line for line in public.splitlines() if line.endswith(" face down")]
    assert len(rows) == 3 and mine.replace("_", " ") not in public
    own_rows = [line for line in own.splitlines() if line.startswith(("red ", "blue ", "yell"))]
    assert own_rows[0].endswith(f" ({mine.replace('_', ' ')})"), own  # whole
    assert all(line.endswith(" face down") for line in own_rows[1:]), own
    assert all(len(line) <= BOARD_WIDTH for line in (public + "\n" + own).splitlines()), own


def test_before_the_gate_is_aimed_the_board_says_so() -> None:
    """The defense known, no planet yet: in words ("at ?" puzzled a player)."""
    res = run_scenario((SCENARIOS / "destiny_draw_again.toml").read_text())
    assert res.state.step()[0] == "launch"
    assert board_text(res.state).splitlines()[1] == "red vs yellow: the gate not aimed yet"



def test_the_boards_first_line_says_the_step_in_words_within_its_width() -> None:
    """The board's first line names the step a seat is asked at in words ("alliance (join
    a side?)", not "alliance (accept)"), within the board's width for the longest colour,
    phase and turn number; in a played game no line shows a step's raw name."""
    from cli.render import HEADER_STEPS

    for words in HEADER_STEPS.values():
        assert len(f"Turn 99: yellow; resolution ({words})") <= BOARD_WIDTH, words
    seed = game_seed("header-words", 0)
    game = LocalGame(engine.Config(4, max_turns=3), seed,
                     [HeuristicBot(seed + bytes([k])) for k in range(4)])
    firsts: set[str] = set()
    game.run(on_step=lambda action, state: firsts.add(board_text(state).splitlines()[0]))
    asked = [line for line in firsts if "(" in line and not line.startswith("Game over")]
    assert any("(join a side?)" in line for line in asked), sorted(firsts)
    assert all("_" not in line and len(line) <= BOARD_WIDTH for line in asked), sorted(asked)
