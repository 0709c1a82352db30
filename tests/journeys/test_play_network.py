"""`cosmic play` networked, in a real terminal, the way a person lives through it: the
decks are set up, the person decides by typing, peers go quiet and come back, a minute
of silence at a card window passes by itself, the terminal is killed (kill -9), and
`cosmic resume JOURNAL` with nothing else picks the game up again; a bot finishes it,
every journal verifies, and a resume of the finished game says so."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal
from cli.commands import HELP as VERBS  # every command's first word (no card's)

T = TypeVar("T")
DECISION = "YOUR DECISION ("
EARLY = "came just before this question"
CLOSEST = re.compile(r"Closest: (.+?)(?:, | \.\.\.| \(|$)", re.M)


def until(what: str, test: Callable[[], T], timeout: float = 60.0) -> T:
    deadline = time.monotonic() + timeout
    while not (found := test()):
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)
    return found


def processes(needle: str) -> list[int]:
    """Process ids whose command line holds `needle`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if needle.encode() in cmd and int(entry) != os.getpid():
            pids = int(entry)
            try:
                state = Path(f"/proc/{entry}/stat").read_text().split()[2]
            except OSError:
                continue
            if state != "Z":
                found.append(pids)
    return sorted(found)


def bots_of(game: Path) -> list[int]:
    return processes(f"--genesis {game / 'genesis.bin'}")


def status_line(screen: str) -> str:
    """The client's status row: the last one that ends with the window's title ("| cosmic
    - you are red"), else the row above the prompt (a narrow screen drops the title; a
    full 80x24 screen was seen with no prompt row drawn under the status)."""
    lines = [line for line in screen.splitlines() if line.strip()]
    said = [line for line in lines if "| cosmic - you are " in line
            or line.startswith((" YOUR DECISION (", " waiting for ", " game over: "))]
    if said:
        return said[-1]
    return lines[-2] if len(lines) >= 2 else ""


def closest(screen: str) -> str | None:
    """The first legal command a refusal on the screen lists after "Closest:", read across
    the rows it was wrapped on (the client wraps between words, continued rows indented,
    and keeps each listed command whole: a long one, like giving seven cards, gets a row
    of its own)."""
    lines = screen.splitlines()
    for i, line in enumerate(lines):
        if "Closest:" not in line:
            continue
        said = line.strip()
        for nxt in lines[i + 1:]:
            if DECISION in nxt or not nxt.startswith("  ") or not nxt.strip():
                break
            # Only a command longer than a row is broken, after a comma of its list of
            # cards or ships: the row going on then starts with the rest of that list,
            # never with a command's first word (a verb, or "and" of "and 5 more") as a
            # command of its own does (it was read as part of the first when its verb
            # was another: "pass," then "play attack 08" typed "pass,play attack 08").
            first = said.partition("Closest: ")[2]
            nxt = nxt.strip()
            inside = bool(first) and ", " not in first and said.endswith(",") \
                and nxt.split(" ")[0].rstrip(",") not in (*VERBS, "and")
            said += ("" if inside else " ") + nxt
        found = CLOSEST.search(said)
        if found is not None:
            return found.group(1).strip().rstrip(",")
    return None


def decide(term: Terminal) -> str:
    """Answer the open decision with a legal command read off the screen (a refusal
    lists the legal commands closest to what was typed); returns what was typed. A 'zz'
    typed a moment before the question is refused as early; it is typed again (and so if
    the screen stays silent: the answer may have gone with a question the game withdrew
    between two looks at the screen)."""
    screen = ""
    for _ in range(5):
        term.type("zz")  # no command ('?' is help)
        try:  # (read across rows: a command too long to sit beside "Closest:" starts
            # the next row, and "Closest:" alone ends its own: seven cards to give)
            screen = term.wait_for(lambda s: closest(s) is not None
                                   or DECISION not in s or EARLY in s, timeout=8)
        except AssertionError:
            continue
        command = closest(screen)
        if command is not None:
            term.type(command)
            return command
        if DECISION not in screen:
            return ""  # the decision went away meanwhile
        time.sleep(0.3)
    raise AssertionError(f"'zz' went unanswered or was refused as early five times:\n"
                         f"{term.screen()}")


