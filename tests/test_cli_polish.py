"""What a player reads at the Gambler's statement and under the Anti-Matter: the card
stated, what accept and decline do there, and that the lower total wins."""

from pathlib import Path

from bots import HeuristicBot
from cli.client import LocalSession, SeatClient, away_words
from cli.commands import HELP, help_now
from engine import cosmic as engine
from cli.render import board_text, describe_event, encounter_totals
from engine.cosmic.scenario import run_scenario
from node.local import LocalGame, game_seed

ALIENS = Path(__file__).parent / "scenarios" / "aliens"


def _until(name: str, last: str) -> str:
    """The scenario `name` played up to and including its command `last`, no checks."""
    text = (ALIENS / name).read_text()
    head = text[:text.index("[[step]]")]
    do = text[text.index("do = [") + 6:text.index("]\n", text.index("do = ["))]
    commands = [c.strip().strip('"') for c in do.replace("\n", " ").split('",')]
    kept = commands[:commands.index(last) + 1]
    return head + "[[step]]\ndo = [" + ", ".join(f'"{c}"' for c in kept) + "]\n"


def test_the_gamblers_statement_names_the_card_and_accept_says_what_it_does() -> None:
    res = run_scenario(_until("gambler_challenged.toml", "red power 0 @attack40"))
    s = res.state
    assert s.step()[0] == "gamble"
    said = [describe_event(s, ev) for _, ev in res.events if ev[0] == "bluff"]
    assert said == ["red keeps its card face down and says it is attack 40"]
    board = board_text(s)
    assert "red says its face-down card is attack 40" in " ".join(board.split())
    assert all(len(row) <= 46 for row in board.splitlines())
    assert "believe" in help_now(s, "accept") and "bluff" in help_now(s, "decline")
    assert help_now(s, "accept") != HELP["accept"]
    # believed, the card stands as stated (the engine's flag): the totals count it
    assert s.enc is not None and str(encounter_totals(s)).startswith("so far")
    s.enc.add_flag(f"stated:0:{s.step()[2]}")
    assert encounter_totals(s) == "totals: offense 44, defense 14", encounter_totals(s)


def test_anti_matter_totals_say_the_lower_total_wins() -> None:
    res = run_scenario(_until("anti_matter.toml", "blue reveal"))
    used = [describe_event(res.state, ev) for _, ev in res.events if ev[0] == "power"]
    assert used and "lower total wins" in used[0], used
    # both cards up, the Anti-Matter's use recorded: the totals line and the board say it
    res = run_scenario(_until("anti_matter.toml", "red reveal"))
    s = res.state
    assert s.enc is not None
    assert "lower" not in describe_event(s, ("totals", 4, 14))
    s.enc.add_flag("anti_matter:0")
    assert "the lower total wins" in describe_event(s, ("totals", 4, 14))


def test_while_another_seat_keeps_its_alien_the_status_names_it() -> None:
    """A --flares game at setup: the decks are dealt (the card source), then each seat
    keeps an alien; while another seat chooses, the status says whom we wait for."""
    s = game_seed("polish-setup", 0)
    g = LocalGame(engine.Config(3, flares=True), s,
                  [HeuristicBot(s + bytes([k])) for k in range(3)])
    client = SeatClient(LocalSession(g, 2))
    seen = []
    for _ in range(40):  # the deal, its card messages, then each seat keeps in turn
        p = g.rules.pending(g.state)
        if p.chance is None and p.seats[:1] == (2,):
            break
        if g.state.phase == "setup" and p.chance is None:
            seen.append(client.waiting_text())
        g.step()
    assert seen, "no seat chose before yellow at setup"
    assert all(t in ("setting up: waiting for red (keep an alien)",
                     "setting up: waiting for blue (keep an alien)") for t in seen), seen


def test_a_player_who_quit_is_told_apart_from_a_silent_one() -> None:
    colors = ("red", "blue", "yellow")
    assert away_words(colors, [], []) == ""
    assert away_words(colors, [1], []) == "; away: blue"
    assert away_words(colors, [0, 1], [0]) == \
        "; red left (cosmic resume brings them back); away: blue"


