"""Allies are invited in any order: the game lists two invitees in its own order ("invite
green,blue"), and a person who types them the other way round ("invite blue,green", as
`help invite`'s example reads, or with a space, "invite blue green") invites the same
players. (Both were refused: "'invite blue,green' is not legal now. Closest: ...
invite green,blue".)

The game: `cosmic play --local --players 4`, seed 1: green attacks red, and red, the
defense, is asked first to invite allies: nobody, green, blue, or both."""

from __future__ import annotations

from pathlib import Path

from _journey import COSMIC, answer, cosmic_env, lines_of, plain_game
from _tmux import Terminal

ASKED = "YOUR DECISION (alliance: invite allies)"


def test_invite_in_the_other_order_on_the_full_screen(tmp_path: Path, home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "4", "--seed", "1"]
    with Terminal(play, tmp_path, env=cosmic_env(home), width=100, height=30) as term:
        screen = term.wait_for(ASKED, timeout=60)
        assert "invites" in screen, screen
        term.type("help invite")
        screen = term.wait_for("You may type now:")
        assert "invite green,blue" in screen, screen  # the game's own order
        term.type("invite blue,green")
        screen = term.wait_for("you invite green, blue", timeout=30)
        assert "is not legal now" not in screen, screen
        term.type("quit")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=60)
        assert term.exited() == 0, term.screen(history=True)


def test_invite_with_spaces_in_plain_text(home: Path) -> None:
    proc = plain_game(home, "1", 4)
    seen: list[str] = []
    try:
        for line in lines_of(proc, seen, 60):
            if ASKED in line:
                answer(proc, "invite blue green")
            if "you invite" in line or "is not legal now" in line:
                break
        assert any("you invite green, blue" in line for line in seen), "\n".join(seen[-30:])
    finally:
        answer(proc, "quit", "quit")
        proc.wait(timeout=30)


def test_invite_all(home: Path) -> None:
    """`invite all` invites everyone the game offers (seed 2: blue and yellow), as `help
    invite` says (it was refused: "no player all")."""
    proc = plain_game(home, "2", 4)
    seen: list[str] = []
    try:
        for line in lines_of(proc, seen, 60):
            if ASKED in line:
                answer(proc, "help invite", "invite all")
            if "you invite" in line or "is not legal now" in line:
                break
        said = "\n".join(seen)
        assert "invite all" in said.split("you invite")[0], said  # help names it
        assert "you invite blue, yellow" in said, said
    finally:
        answer(proc, "quit", "quit")
        proc.wait(timeout=30)
