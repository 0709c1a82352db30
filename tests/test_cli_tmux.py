"""The full-screen client in a real terminal (tmux): `cosmic play --local` as a person
plays it, read back from the screen - in 80x24, after resizing, and with NO_COLOR."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from _tmux import Terminal, colour_codes

PLAY = [sys.executable, "-m", "cli.main", "play", "--local", "--players", "3",
        "--seed", "tmux"]
DECISION = "YOUR DECISION ("


def _log(screen: str) -> list[str]:
    """The rows between the rule under the board and the status line."""
    rows = screen.splitlines()
    return [r for r in rows[_rule(rows) + 1:-2] if r]


def _rule(rows: list[str]) -> int:
    """The row of the rule under the board."""
    return next(i for i, r in enumerate(rows) if r.startswith("-- you are ") and r.endswith("-"))


def _board(screen: str) -> list[str]:
    """The rows above the rule (the board beside the hand), blank ones left out."""
    rows = screen.splitlines()
    return [r for r in rows[:_rule(rows)] if r.strip(" |")]


def _status(row: str) -> bool:
    """A status line: what is asked or awaited, the title after it whole or left out
    (a line too long for the terminal drops it, never cuts it)."""
    said, bar, title = row.strip().partition(" | ")
    return bool(said) and (not bar or title == "cosmic - you are red (seed tmux, local)")


def _drawn(screen: str, width: int, height: int) -> bool:
    """Board, hand, log, status and prompt, all drawn for a width x height screen (just
    after a resize the terminal still shows the old frame, cut to the new size)."""
    rows = screen.splitlines()
    return (len(rows) == height and max(len(r) for r in rows) <= width
            and "Traceback" not in screen
            and rows[0].startswith("Turn ") and "col hnd wrp" in screen  # the board
            and "deck " in screen
            and "Your hand (red)" in screen and "* playable now" in screen
            # the rule under the board, across the screen, naming your colour and goal
            and any(r.startswith("-- you are red; ") and len(r) == width and r.endswith("-")
                    for r in rows)
            and _status(rows[-2])  # the status line
            and rows[-1].startswith(">")  # the prompt
            and bool(_log(screen)))


def test_a_local_game_in_a_real_terminal_resized_and_quit(tmp_path: Path) -> None:
    with Terminal(PLAY, tmp_path, width=80, height=24) as term:
        screen = term.wait_for(DECISION)
        assert _drawn(screen, 80, 24), screen
        assert colour_codes(term.screen(escapes=True)), "no colour without NO_COLOR"

        # A refused action: the reason and what is legal, and nothing happens.
        board = _board(term.settled())
        term.type("launch nowhere")
        screen = term.wait_for("'launch nowhere' is not legal now. Closest: ")
        match = re.search(r"Closest: ([^,\n]+)", screen)
        assert match is not None
        first = match.group(1).strip()  # the first legal command, in full
        assert DECISION in screen.splitlines()[-2] and _board(screen) == board

        term.type("say hi")  # chat is for people: a local game has only bots
        term.wait_for("Chat needs other people: this is a game against bots.")

        # help names the commands legal now (and clears the refusal), all of it readable
        # in 80 columns: a long line of the log is wrapped, not cut
        term.type("help")
        screen = term.wait_for(lambda s: "Commands now: " in s and "Chat needs" not in s)
        assert first.split()[0] in screen[screen.index("Commands now: "):]
        assert "'quit' leaves." in screen

        # Tab completion: a prefix opens the menu of legal commands; Tab completes what
        # its entries share, then takes the first; Enter takes it (the menu closes), the
        # next Enter plays it, and the log says what you (red) did.
        before = _log(screen)
        term.type(first[:3], enter=False)
        entry = re.compile(rf"(^|\s){re.escape(first)}(\s|$)")
        term.wait_for(lambda s: any(entry.search(r) for r in s.splitlines()[:-1]))
        term.press("Tab")
        term.wait_for(lambda s: first.startswith(s.splitlines()[-1][2:].rstrip())
                      and len(s.splitlines()[-1].rstrip()) > 5)
        if term.settled().splitlines()[-1].rstrip() != f"> {first}":
            term.press("Tab")
        term.wait_for(lambda s: s.splitlines()[-1].rstrip() == f"> {first}")
        term.press("Enter")
        term.wait_for(lambda s: not any(entry.search(r) for r in s.splitlines()[:-1]))
        term.press("Enter")
        screen = term.wait_for(lambda s: any(
            line.startswith("you ") and line not in before for line in _log(s)))
        assert screen.splitlines()[-1].rstrip() == ">"

        # Larger: everything is redrawn to the new size, and the prompt still answers.
        term.resize(120, 40)
        assert term.info("#{pane_width}x#{pane_height}") == "120x40"
        term.wait_for(lambda s: _drawn(s, 120, 40))
        term.type("stops")
        term.wait_for(lambda s: "Stops (card windows where you are asked):" in s and _drawn(s, 120, 40))

        # And back to 80x24.
        term.resize(80, 24)
        term.wait_for(lambda s: _drawn(s, 80, 24))
        term.type("unstop reveal")
        term.wait_for(lambda s: "unstop reveal: done" in s and _drawn(s, 80, 24))

        term.type("quit")
        term.wait_for("Type 'quit' again")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None)
        everything = term.screen(history=True)
        assert term.exited() == 0, everything
        assert "Game left unfinished." in everything and "Traceback" not in everything


def test_no_color_gives_the_same_screen_without_colours(tmp_path: Path) -> None:
    """NO_COLOR=1: not one colour code, and every character the coloured screen shows."""
    with Terminal(PLAY, tmp_path) as coloured, \
            Terminal(PLAY, tmp_path, env={"NO_COLOR": "1"}) as plain:
        coloured.wait_for(DECISION)
        plain.wait_for(DECISION)
        text = coloured.settled()
        assert plain.settled() == text
        assert _drawn(text, 80, 24), text
        assert colour_codes(coloured.screen(escapes=True))
        assert colour_codes(plain.screen(escapes=True)) == []


WORLDS = [sys.executable, "-m", "cli.main", "play", "--game", "worlds", "--local",
          "--players", "3", "--seed", "tmux"]


def test_the_map_game_in_a_real_terminal(tmp_path: Path) -> None:
    """`cosmic play --game worlds`: the map, your tokens, the players and the races
    beside your hand, in 80x24; '?' lists the legal commands; a bad line is refused and
    changes nothing; a homeworld typed, a race chit taken by Tab completion; quit."""
    with Terminal(WORLDS, tmp_path, width=80, height=24, env={"NO_COLOR": "1"}) as term:
        screen = term.wait_for("YOUR DECISION (setup: home)")
        rows = screen.splitlines()
        assert rows[0].startswith("Turn 0: - (setup: home). Control 20 worlds to win.")
        assert rows[1].split("|")[0].split() == [str(x) for x in range(10)], screen
        assert "Your hand (red)" in rows[0] and "Races: no world explored yet" in screen
        assert max(len(r) for r in rows) <= 80 and "Traceback" not in screen

        term.type("?")  # the legal commands, then what else there is (the log's end)
        term.wait_for("'info RACE|WORLD'; 'say TEXT'; 'quit' leaves.")
        board = _board(term.settled())
        term.type("move Q Z Q 9")
        screen = term.wait_for("'move Q Z Q 9' is not legal now. Closest: home ")
        assert _board(screen)[:12] == board[:12]  # the map: nothing moved
        assert "(setup: home)" in screen.splitlines()[-2]

        term.type("home q")  # worlds in either case
        term.wait_for("you make Q your homeworld")
        term.wait_for("YOUR DECISION (setup: keep a race)")
        term.type("keep ", enter=False)
        term.wait_for(lambda s: len(re.findall(r"keep [a-z-]+", s)) >= 4)  # the menu
        term.press("Tab")
        line = term.wait_for(lambda s: re.match(r"> keep [a-z-]+\s*$",
                                                s.splitlines()[-1]) is not None)
        kept = line.splitlines()[-1].split()[-1]
        term.press("Enter")  # the entry taken, the menu closed; then played
        term.wait_for(lambda s: len(re.findall(r"keep [a-z-]{3,}", s)) == 1)  # the line
        term.press("Enter")
        term.wait_for(lambda s: "YOUR DECISION (" in s.splitlines()[-2]
                      and "(setup:" not in s.splitlines()[-2], timeout=60)  # turn 1 on
        screen = term.wait_for(lambda s: "Races: " in s and re.search(r"\bQ [A-Z][a-z]", s)
                               is not None)  # the homeworld's race, now known
        assert re.search(r"Worlds/tokens/cards: red 1/1/\d+, blue ", screen), screen
        assert re.search(r"Your tokens .*: Q \d+ \(Q:\d+\)", screen), screen
        assert re.search(r"^\* force\d+", screen.split("|", 1)[1], re.M) or "  force" in screen
        term.type(f"info {kept}")
        term.wait_for(lambda s: re.search(r"\((A|1/C|1/T|1/W|1/B|W|R|-)\): ", s) is not None)

        term.type("quit")
        term.wait_for("Type 'quit' again")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None)
        everything = term.screen(history=True)
        assert term.exited() == 0, everything
        assert "Game left unfinished." in everything and "Traceback" not in everything
