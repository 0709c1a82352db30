"""What a person new to the program reads on their own screen: the log speaks to them
("you draw", "your turn begins") where a replay names colours; a step with one possible
move passes quietly after it was explained once, a choice made for them is still told;
the end says who won and how in the same words on the screen and in the terminal."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cli.you_words import second_person

COSMIC = Path(sys.executable).parent / "cosmic"
LOG = "   "  # a log line of the plain client starts so (a choice: "    1. pass")


def _plain(seed: str, seat: int = 0, players: int = 3, *more: str) -> str:
    """A local plain-text game played to its end, every question answered '1'."""
    r = subprocess.run([str(COSMIC), "play", "--local", "--plain", "--players",
                        str(players), "--seat", str(seat), "--seed", seed, *more],
                       input="1\n" * 3000, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr, r.stderr[-2000:]
    return r.stdout


def test_the_log_says_you_on_your_own_screen_and_a_forced_step_passes_quietly() -> None:
    for seat, colour in ((0, "red"), (1, "blue")):
        out = _plain(f"you-{seat}", seat=seat)
        log = [line[len(LOG):] for line in out.splitlines()  # (not a numbered choice)
               if re.match(r"   [^\s\d]", line)]
        assert "your turn begins" in log, out[-2000:]
        assert any(re.match(r"you (draw|aim|reveal|invite|decline) ", line + " ")
                   for line in log), log
        # the player's own colour never names them in the log (a planet's name, "red.1",
        # and a destiny card, "destiny red", stay as they are)
        mine = [line for line in log if re.search(rf"(?<![\w.])(?<!destiny ){colour}"
                                                  rf"(?![\w]|\.\w)", line)
                and not line.startswith(("Foreign colonies", "Your journal", "You are "))]
        assert not mine, mine
        # the turn going on (you hold an encounter card) and your card turned up: said
        # once, the first time, then never again
        assert "your only choice" not in out
        assert out.count("(The game took the only move open to you -- ") \
            + out.count("(The game turned your card up: ") == 1, out[:3000]
        assert not re.search(r"made for you: (proceed|reveal|pass)\b", out)
        # the end, once, last: who won (you, if you did) and how
        last = out.splitlines()[-1]
        assert re.fullmatch(r"Game over: \w+( \(you\))?(, \w+( \(you\))?)* won "
                            r"\(5 foreign colonies\)\.", last), last
        winners = [line for line in log if line.startswith("winner(s): ")][-1]
        assert ("(you)" in last) == ("you" in winners.split(": ")[1].split(", ")), last


def test_second_person_words() -> None:
    """The grammar of the turn, made for the reader (cli/you_words.py): every verb of a
    sentence about them in the second person, their "its" "your"; other seats, planets
    and destiny cards unchanged; with no reader, the third person."""
    from cli.render import describe_event
    from engine import cosmic as engine
    from engine.cosmic import cards as C

    s = engine.new_game(engine.Config(4))  # red, blue, yellow, green
    card = {c.label(): i for i, c in enumerate(C.CATALOGUE)}
    red, attack = card["destiny red"], card["attack 08"]
    said = {
        ("destiny_drawn", 0, red): (
            "red draws destiny red, its own colour: it draws again or attacks a colony in "
            "its home system", "you draw destiny red, your own colour: you draw again or "
            "attack a colony in your home system"),
        ("ally", 0, 1, 2): ("red allies with blue, 2 ship(s)", "you ally with blue, 2 ship(s)"),
        ("new_hand", 0, 3): ("red shows 3 card(s), discards them, draws eight",
                             "you show 3 card(s), discard them, draw eight"),
        ("new_hand", 0, 0): ("red has no cards: it draws eight",
                             "you have no cards: you draw eight"),
        ("new_defense", 0): ("red is now the defense", "you are now the defense"),
        ("bluff", 0, attack): ("red keeps its card face down and says it is attack 08",
                               "you keep your card face down and say it is attack 08"),
        ("turn", 0): ("red's turn begins", "your turn begins"),
        ("invite", 3, (0, 1)): ("green invites red, blue", "green invites you, blue"),
        ("launch", 1, 0, 4): ("blue aims the gate at red.1 with 4 ship(s)",) * 2,
        ("destiny_drawn", 1, red): ("blue draws destiny red: encounter with red",
                                    "blue draws destiny red: encounter with you"),
        ("ambush", 1, 0): ("blue ambushes a ship of red's on the gate",
                           "blue ambushes a ship of yours on the gate"),
        ("conscript", 1, 0, 2): ("blue drafts 2 of red's ships from the warp",
                                 "blue drafts 2 of your ships from the warp"),
        ("ally", 3, 1, 0): ("green allies with blue, its ships to come just before the "
                            "reveal",) * 2,
        ("vision", 1, 0, attack): ("blue says red must play attack 08 if it has one",
                                   "blue says you must play attack 08 if you have one"),
        ("sting", 1, 0, 2): ("blue stings red: its 2 lost ship(s) come home and red loses "
                             "as many (or all it can)", "blue stings you: its 2 lost ship(s) "
                             "come home and you lose as many (or all you can)"),
        ("shapeshift", 0, "oracle", "draw"): (
            "red discards the oracle power it has used and draws another",
            "you discard the oracle power you have used and draw another"),
    }
    for ev, (theirs, yours) in said.items():
        assert describe_event(s, ev) == theirs, ev
        assert describe_event(s, ev, 0) == yours, ev
    assert [second_person(v) for v in ("fetches", "passes", "allies", "loses", "goes",
                                       "has used", "must")] \
        == ["fetch", "pass", "ally", "lose", "go", "have used", "must"]


def test_help_board_explains_every_column_the_board_shows(tmp_path: Path) -> None:
    """`help board` on the full screen, at 80x24 and 120x40, with aliens: each count in
    the head of the board's columns is explained, and so are the rows on it now."""
    from _tmux import Terminal

    for width, height in ((80, 24), (120, 40)):
        play = [sys.executable, "-m", "cli.main", "play", "--local", "--players", "4",
                "--seed", "legend", "--aliens", "random"]
        with Terminal(play, tmp_path, width=width, height=height) as term:
            screen = term.wait_for("YOUR DECISION (", timeout=60)
            head = next(row.split("|")[0] for row in screen.splitlines()
                        if "home planets 1-" in row)
            heads = head.split("home planets")[0].split()
            assert heads and "alien" in head, screen
            term.type("help board")
            screen = term.wait_for("The board: a row a player: ", timeout=20)
            said = " ".join(row.strip() for row in screen.splitlines())
            said = said[said.index("The board: "):]
            for h in heads:
                assert f"{h} = " in said, (h, said)
            assert "alien = " in said and "'deck' = " in said and "'Turn' = " in said, said
            term.type("quit")
            term.type("quit")


