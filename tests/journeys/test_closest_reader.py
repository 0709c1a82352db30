"""The journeys' reader of a refusal (test_play_network.closest, which decide() types
back): the first command listed after "Closest:", read off the rows the client itself
wrapped the refusal on, wherever they break: before another verb, a bare "pass", "and 5
more", or inside a command longer than a row. It read "pass," at a row's end and "play
attack 08" on the next as one command, "pass,play attack 08"; and decide() waited for
"Closest: X" on one row, so seven cards to give on the row under a "Closest:" of its own
went unseen (a LAN journey on a loaded machine failed so)."""

from __future__ import annotations

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from bots import HeuristicBot
from cli.app import ClientApp, LocalSession
from engine import cosmic as engine
from node.local import LocalGame, game_seed
from test_play_network import DECISION, closest

GIVE = "give " + ",".join(["attack 04", "attack 05", "negotiate", "reinforcement+2",
                           "attack 12", "attack 20", "kicker", "morph", "attack 40"])
LISTS = [
    ["pass", "play attack 08", "power 0 red"],
    ["power 0 mind on red", "pass", "play emotion_control red,blue"],
    ["launch blue.5 red.1:2,red.2:1,red.3:1", "decline", "and 12 more"],
    [GIVE, "pass"],  # longer than a row: broken after its commas
    [GIVE, "give attack 04,attack 05", "and 3 more"],
    ["give attack 04,attack 05,attack 06,negotiate,reinforcement+2,attack 12,attack 20",
     "play attack 08"],  # a row of its own
    ["give attack 12,attack 10,force_field,attack 04,attack 10,attack 12,attack 08",
     "and 118 more"],  # a LAN journey's seven cards: "Closest:" ended its row, alone
]


def test_the_first_command_is_read_whole_wherever_the_rows_break() -> None:
    s = game_seed("reader", 0)
    game = LocalGame(engine.Config(3), s, [HeuristicBot(s + bytes([k])) for k in range(3)])
    ended_first = broken = alone = 0
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(game, 0))
        width = app.app.output.get_size().columns
        for typed in range(1, 60):  # the head's length moves where the rows break
            for listed in LISTS:
                app.refused = f"'{'z' * typed}' is not legal now. Closest: " \
                    + ", ".join(listed) + " (now: a test)"
                rows = app._refused_rows()
                screen = "\n".join(["-" * width, *rows, f"-- {DECISION}x: y): pass", "> "])
                assert closest(screen) == listed[0], "\n".join(rows)
                ended_first += any(r.endswith(listed[0].split(" ")[-1] + ",")
                                   and not listed[0].startswith(n.split(" ")[0] + " ")
                                   for r, n in zip(rows, rows[1:]))
                broken += listed[0] == GIVE and not any(GIVE in r for r in rows)
                alone += any(r.endswith("Closest:") for r in rows)
    assert width == 80
    assert ended_first and broken and alone, (ended_first, broken, alone)  # (as misread)