@pytest.mark.heavy  # a long journey: started first
def test_play_kill_resume_finish_and_verify(tmp_path: Path, home: Path) -> None:
    game = tmp_path / "game"
    play = [str(COSMIC), "play", "--players", "3", "--seed", "journey", "--dir", str(game),
            "--patience", "300", "--answer-seconds", "2"]
    env = cosmic_env(home)
    with Terminal(play, tmp_path, env=env) as term:
        screen = term.wait_for(DECISION, timeout=120)
        assert "Traceback" not in screen
        bots = until("two bot nodes",
                     lambda: found if len(found := bots_of(game)) == 2 else [])

        # Quiet peers are marked away within a few heartbeats, without a keypress.
        for pid in bots:
            os.kill(pid, signal.SIGSTOP)
        try:
            term.wait_for(lambda s: "away: blue, yellow" in s, timeout=15)
        finally:
            for pid in bots:
                os.kill(pid, signal.SIGCONT)
        term.wait_for(lambda s: "away:" not in status_line(s), timeout=15)

        # Play along; never answer at a card window: a silent person passes there after
        # --answer-seconds, and the screen moves on to what the game asks next.
        timed_out = made = 0
        deadline = time.monotonic() + 150
        while (made < 6 or not timed_out) and time.monotonic() < deadline:
            screen = term.wait_for(lambda s: DECISION in s or "No answer in 2 s" in s,
                                   timeout=60)
            if "No answer in 2 s: you passed" in screen and not timed_out:
                timed_out = 1
                term.type("help")  # the prompt still answers, and no stale decision
                # The answer is one long line, wrapped; the game may print on under it
                # at once, scrolling its head off the log pane: its first or last words.
                after = term.wait_for(lambda s: "Commands now:" in s or (
                    "'quit' leaves." in s and "game is over" not in s), timeout=10)
                assert "not legal now" not in after
            status = status_line(screen)
            if DECISION in status and "window)" not in status:
                if decide(term):
                    made += 1
            else:
                time.sleep(0.2)
        assert timed_out, "no card window came up (or the minute never passed)"
        assert made >= 6

        # kill -9 of the terminal's cosmic: the bots stay, waiting for us.
        shell = int(term.info("#{pane_pid}"))
        ours = [p for p in processes("play --players 3 --seed journey")
                if Path(f"/proc/{p}/stat").read_text().split()[3] == str(shell)]
        assert len(ours) == 1, ours
        os.kill(ours[0], signal.SIGKILL)
        term.wait_for(lambda s: term.exited() is not None, timeout=15)
    assert len(bots_of(game)) == 2, "the bots left at once"

    # Resume needs nothing but the journal: key, port and bots are found beside it.
    journal = game / "seat-0.journal"
    with Terminal([str(COSMIC), "resume", str(journal)], tmp_path, env=env) as term:
        screen = term.wait_for(DECISION, timeout=120)
        for _ in range(20):  # PageUp scrolls the log back to where the resume began
            if "Resumed from" in screen:
                break
            term.press("PageUp")
            screen = term.settled()
        assert "Resumed from" in screen, screen
        term.press("PageDown", "PageDown", "PageDown", "PageDown")
        assert not (home / "key").exists(), "resume made a key it did not need"
        term.type("quit")
        term.wait_for("Type 'quit' again")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=30)
        assert term.exited() == 0
        # long lines wrap at 80: between words (a row going on is indented), and a path
        # longer than a row by the terminal itself
        said = term.screen(history=True).replace("\n  ", " ").replace("\n", "")
        assert f"Pick it up again with: cosmic resume {journal}" in said

    # A bot finishes the game for us, in plain text.
    done = cosmic("resume", str(journal), "--bot", "--plain", home=home, timeout=240)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    until("the bots to finish", lambda: not bots_of(game), timeout=90)
    journals = [game / f"seat-{k}.journal" for k in range(3)]
    assert len({j.read_bytes() for j in journals}) == 1, "the journals differ"
    # The three are byte for byte the same file: one verification holds for every one.
    v = cosmic("verify", str(journal), home=home)
    assert v.returncode == 0 and f"{journal}: OK" in v.stdout, v.stdout + v.stderr

    again = cosmic("resume", str(journal), home=home, timeout=60)
    assert again.returncode == 0 and "This game is over" in again.stdout, again


def test_bots_leave_when_the_person_is_gone_for_their_patience(tmp_path: Path,
                                                               home: Path) -> None:
    """kill -9 of `cosmic play`: the bots wait --patience seconds, then leave, saying
    how to resume; no process of ours outlives its game for ever."""
    game = tmp_path / "game"
    proc = subprocess.Popen(
        [str(COSMIC), "play", "--plain", "--players", "3", "--seed", "patience", "--dir",
         str(game), "--patience", "2"], env=cosmic_env(home), stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if DECISION in line:
                break
        assert len(bots_of(game)) == 2
        proc.kill()
        proc.wait(timeout=10)
        until("the bots to leave", lambda: not bots_of(game), timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    for seat in (1, 2):
        log = (game / f"seat-{seat}.log").read_text()
        assert "leaving" in log and "cosmic resume" in log, log