def test_the_full_screen_answers_map_board_and_hand_in_the_map_game() -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from bots.worlds import HeuristicWorldsBot
    from cli.app import ClientApp
    from engine import games
    rules = games.load("worlds")
    seed = game_seed("polish-map", 0)
    g = LocalGame(rules.config_from(rules.COLOURS[:3], (), {}), seed,
                  [HeuristicWorldsBot(seed + bytes([k])) for k in range(3)], rules=rules)
    while g.state.turns < 2:
        g.step()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))
        for word in ("map", "board", "hand"):
            app.handle_line(word)
            assert not app.refused, (word, app.refused)
    assert app.log[0].startswith("The map and your hand are all shown above")
    assert app.log[-1] == f"Your hand (top right): {app.hand_words()}."
    assert "force" in app.log[-1] or "no cards" in app.log[-1]


def test_every_copy_of_a_playable_card_is_starred_in_the_map_game() -> None:
    """Two force cards of one value are one command: the hand pane stars both."""
    from bots.worlds import HeuristicWorldsBot
    from cli.game_ui import for_rules
    from engine import games
    rules = games.load("worlds")
    ui = for_rules(rules)
    for i in range(6):
        seed = game_seed("polish-copies", i)
        g = LocalGame(rules.config_from(rules.COLOURS[:3], (), {}), seed,
                      [HeuristicWorldsBot(seed + bytes([k])) for k in range(3)], rules=rules)
        for _ in range(400):
            if g.state.outcome is not None:
                break
            s, kn = g.state, g.source.knowledge[0]
            labels = [label for _, label in ui.hand(s, kn, set())]
            twice = [h for h, label in zip(s.hands[0], labels)
                     if labels.count(label) > 1 and label != "a card"]
            if twice:
                marked = ui.hand(s, kn, {twice[0]})
                assert [can for can, label in marked] == [
                    label == labels[s.hands[0].index(twice[0])] for label in labels]
                return
            g.step()
    raise AssertionError("no hand held two copies of a card")


def test_the_map_games_header_says_steps_in_words_and_game_over() -> None:
    from bots.worlds import HeuristicWorldsBot
    from cli.game_ui import for_rules
    from engine import games
    rules = games.load("worlds")
    ui = for_rules(rules)
    seed = game_seed("polish-steps", 0)
    g = LocalGame(rules.config_from(rules.COLOURS[:2], (), {"max_turns": 3}), seed,
                  [HeuristicWorldsBot(seed + bytes([k])) for k in range(2)], rules=rules)
    heads = set()
    while rules.outcome(g.state) is None:
        heads.add(ui.board(g.state, g.source.knowledge[0]).splitlines()[0])
        g.step()
    assert any("(setup: keep a race)" in h for h in heads), heads
    assert not any("_" in h for h in heads), heads
    end = ui.board(g.state, g.source.knowledge[0]).splitlines()[0]
    assert end.startswith(f"Turn {g.state.turns}: game over."), end
    narrow = ui.screen_board(g.state, g.source.knowledge[0], 30).splitlines()[0]
    assert narrow == f"Turn {g.state.turns}: game over.", narrow  # the goal: said at start


def test_the_map_games_board_wraps_between_words_on_the_full_screen() -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from bots.worlds import HeuristicWorldsBot
    from cli.app import ClientApp
    from engine import games
    rules = games.load("worlds")
    seed = game_seed("polish-wrap", 0)
    g = LocalGame(rules.config_from(rules.COLOURS[:4], (), {}), seed,
                  [HeuristicWorldsBot(seed + bytes([k])) for k in range(4)], rules=rules)
    while g.state.turns < 3:
        g.step()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))
        lines = app._board_lines()
        width = 50
        rows = "".join(text for _, text, *_ in app._board(width)).rstrip("\n").split("\n")
    long = [line for line in lines if len(line) > width]
    assert long, "no line wider than the pane"
    assert all(len(row) <= width for row in rows)
    words = {w for line in lines for w in line.split()}
    assert all(w in words for row in rows for w in row.split()), "a word was cut"
    races = [r for r in lines if r.startswith("Races: ")][0].removeprefix("Races: ")
    text = " ".join(rows)
    assert all(entry in text for entry in races.split(", ")), "a race's name was cut"


def test_the_absent_peers_note_is_replaced_not_repeated() -> None:
    from cli.client import AWAY_MARKS
    colors = ("red", "blue", "yellow")
    asked = "YOUR DECISION (planning: planning): select"
    for away, left in (([0, 1], [0]), ([1], []), ([0, 2], [0, 2])):
        status = asked + away_words(colors, away, left)
        assert AWAY_MARKS.sub("", status) == asked, status