def test_your_alien_says_how_to_learn_it_and_a_window_says_its_moment() -> None:
    """With aliens, the line that gives you yours names the command that explains it
    (and the command works); a question at a card window says the moment it comes at
    before the window's name (which 'stop NAME' takes)."""
    out = _plain("alien-hint", 0, 3, "--aliens", "random")
    got = re.search(r"^   you become the ([a-z ]+) \('info \1' says what it does\)$", out, re.M)
    assert got is not None, out[:3000]
    assert re.search(r"^   (blue|yellow) becomes the [a-z ]+$", out, re.M)  # others: plain
    assert re.search(r"-- YOUR DECISION \(reveal: cards turned up - reveal window\)", out)
    said = subprocess.run([str(COSMIC), "play", "--local", "--plain", "--players", "3",
                           "--seed", "alien-hint"], input=f"info {got.group(1)}\nquit\nquit\n",
                          capture_output=True, text=True, timeout=60).stdout
    assert re.search(rf"The {got.group(1)} \(\w+ lamp: \w+ to play\): ", said), said[-2000:]


def test_a_wrong_choice_of_ships_to_lose_is_refused_in_words() -> None:
    """After a failed deal (rules 001, Resolution Phase: each main player loses three
    ships), a choice of the wrong number of ships is refused in words: the count once
    ("choose 3 of your ships", not "3..3"), no notation of the engine's, and the status
    line names the question ("you lose ships to the warp")."""
    from cli.commands import command_table, lookup
    from cli.game_ui import CosmicUI
    from engine import cosmic as engine
    from engine.cosmic.scenario import run_scenario

    text = (Path(__file__).parent / "scenarios" / "deal_fails.toml").read_text()
    head, _, rest = text.partition("[[step]]")
    first = rest.partition("[[step]]")[0]
    first = first[:first.index("expect")]
    res = run_scenario(head + "[[step]]" + first + '\n[[step]]\ndo = ["red nodeal"]\n')
    s = res.state
    assert s.step()[0] == "take", s.step()
    table = command_table(s, 0, engine.Knowledge(0))
    said = lookup(table, "ships red.2:1", s, 0)
    assert isinstance(said, str) and "choose 3 of your ships" in said, said
    reason = said.partition(". Closest: ")[0]
    assert ".." not in reason and "sorted" not in said and "location:count" not in said, said
    asked = CosmicUI(engine_rules()).question_words(s.step(), s, 0)
    assert asked == "you lose ships to the warp", asked


def engine_rules():  # type: ignore[no-untyped-def]
    from engine import games
    return games.load(games.DEFAULT)


def test_help_for_a_command_says_what_you_may_type_now() -> None:
    """`help ally` gives the command's form with an example from any game; at a question
    it answers it adds the commands you may type now, in your own colours and counts."""
    r = subprocess.run([str(COSMIC), "play", "--local", "--plain", "--players", "3",
                        "--seed", "help-now"], input="help ally\n1\n" * 400,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    now = re.findall(r"^   You may type now: (ally \w+ \d+(?:, ally \w+ \d+)*)\.$", r.stdout,
                     re.M)
    assert now, r.stdout[-3000:]
    assert all("ally red" not in line for line in now), now  # red is you: not a side


def test_the_questions_in_words_keep_the_status_line_to_one_row() -> None:
    """Every question's words (a card window's moment, a choice of ships in the replay's
    words) leave the status line one row of 80 columns with a command after them, in
    the longest phase a question is asked in: wrapped, the line under it would be the
    prompt's row, and a reader of the last rows would miss the question."""
    from cli.game_ui import QUESTION_WIDTH
    from cli.render import WINDOW_MOMENTS, window_moment

    for name in WINDOW_MOMENTS:
        row = f" YOUR DECISION (resolution: {window_moment(name)}): pass"
        assert len(row) <= 80, row
    row = " YOUR DECISION (resolution: " + "x" * QUESTION_WIDTH + "): ships"
    assert len(row) <= 80, row
